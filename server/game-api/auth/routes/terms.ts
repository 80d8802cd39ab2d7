import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { decideTerms } from '../api.ts'

const TermsState = Type.Object({ termsAccepted: Type.Boolean() })

/** POST terms/accept and terms/disagree: each decision is recorded; disagreeing also ends the session. */
const termsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/terms/accept', { onRequest: app.gaAuthenticate, schema: { response: envelope(TermsState) } }, async (request) => ok(await decideTerms(app.db, callerOf(request), { decision: 'accept' })))

  app.post('/terms/disagree', { onRequest: app.gaAuthenticate, schema: { response: envelope(TermsState) } }, async (request) => ok(await decideTerms(app.db, callerOf(request), { decision: 'disagree' })))
}

export default termsRoutes
