import { Type, type TSchema } from 'typebox'
import { Failure, Success } from '../../../schemas/game-api.ts'
import { PlainText } from '../../../schemas/common.ts'

/** Response schemas of a route: the success envelope around data, and the failure envelope for every 4xx and 5xx. */
export function envelope<T extends TSchema> (data: T) {
  return { 200: Success(data), '4xx': Failure, '5xx': Failure }
}

/** The success envelope. */
export function ok<T> (data: T): { success: true, data: T } {
  return { success: true, data }
}

/** LocId as every game endpoint accepts it (query or body); checked against the caller's locations. */
export const LocIdField = Type.Optional(Type.String({ minLength: 1, maxLength: 20 }))

/** The header carrying the x-token of the captcha the user answered. */
export const CaptchaHeaders = Type.Object({ token: Type.Optional(PlainText({ maxLength: 200, description: 'a captcha id without control characters' })) })
