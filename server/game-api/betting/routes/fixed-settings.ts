// Fixed Setting and Fixed Process (Control; seed 001 §7 fixed settings): per user, whether and on which draw days the standing orders
// are placed, and the process that places them as a durable job. ADMIN granted FixedSetting.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { caller } from '../../plugins/auth.ts'
import { FIXED_JOB, fixedStatus, queueFixedJob } from '../jobs/fixed.ts'
import { JobMessageSchema } from '../../jobs/status.ts'
import { assertAdminPermission } from '../../accounts/api.ts'
import type { Game } from '../../../../schemas/domain/calendar.ts'
import { fixedSettings } from '../store/fixed-settings.ts'
import { DAYS } from '../rules/fixed-days.ts'
import { FixedSettingSchema } from '../schemas.ts'

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
  app.addHook('preHandler', async (request) => { await assertAdminPermission(app.db, caller(request), 'FixedSetting') })

  // Every user with a standing order or a setting of this game.
  app.get('/selectFixedSetting', { schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(FixedSettingSchema)) } }, async () => ok(await fixedSettings(app.db, game)))

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
  }, async (request) => {
    const body = request.body as Record<string, unknown> & { UserId: string, Enabled: boolean }
    const { rows: [user] } = await app.db.query('SELECT 1 FROM users WHERE user_id = $1 AND deleted_at IS NULL', [body.UserId])
    if (!user) throw errors.userNotFound(body.UserId)
    const chosen = DAYS.flatMap((d, i) => body[d] === true ? [i] : [])
    if (DAYS.some((d) => body[d] !== undefined) && chosen.length === 0 && body.Enabled) throw errors.fixedNoDay()
    // Every day ticked (or none sent) means every draw the orders' day codes cover.
    const days = chosen.length === DAYS.length ? [] : chosen
    await app.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO fixed_settings (user_id, game, enabled, draw_days, updated_by, updated_at) VALUES ($1, $2, $3, $4::int[], $5, $6)
         ON CONFLICT (user_id, game) DO UPDATE SET enabled = EXCLUDED.enabled, draw_days = EXCLUDED.draw_days, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
        [body.UserId, game, body.Enabled, days, caller(request).userId, app.gaNow()])
      await app.gaAudit(tx, request, { userId: caller(request).userId, action: 'fixedSetting.update', detail: { UserId: body.UserId, Enabled: body.Enabled, DrawDays: days } })
    })
    return ok({ UserId: body.UserId, Enabled: body.Enabled, DrawDays: days })
  })

  app.post('/updateProcessJob', { schema: { body: Type.Optional(Type.Object({ LocId: LocIdField })), response: envelope(Status) } }, async (request) => {
    const user = caller(request)
    const jobId = await queueFixedJob(app.db, game, user.userId, (tx, id) => app.gaAudit(tx, request, { userId: user.userId, action: 'fixed.process', detail: { JobId: id, kind: FIXED_JOB } }))
    app.jobs.wake()
    return ok(await fixedStatus(app.db, game, jobId))
  })

  app.get('/selectProcessJob', { schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Status) } }, async () => ok(await fixedStatus(app.db, game, null)))

  app.get('/selectProcessJob/:id', {
    schema: { params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }), querystring: Type.Object({ LocId: LocIdField }), response: envelope(Status) }
  }, async (request) => ok(await fixedStatus(app.db, game, request.params.id)))
}

export default fixedSettingRoutes
