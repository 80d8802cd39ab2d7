import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { TokenGrant } from '../../../../schemas/game-api.ts'
import { PlainText } from '../../../../schemas/common.ts'
import { CaptchaHeaders, envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { captchaRequired, clearFailures, recordFailure } from '../store/login-failures.ts'
import { dummyPasswordHash, verifyPassword } from '../../lib/secrets.ts'
import { issueToken, revokeToken, tokenIdleSeconds } from '../../lib/tokens.ts'
import { findLogin } from '../../lib/users.ts'
import { caller } from '../../plugins/auth.ts'

/** POST oauth/token (sign-in, captcha after repeated failures) and POST logout. */
const signInRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/oauth/token', {
    schema: {
      headers: CaptchaHeaders,
      body: Type.Object({
        username: PlainText({ minLength: 1, maxLength: 50 }),
        password: PlainText({ minLength: 1, maxLength: 200 }),
        Token: Type.Optional(PlainText({ maxLength: 20 }))
      }),
      response: envelope(TokenGrant)
    }
  }, async (request) => {
    const { username, password, Token } = request.body
    const now = app.gaNow()
    const required = await captchaRequired(app.db, username, request.ip, now)
    // A refused captcha is not a failed password: it is answered before the password is tried and never recorded.
    if (required || Token) {
      if (!await app.gaCaptchas.check(request.headers.token, Token)) throw errors.captchaIncorrect(required)
    }
    const login = await findLogin(app.db, username)
    // An unknown user costs the same scrypt as a known one, so timing tells nothing.
    const valid = await verifyPassword(password, login?.passwordHash ?? await dummyPasswordHash()) && login !== undefined
    if (!valid || !login) {
      const nowRequired = await app.db.transaction(async (tx) => {
        await recordFailure(tx, username, request.ip, now)
        await app.gaAudit(tx, request, { userId: login?.userId ?? null, action: 'login.failed', detail: { reason: login ? 'wrong password' : 'unknown user' } })
        return captchaRequired(tx, username, request.ip, now)
      })
      throw errors.loginFailed(nowRequired)
    }
    // Told only after the right password, so the refusal reveals nothing to someone guessing.
    if (login.suspended) throw errors.userSuspended(login.userId)
    // During maintenance only ADMIN users may sign in (to end it).
    if (login.role !== 'ADMIN') await app.gaAssertNotInMaintenance()
    const token = await app.db.transaction(async (tx) => {
      await clearFailures(tx, username)
      await app.gaAudit(tx, request, { userId: login.userId, action: 'login' })
      return issueToken(tx, login.userId, now)
    })
    return ok({ access_token: token, token_type: 'Bearer' as const, expires_in: tokenIdleSeconds, updatePassword: login.updatePassword })
  })

  app.post('/logout', {
    onRequest: app.gaAuthenticate,
    schema: { response: envelope(Type.Literal(true)) }
  }, async (request) => {
    const user = caller(request)
    await app.db.transaction(async (tx) => {
      await revokeToken(tx, user.tokenHash, app.gaNow())
      await app.gaAudit(tx, request, { userId: user.userId, action: 'logout' })
    })
    return ok(true as const)
  })
}

export default signInRoutes
