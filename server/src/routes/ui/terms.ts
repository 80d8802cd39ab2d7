import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { TermsAnswer, TermsBody } from '../../../../schemas/session.ts'
import { UiError, errors } from '../../errors.ts'

/** POST /ui/terms: agree records acceptance; disagree records the refusal at the game API and ends the session. */
export default async function termsRoutes (fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.post('/ui/terms', {
    schema: { summary: 'Agree to or refuse the terms (refusing signs out)', tags: ['session'], body: TermsBody, response: { 200: TermsAnswer, '4xx': UiError, '5xx': UiError } }
  }, async (request) => {
    const session = app.sessions.read(request)
    if (!session) throw errors.notSignedIn()
    const { agree } = request.body
    await app.gameApi.call({ method: 'POST', path: agree ? '/api/v1/terms/accept' : '/api/v1/terms/disagree', token: session.token, request })
    app.events.emit('terms', { UserId: session.UserId, ip: request.ip, requestId: request.id, agree })
    if (!agree) {
      app.sessions.end(request, 'terms-disagreed')
      return { termsAccepted: false, signedOut: true }
    }
    app.sessions.forget(session.token)
    app.sessions.update(request, { termsAccepted: true })
    return { termsAccepted: true, signedOut: false }
  })
}
