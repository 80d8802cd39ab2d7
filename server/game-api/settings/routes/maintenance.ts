import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { envelope, ok } from '../../lib/envelope.ts'
import { zoneIso } from '../../../../schemas/domain/calendar.ts'
import { maintenanceEnd, settingKeys, writeSetting } from '../../lib/settings-store.ts'
import { caller } from '../../plugins/auth.ts'

const MaintenanceValue = Type.Object({ t: Type.String({ description: "'' when there is no maintenance, else its end (ISO 8601, +08:00)" }) })

/** GET status (the maintenance poll, no sign-in) and PUT maintenance (ADMIN sets or clears the end time). */
const maintenanceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/status', {
    schema: { querystring: Type.Object({ t: Type.Optional(Type.String({ maxLength: 255 })) }), response: envelope(MaintenanceValue) }
  }, async () => {
    const end = await maintenanceEnd(app.db, app.gaNow())
    return ok({ t: end ? zoneIso(end) : '' })
  })

  app.put('/maintenance', {
    onRequest: app.gaRequireAdmin,
    schema: {
      body: Type.Object({
        until: Type.Union([Type.Null(), Type.String({ format: 'date-time' })], { description: 'an ISO 8601 date-time with its offset (e.g. 2030-01-01T12:00:00+08:00) or null' })
      }),
      response: envelope(MaintenanceValue)
    }
  }, async (request) => {
    const user = caller(request)
    const until = request.body.until ? new Date(request.body.until) : null
    await app.db.transaction(async (tx) => {
      await writeSetting(tx, settingKeys.maintenanceUntil, until ? until.toISOString() : '')
      await app.gaAudit(tx, request, { userId: user.userId, action: 'maintenance.set', detail: { until: until ? zoneIso(until) : null } })
    })
    // Read again after the commit: a call between the write and the commit may have kept the old value for this instance.
    const end = await maintenanceEnd(app.db, app.gaNow(), true)
    return ok({ t: end ? zoneIso(end) : '' })
  })
}

export default maintenanceRoutes
