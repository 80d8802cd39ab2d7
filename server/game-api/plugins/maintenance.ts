import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { errors } from '../lib/errors.ts'
import { zoneDisplay, zoneIso } from '../../../schemas/domain/calendar.ts'
import { maintenanceEnd } from '../lib/store/settings.ts'

// Calls that keep working during maintenance: the captcha, its pre-check and sign-in (ADMIN only, checked by the route), the status poll, the switch itself, the health check.
const open = new Set(['GET /api/captcha', 'GET /api/captcha/required', 'POST /api/v1/oauth/token', 'GET /api/v1/status', 'PUT /api/v1/maintenance', 'GET /healthz'])

declare module 'fastify' {
  interface FastifyInstance {
    /** Throws the 503 maintenance failure when maintenance is on now. */
    gaAssertNotInMaintenance(): Promise<void>
  }
}

/** The maintenance gate: while the stored end time lies ahead, every other call answers 503 with subCode 8000 and that time. */
async function maintenancePlugin (app: FastifyInstance) {
  app.decorate('gaAssertNotInMaintenance', async function gaAssertNotInMaintenance () {
    const end = await maintenanceEnd(app.db, app.gaNow())
    if (end) throw errors.maintenance(zoneIso(end), zoneDisplay(end))
  })
  app.addHook('onRequest', async (request) => {
    if (open.has(`${request.method} ${request.routeOptions.url ?? ''}`)) return
    await app.gaAssertNotInMaintenance()
  })
}

export default fp(maintenancePlugin, { name: 'game-api-maintenance', dependencies: ['game-api-clock'] })
