import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Failure } from '../../../../schemas/game-api.ts'
import { PlainText } from '../../../../schemas/common.ts'
import { CaptchaHeaders } from '../../lib/envelope.ts'
import { callOf } from '../../lib/caller.ts'
import { callerOf } from '../../plugins/auth.ts'
import { changePassword, updatePassword } from '../api.ts'

const PasswordUpdated = Type.Object({ success: Type.Literal(true), message: Type.String(), data: Type.Literal(true) })
const responses = { 200: PasswordUpdated, '4xx': Failure, '5xx': Failure }
const Secret = PlainText({ maxLength: 200 })

/** PUT update-password (the forced change from the sign-in area, captcha always) and PUT password (signed in). */
const passwordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put('/update-password', {
    schema: {
      headers: CaptchaHeaders,
      body: Type.Object({
        UserId: PlainText({ minLength: 1, maxLength: 50 }),
        OldPassword: Secret,
        Password1: Secret,
        Password2: Secret,
        // Missing or wrong, the answer is the same: Captcha incorrect.
        Token: Type.Optional(PlainText({ maxLength: 20 }))
      }),
      response: responses
    }
  }, async (request) => {
    const { UserId, OldPassword, Password1, Password2, Token } = request.body
    return updatePassword(app.db, callOf(request), { userId: UserId, oldPassword: OldPassword, password1: Password1, password2: Password2, checkCaptcha: () => app.gaCaptchas.check(request.headers.token, Token) })
  })

  app.put('/password', {
    onRequest: app.gaAuthenticate,
    schema: {
      body: Type.Object({ OldPassword: Secret, Password1: Secret, Password2: Secret }),
      response: responses
    }
  }, async (request) => changePassword(app.db, callerOf(request), { oldPassword: request.body.OldPassword, password1: request.body.Password1, password2: request.body.Password2 }))
}

export default passwordRoutes
