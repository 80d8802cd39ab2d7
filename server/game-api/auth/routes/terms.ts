import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { envelope, ok } from '../../lib/envelope.ts'
import { revokeToken } from '../../lib/tokens.ts'
import { caller } from '../../plugins/auth.ts'
import { recordTermsDecision } from '../store/terms.ts'

const TermsState = Type.Object({ termsAccepted: Type.Boolean() })

/** POST terms/accept and terms/disagree: each decision is recorded; disagreeing also ends the session. */
const termsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/terms/accept', { onRequest: app.gaAuthenticate, schema: { response: envelope(TermsState) } }, async (request) => {
    const user = caller(request)
    await app.db.transaction(async (tx) => {
      await recordTermsDecision(tx, user.userId, 'accept', app.gaNow())
      await app.gaAudit(tx, request, { userId: user.userId, action: 'terms.accept' })
    })
    return ok({ termsAccepted: true })
  })

  app.post('/terms/disagree', { onRequest: app.gaAuthenticate, schema: { response: envelope(TermsState) } }, async (request) => {
    const user = caller(request)
    await app.db.transaction(async (tx) => {
      await recordTermsDecision(tx, user.userId, 'disagree', app.gaNow())
      await revokeToken(tx, user.tokenHash, app.gaNow())
      await app.gaAudit(tx, request, { userId: user.userId, action: 'terms.disagree' })
    })
    return ok({ termsAccepted: false })
  })
}

export default termsRoutes
