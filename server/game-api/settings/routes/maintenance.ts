import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { envelope, ok } from '../../lib/envelope.ts'
import { callOf } from '../../lib/caller.ts'
import { callerOf } from '../../plugins/auth.ts'
import { maintenanceStatus, setMaintenance } from '../api.ts'

const MaintenanceValue = Type.Object({ t: Type.String({ description: "'' when there is no maintenance, else its end (ISO 8601, +08:00)" }) })

/** GET status (the maintenance poll, no sign-in) and PUT maintenance (ADMIN sets or clears the end time). */
const maintenanceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/status', {
    schema: { querystring: Type.Object({ t: Type.Optional(Type.String({ maxLength: 255 })) }), response: envelope(MaintenanceValue) }
  }, async (request) => ok(await maintenanceStatus(app.db, callOf(request))))

  app.put('/maintenance', {
    onRequest: app.gaRequireAdmin,
    schema: {
      body: Type.Object({
        until: Type.Union([Type.Null(), Type.String({ format: 'date-time' })], { description: 'an ISO 8601 date-time with its offset (e.g. 2030-01-01T12:00:00+08:00) or null' })
      }),
      response: envelope(MaintenanceValue)
    }
  }, async (request) => ok(await setMaintenance(app.db, callerOf(request), { until: request.body.until })))
}

export default maintenanceRoutes
