import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Failure } from '../../../../schemas/game-api.ts'
import { brokenPasswordMessages } from '../../../../schemas/domain/password-rules.ts'
import { PlainText } from '../../../../schemas/common.ts'
import { CaptchaHeaders } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/secrets.ts'
import { revokeUserTokens } from '../../lib/tokens.ts'
import { findLogin, passwordHashOf, writePasswordHash } from '../../lib/users.ts'
import { caller } from '../../plugins/auth.ts'

const PasswordUpdated = Type.Object({ success: Type.Literal(true), message: Type.String(), data: Type.Literal(true) })
const responses = { 200: PasswordUpdated, '4xx': Failure, '5xx': Failure }
const Secret = PlainText({ maxLength: 200 })
const updated = { success: true as const, message: 'Password updated.', data: true as const }

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
    if (!await app.gaCaptchas.check(request.headers.token, Token)) throw errors.captchaIncorrect()
    const broken = brokenPasswordMessages(Password1, Password2)
    if (broken.length > 0) throw errors.passwordRules(broken)
    const login = await findLogin(app.db, UserId)
    const valid = await verifyPassword(OldPassword, login?.passwordHash ?? await dummyPasswordHash()) && login !== undefined
    if (!valid || !login) throw errors.loginFailed()
    const hash = await hashPassword(Password1)
    await app.db.transaction(async (tx) => {
      await writePasswordHash(tx, login.userId, hash)
      const revoked = await revokeUserTokens(tx, login.userId, app.gaNow())
      await app.gaAudit(tx, request, { userId: login.userId, action: 'password.update', detail: { forced: login.updatePassword, revokedTokens: revoked } })
    })
    return updated
  })

  app.put('/password', {
    onRequest: app.gaAuthenticate,
    schema: {
      body: Type.Object({ OldPassword: Secret, Password1: Secret, Password2: Secret }),
      response: responses
    }
  }, async (request) => {
    const user = caller(request)
    const { OldPassword, Password1, Password2 } = request.body
    const broken = brokenPasswordMessages(Password1, Password2)
    if (broken.length > 0) throw errors.passwordRules(broken)
    const passwordHash = await passwordHashOf(app.db, user.userId)
    // Signed in, the user is known: say which field is wrong (the forced change keeps Login Failed, it names no user).
    if (passwordHash === undefined || !await verifyPassword(OldPassword, passwordHash)) throw errors.oldPasswordWrong()
    const hash = await hashPassword(Password1)
    await app.db.transaction(async (tx) => {
      await writePasswordHash(tx, user.userId, hash)
      // The session that made the change stays signed in; every other session of the user ends.
      const revoked = await revokeUserTokens(tx, user.userId, app.gaNow(), user.tokenHash)
      await app.gaAudit(tx, request, { userId: user.userId, action: 'password.change', detail: { revokedTokens: revoked } })
    })
    return updated
  })
}

export default passwordRoutes
