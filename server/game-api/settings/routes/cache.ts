// POST cache/clear (seed 001 §7 common): an ADMIN asks every cache to drop what it holds. The reference game API reads every answer
// from its store and keeps no answer cache of its own, so its part is the audit record; the service clears its caches on every instance.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { zoneIso } from '../../../../schemas/domain/calendar.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { caller } from '../../plugins/auth.ts'

/** The clear-cache call. */
const cacheRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/cache/clear', {
    onRequest: app.gaRequireAdmin,
    schema: {
      body: Type.Optional(Type.Object({ LocId: LocIdField })),
      response: envelope(Type.Object({ ClearedAt: Type.String({ description: 'when, ISO 8601 in GMT+8' }), ClearedBy: Type.String() }))
    }
  }, async (request) => {
    const user = caller(request)
    const now = app.gaNow()
    await app.db.transaction((tx) => app.gaAudit(tx, request, { userId: user.userId, action: 'cache.clear' }))
    return ok({ ClearedAt: zoneIso(now), ClearedBy: user.userId })
  })
}

export default cacheRoutes
