import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Profile, TokenGrant } from '../../../../schemas/game-api.ts'
import { LoginAnswer, LoginBody } from '../../../../schemas/session.ts'
import { UiError, errors, isGameApiFailure } from '../../errors.ts'
import { detectMobile } from '../../session/mobile.ts'
import { refuseSecretsInQuery } from '../../session/secrets-in-query.ts'
import { keepableUserId } from '../../../../schemas/domain/user-id.ts'

/** Sign-in limits (decided): per client address 10 attempts a minute, per user id 5 a minute; the game API's captcha rule still applies below them. */
export const LOGIN_LIMITS = { perAddress: 10, perUserId: 5, windowMs: 60_000 } as const

/** POST /ui/login: signs in at the game API and keeps its token in the encrypted session cookie. */
export default async function loginRoutes (fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const byAddress = app.createRateLimit({ max: LOGIN_LIMITS.perAddress, timeWindow: LOGIN_LIMITS.windowMs, keyGenerator: (r) => `login-ip:${r.ip}` })
  const byUserId = app.createRateLimit({ max: LOGIN_LIMITS.perUserId, timeWindow: LOGIN_LIMITS.windowMs, keyGenerator: (r) => `login-user:${(r.body as LoginBody).UserId.trim().toLowerCase()}` })

  const limit = async (request: FastifyRequest) => {
    for (const [check, what] of [[byAddress, 'address'], [byUserId, 'user id']] as const) {
      const result = await check(request)
      if (!result.isAllowed && result.isExceeded) {
        const seconds = Math.max(1, result.ttlInSeconds)
        throw errors.loginRateLimited(what, seconds).with({}, { 'retry-after': String(seconds) })
      }
    }
  }

  app.post('/ui/login', {
    config: { csrf: 'sign-in' },
    onRequest: refuseSecretsInQuery,
    preHandler: limit,
    schema: {
      summary: 'Sign in: the game API token stays in the HttpOnly session cookie; the answer carries the CSRF token',
      tags: ['session'],
      body: LoginBody,
      response: { 200: LoginAnswer, '4xx': UiError, '5xx': UiError }
    }
  }, async (request) => {
    const { UserId, Password, Token, xToken } = request.body
    const base = { UserId, ip: request.ip, requestId: request.id }
    let grant: TokenGrant
    try {
      grant = await app.gameApi.call<TokenGrant>({
        method: 'POST',
        path: '/api/v1/oauth/token',
        form: { username: UserId, password: Password, Token },
        headers: xToken ? { token: xToken } : {},
        request
      })
    } catch (err) {
      if (isGameApiFailure(err)) {
        // A password typed into the user id field must not be kept: only a name shaped as a user id is recorded.
        app.events.emit('login-failed', { ...base, UserId: keepableUserId(UserId) ? UserId : '', message: err.message, captchaRequired: err.details?.captchaRequired === true, status: err.statusCode })
        if (err.statusCode === 400) throw errors.loginFailed(err.message).with({ captchaRequired: err.details?.captchaRequired === true, ...(err.details?.gameApiCode ? { gameApiCode: err.details.gameApiCode } : {}) })
      }
      throw err
    }
    // No profile, no session (e.g. maintenance lets ADMIN take a token but not read a profile): the token is given back.
    const profile = await app.gameApi.call<Profile>({ method: 'GET', path: '/api/v1/profile', token: grant.access_token, request })
      .catch(async (err: unknown) => { await revoke(app, grant.access_token, request.id); throw err })
    const previous = app.sessions.read(request)
    if (previous) {
      app.sessions.forget(previous.token)
      if (previous.token !== grant.access_token) await revoke(app, previous.token, request.id)
    }
    const updatePassword = grant.updatePassword || profile.updatePassword
    const answer = { updatePassword, termsAccepted: profile.termsAccepted, LocId: profile.Loc.LocId, csrfToken: '' }
    app.events.emit('login', { ...base, UserId: profile.UserId, LocId: profile.Loc.LocId, updatePassword, termsAccepted: profile.termsAccepted })
    if (updatePassword) {
      // The user must change the password from the sign-in area first: no session is kept, the token is given back.
      if (previous) app.sessions.end(request, 'user')
      await revoke(app, grant.access_token, request.id)
      return answer
    }
    const session = app.sessions.start(request, {
      token: grant.access_token,
      UserId: profile.UserId,
      Role: profile.Role,
      LocId: profile.Loc.LocId,
      mobile: detectMobile(request.headers),
      termsAccepted: profile.termsAccepted
    })
    return { ...answer, csrfToken: session.csrf }
  })
}

/** Revokes a game API token; a token already dead is fine. */
async function revoke (app: FastifyInstance, token: string, requestId: string) {
  await app.gameApi.call({ method: 'POST', path: '/api/v1/logout', token, headers: { 'x-request-id': requestId } }).catch(() => {})
}
