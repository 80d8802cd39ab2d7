import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { PasswordAnswer, PasswordBody } from '../../../../schemas/session.ts'
import { UiError, errors, isGameApiFailure } from '../../errors.ts'
import type { GameEnvelope } from '../../plugins/app/game-client.ts'
import type { UiSession } from '../../plugins/app/session.ts'
import { refuseSecretsInQuery } from '../../session/secrets-in-query.ts'
import { keepableUserId } from '../../../../schemas/domain/user-id.ts'

/** POST /ui/password: the forced change from the sign-in area (UserId, captcha) or the signed-in change; the game API's message and rule list pass through. */
export default async function passwordRoutes (fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  const forcedChange = (request: FastifyRequest, body: PasswordBody) => {
    for (const field of ['UserId', 'Token', 'xToken'] as const) if (!body[field]) throw errors.passwordFieldMissing(field)
    return app.gameApi.send<unknown>({
      method: 'PUT',
      path: '/api/v1/update-password',
      form: { UserId: body.UserId, OldPassword: body.OldPassword, Password1: body.Password1, Password2: body.Password2, Token: body.Token },
      headers: { token: body.xToken ?? '' },
      request
    })
  }

  const signedInChange = (request: FastifyRequest, session: UiSession, body: PasswordBody) => app.gameApi.send<unknown>({
    method: 'PUT',
    path: '/api/v1/password',
    token: session.token,
    body: { OldPassword: body.OldPassword, Password1: body.Password1, Password2: body.Password2 },
    request
  })

  // After a signed-in change the game API may revoke the user's tokens: ask it, and end the session when it did.
  const stillSignedIn = async (session: UiSession, requestId: string) => {
    try {
      await app.gameApi.call({ method: 'GET', path: '/api/v1/profile', token: session.token, headers: { 'x-request-id': requestId } })
      return true
    } catch (err) {
      if (err instanceof errors.sessionExpired) return false
      throw err
    }
  }

  app.post('/ui/password', {
    config: { csrf: 'session-or-sign-in' },
    onRequest: refuseSecretsInQuery,
    schema: {
      summary: 'Change the password: forced (not signed in: UserId, OldPassword, Password1, Password2, Token, xToken) or signed in (OldPassword, Password1, Password2)',
      tags: ['session'],
      body: PasswordBody,
      response: { 200: PasswordAnswer, '4xx': UiError, '5xx': UiError }
    }
  }, async (request) => {
    const body = request.body
    const session = app.sessions.read(request)
    // As for a failed sign-in: a typed user id is kept only when it has a user id's shape (it may be a password typed there).
    const typed = body.UserId ?? ''
    const UserId = session?.UserId ?? (keepableUserId(typed) ? typed : '')
    const base = { UserId, ip: request.ip, requestId: request.id, forced: !session }
    let answer: GameEnvelope<unknown>
    try {
      answer = session ? await signedInChange(request, session, body) : await forcedChange(request, body)
    } catch (err) {
      if (isGameApiFailure(err)) {
        app.events.emit('password-changed', { ...base, ok: false, message: err.message })
        if (err.statusCode === 400) throw errors.passwordRejected(err.message).with(err.details ?? {})
      }
      throw err
    }
    const message = answer.body.message ?? 'Password updated.'
    app.events.emit('password-changed', { ...base, ok: true, message })
    if (!session) return { success: true as const, message, signedOut: false }
    app.sessions.forget(session.token)
    const signedIn = await stillSignedIn(session, request.id)
    if (!signedIn) app.sessions.end(request, 'password-changed')
    return { success: true as const, message, signedOut: !signedIn }
  })
}
