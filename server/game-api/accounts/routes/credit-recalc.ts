// POST relcalCredit starts the credit recalculation of a subtree (ADMIN); GET relcalCredit/{id}/status polls it with every correction made.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { JobMessageSchema } from '../../jobs/status.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { creditRecalcRuns, creditRecalcStatus, startCreditRecalc } from '../api.ts'

const Status = Type.Object({
  JobId: Type.Integer(),
  Status: Type.String(),
  Progress: Type.Integer({ minimum: 0, maximum: 100 }),
  ...JobMessageSchema,
  Corrections: Type.Array(Type.Object({ UserId: Type.String(), From: Type.Number(), To: Type.Number() }))
})

const Run = Type.Object({ JobId: Type.Integer(), UserId: Type.Union([Type.String(), Type.Null()]), Root: Type.String(), Status: Type.String(), Message: Type.String(), Corrections: Type.Integer(), CreatedDate: Type.String() })

/** The credit recalculation calls. */
const creditRecalcRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/relcalCredit', {
    schema: { body: Type.Optional(Type.Object({ LocId: LocIdField, UserId: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'the subtree\'s root (default: the caller\'s account, the company for a staff admin)' })) })), response: envelope(Type.Object({ JobId: Type.Integer() })) }
  }, async (request) => {
    const started = await startCreditRecalc(app.db, callerOf(request), { userId: request.body?.UserId })
    app.jobs.wake()
    return ok(started)
  })

  // The runs, newest first: who started each, its subtree, state and how many corrections it made.
  app.get('/relcalCredit', {
    schema: { querystring: Type.Object({ LocId: LocIdField, limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, description: 'how many runs (default 50)' })) }), response: envelope(Type.Array(Run)) }
  }, async (request) => ok(await creditRecalcRuns(app.db, callerOf(request), { limit: request.query.limit })))

  app.get('/relcalCredit/:id/status', {
    schema: { params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(Status) }
  }, async (request) => ok(await creditRecalcStatus(app.db, callerOf(request), { jobId: request.params.id })))
}

export default creditRecalcRoutes
