// POST outsettingProcess1 starts the job that throws every excess of a draw out to a distributor, outsettingProcess2 the one that throws it by the
// distributors' rules; GET outsettingProcess1/{id}/status and outsettingProcess2/{id}/status poll them.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/game/index.ts'
import { JobMessageSchema, findJob } from '../../jobs/status.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { caller, callerOf } from '../../plugins/auth.ts'
import { assertOutSet } from '../store/out-set.ts'
import { outsetErrors } from '../errors.ts'
import { OUTSET_PROCESS_JOB } from '../jobs/process.ts'
import { OUTSET_PROCESS2_JOB } from '../jobs/rules.ts'
import { startOutsetProcess, startOutsetProcess2 } from '../api.ts'

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 })
const Status = Type.Object({ JobId: Type.Integer(), Status: Type.String(), Progress: Type.Integer({ minimum: 0, maximum: 100 }), ...JobMessageSchema })

/** The Out Setting 2 processing calls (the caller's own level; a staff admin's: the company's). */
const processRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.addHook('preHandler', async (request) => { await assertOutSet(app.db, caller(request)) })

  app.post('/outsettingProcess1', {
    schema: { body: Type.Object({ DrawId: Type.Optional(Id), DistributorId: Id, LocId: LocIdField }), response: envelope(Type.Object({ JobId: Type.Integer() })) }
  }, async (request) => {
    const jobId = await startOutsetProcess(app.db, callerOf(request), { game, drawId: request.body.DrawId, distributorId: request.body.DistributorId })
    app.jobs.wake()
    return ok({ JobId: jobId })
  })

  const status = (kind: string, missing: (id: number) => Error) => async (request: { params: { id: number } }, userId: string) => {
    const job = await findJob(app.db, { kind, jobId: request.params.id, userId })
    if (!job) throw missing(request.params.id)
    return ok(job)
  }
  const StatusSchema = { params: Type.Object({ id: Id }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(Status) }
  app.get('/outsettingProcess1/:id/status', { schema: StatusSchema }, async (request) => status(OUTSET_PROCESS_JOB, outsetErrors.jobNotFound)(request, caller(request).userId))
  app.get('/outsettingProcess2/:id/status', { schema: StatusSchema }, async (request) => status(OUTSET_PROCESS2_JOB, outsetErrors.process2JobNotFound)(request, caller(request).userId))

  // Every rule of the distributors the level may use (its own and those shared with it), in priority order.
  app.post('/outsettingProcess2', {
    schema: { body: Type.Object({ DrawId: Type.Optional(Id), LocId: LocIdField }), response: envelope(Type.Object({ JobId: Type.Integer() })) }
  }, async (request) => {
    const jobId = await startOutsetProcess2(app.db, callerOf(request), { game, drawId: request.body.DrawId })
    app.jobs.wake()
    return ok({ JobId: jobId })
  })
}

export default processRoutes
