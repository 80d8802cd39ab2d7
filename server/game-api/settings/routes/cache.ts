// POST cache/clear (seed 001 §7 common): an ADMIN asks every cache to drop what it holds. The reference game API reads every answer
// from its store and keeps no answer cache of its own, so its part is the audit record; the service clears its caches on every instance.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { clearCache } from '../api.ts'

/** The clear-cache call. */
const cacheRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/cache/clear', {
    onRequest: app.gaRequireAdmin,
    schema: {
      body: Type.Optional(Type.Object({ LocId: LocIdField })),
      response: envelope(Type.Object({ ClearedAt: Type.String({ description: 'when, ISO 8601 in GMT+8' }), ClearedBy: Type.String() }))
    }
  }, async (request) => ok(await clearCache(app.db, callerOf(request))))
}

export default cacheRoutes
