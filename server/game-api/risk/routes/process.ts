// POST outsettingProcess1 starts the job that throws every excess of a draw out to a distributor, outsettingProcess2 the one that throws it by the
// distributors' rules; GET outsettingProcess1/{id}/status and outsettingProcess2/{id}/status poll them.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Game } from '../../../../schemas/game/index.ts'
import { JobMessageSchema } from '../../jobs/status.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { startOutsetProcess, startOutsetProcess2 } from '../api.ts'
import { outsetProcessStatus } from '../api-out-setting2.ts'

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 })
const Status = Type.Object({ JobId: Type.Integer(), Status: Type.String(), Progress: Type.Integer({ minimum: 0, maximum: 100 }), ...JobMessageSchema })

/** The Out Setting 2 processing calls (the caller's own level; a staff admin's: the company's). */
const processRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  // Each use case checks OutSet first, as the menu's OutSet rule does.
  app.post('/outsettingProcess1', {
    schema: { body: Type.Object({ DrawId: Type.Optional(Id), DistributorId: Id, LocId: LocIdField }), response: envelope(Type.Object({ JobId: Type.Integer() })) }
  }, async (request) => {
    const jobId = await startOutsetProcess(app.db, callerOf(request), { game, drawId: request.body.DrawId, distributorId: request.body.DistributorId })
    app.jobs.wake()
    return ok({ JobId: jobId })
  })

  const StatusSchema = { params: Type.Object({ id: Id }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(Status) }
  for (const process of [1, 2] as const) {
    app.get(`/outsettingProcess${process}/:id/status`, { schema: StatusSchema }, async (request) => ok(await outsetProcessStatus(app.db, callerOf(request), { process, jobId: request.params.id })))
  }

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
