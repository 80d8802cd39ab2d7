import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { TokenGrant } from '../../../../schemas/game-api.ts'
import { PlainText } from '../../../../schemas/common.ts'
import { CaptchaHeaders, envelope, ok } from '../../lib/envelope.ts'
import { callOf } from '../../lib/caller.ts'
import { callerOf } from '../../plugins/auth.ts'
import { signIn, signOut } from '../api.ts'

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
    // A captcha answer is checked even when none is required yet; a refused one is answered before the password is tried.
    return ok(await signIn(app.db, callOf(request), { username, password, captchaAnswered: Boolean(Token), checkCaptcha: () => app.gaCaptchas.check(request.headers.token, Token), assertNotInMaintenance: () => app.gaAssertNotInMaintenance() }))
  })

  app.post('/logout', {
    onRequest: app.gaAuthenticate,
    schema: { response: envelope(Type.Literal(true)) }
  }, async (request) => ok(await signOut(app.db, callerOf(request))))
}

export default signInRoutes
