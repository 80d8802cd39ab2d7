// POST relcalCredit starts the credit recalculation of a subtree (ADMIN); GET relcalCredit/{id}/status polls it with every correction made.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { enqueueJob } from '../../jobs/runner.ts'
import { JobMessageSchema, findJob } from '../../jobs/status.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { caller } from '../../plugins/auth.ts'
import { subjectOf } from '../../lib/downline-access.ts'
import { CREDIT_RECALC_JOB, type CreditRecalcPayload } from '../jobs/credit-recalc.ts'
import { correctionsOf, recalcRuns } from '../store/credit-recalc-runs.ts'

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
    const user = caller(request)
    if (user.role !== 'ADMIN') throw errors.adminOnly()
    const root = await subjectOf(app.db, user, request.body?.UserId)
    const payload: CreditRecalcPayload = { root }
    const jobId = await app.db.transaction(async (tx) => {
      const id = await enqueueJob(tx, { kind: CREDIT_RECALC_JOB, userId: user.userId, payload, maxAttempts: 3 })
      await app.gaAudit(tx, request, { userId: user.userId, action: 'credit.recalc.start', detail: { JobId: id, root } })
      return id
    })
    app.jobs.wake()
    return ok({ JobId: jobId })
  })

  // The runs, newest first: who started each, its subtree, state and how many corrections it made.
  app.get('/relcalCredit', {
    schema: { querystring: Type.Object({ LocId: LocIdField, limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, description: 'how many runs (default 50)' })) }), response: envelope(Type.Array(Run)) }
  }, async (request) => {
    if (caller(request).role !== 'ADMIN') throw errors.adminOnly()
    return ok(await recalcRuns(app.db, CREDIT_RECALC_JOB, request.query.limit ?? 50))
  })

  app.get('/relcalCredit/:id/status', {
    schema: { params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(Status) }
  }, async (request) => {
    const user = caller(request)
    if (user.role !== 'ADMIN') throw errors.adminOnly()
    const job = await findJob(app.db, { kind: CREDIT_RECALC_JOB, jobId: request.params.id })
    if (!job) throw errors.recalcJobNotFound(request.params.id)
    return ok({ ...job, Corrections: await correctionsOf(app.db, job.JobId) })
  })
}

export default creditRecalcRoutes
