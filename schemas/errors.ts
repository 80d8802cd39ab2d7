import { Type, type Static } from 'typebox'

// The error answers of the service's /ui and /api/v1 surface, as the browser reads them.

/** The body of every error the service answers: @fastify/error's fields, plus what a game API failure carries through (reasons, maintenance, captcha). */
export const ErrorBody = Type.Object({
  statusCode: Type.Optional(Type.Integer({ description: 'the HTTP status, repeated' })),
  code: Type.Optional(Type.String({ description: 'a stable UI_* code (GA_* when the game API answered through the proxy)' })),
  params: Type.Optional(Type.Array(Type.String(), { description: 'the values the message is made of, in order' })),
  gameApiCode: Type.Optional(Type.String({ description: 'the GA_* code of a failure the service passed on' })),
  error: Type.Optional(Type.String({ description: 'the HTTP status text' })),
  message: Type.String({ description: 'for people: what went wrong and how to fix it' }),
  data: Type.Optional(Type.Array(Type.String(), { description: 'a list of reasons (a refused new password)' })),
  captchaRequired: Type.Optional(Type.Boolean({ description: 'the next sign-in needs the captcha' })),
  subCode: Type.Optional(Type.Integer({ description: '8000 during maintenance' })),
  t: Type.Optional(Type.String({ description: 'the end of the maintenance' }))
})
export type ErrorBody = Static<typeof ErrorBody>

/** POST /ui/login failure: the error body; captchaRequired (or the message) turns the captcha on. */
export const LoginFailure = ErrorBody
export type LoginFailure = ErrorBody
