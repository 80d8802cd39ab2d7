// Fixed Setting and Fixed Process (Control; seed 001 §7 fixed settings): per user, whether and on which draw days the standing orders
// are placed, and the process that places them as a durable job. ADMIN granted FixedSetting.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { JobMessageSchema } from '../../jobs/status.ts'
import type { Game } from '../../../../schemas/domain/calendar.ts'
import { DAYS } from '../rules/fixed-days.ts'
import { FixedSettingSchema } from '../schemas.ts'
import { fixedProcessOf, fixedSettingsOf, startFixedProcess, updateFixedSetting } from '../api.ts'

const Status = Type.Object({
  JobId: Type.Union([Type.Integer(), Type.Null()]),
  Status: Type.String(),
  Progress: Type.Integer(),
  ...JobMessageSchema,
  Placed: Type.Integer(),
  Failed: Type.Array(Type.Object({ FixedId: Type.Integer(), UserId: Type.String(), DrawId: Type.Integer(), ...JobMessageSchema }))
})

/** The fixed setting and process calls of the prefix's game. */
const fixedSettingRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  app.addHook('onRequest', app.gaRequireAdmin)

  // Every user with a standing order or a setting of this game.
  app.get('/selectFixedSetting', { schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(FixedSettingSchema)) } }, async (request) => ok(await fixedSettingsOf(app.db, callerOf(request), { game })))

  app.put('/updateFixedSetting', {
    schema: {
      body: Type.Object({
        UserId: Type.String({ minLength: 1, maxLength: 50 }),
        Enabled: Type.Boolean(),
        ...Object.fromEntries(DAYS.map((d) => [d, Type.Optional(Type.Boolean())])) as Record<typeof DAYS[number], ReturnType<typeof Type.Optional<ReturnType<typeof Type.Boolean>>>>,
        LocId: LocIdField
      }),
      response: envelope(Type.Object({ UserId: Type.String(), Enabled: Type.Boolean(), DrawDays: Type.Array(Type.Integer()) }))
    }
  }, async (request) => ok(await updateFixedSetting(app.db, callerOf(request), { game, body: request.body as Record<string, unknown> & { UserId: string, Enabled: boolean } })))

  app.post('/updateProcessJob', { schema: { body: Type.Optional(Type.Object({ LocId: LocIdField })), response: envelope(Status) } }, async (request) => {
    const status = await startFixedProcess(app.db, callerOf(request), { game })
    // The job runs on this instance's runner at once rather than at its next poll.
    app.jobs.wake()
    return ok(status)
  })

  app.get('/selectProcessJob', { schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Status) } }, async (request) => ok(await fixedProcessOf(app.db, callerOf(request), { game, jobId: null })))

  app.get('/selectProcessJob/:id', {
    schema: { params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(Status) }
  }, async (request) => ok(await fixedProcessOf(app.db, callerOf(request), { game, jobId: request.params.id })))
}

export default fixedSettingRoutes
