import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Done } from '../../../../schemas/session.ts'
import { UiError, errors } from '../../errors.ts'

/** POST /ui/logout: revokes the game API token and clears the session cookie. */
export default async function logoutRoutes (fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.post('/ui/logout', {
    schema: { summary: 'Sign out: the game API token is revoked and the session cookie cleared', tags: ['session'], response: { 200: Done, '4xx': UiError, '5xx': UiError } }
  }, async (request) => {
    const session = app.sessions.read(request)
    if (!session) throw errors.notSignedIn()
    // The session ends here whatever the game API answers (an expired token is already signed out there).
    await app.gameApi.call({ method: 'POST', path: '/api/v1/logout', token: session.token, headers: { 'x-request-id': request.id, 'x-forwarded-for': request.ip } }).catch((err: unknown) => {
      request.log.info({ err: (err as Error).message }, 'game API logout failed; the session ends anyway')
    })
    app.sessions.end(request, 'user')
    return { success: true as const }
  })
}
