import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Location } from '../../../../schemas/game-api.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { availableLocations, locationList } from '../api.ts'

/** GET loc (every location) and GET locIdAvailable (the locations a user may use: oneself, a downline, or anyone for ADMIN). */
const locationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/loc', {
    schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(Location)) }
  }, async (request) => ok(await locationList(app.db, callerOf(request))))

  app.get('/locIdAvailable', {
    schema: {
      querystring: Type.Object({
        UserId: Type.Optional(Type.String({ maxLength: 50 })),
        // Sent by the legacy client; the answer is the same either way.
        IsTop: Type.Optional(Type.String({ maxLength: 10 })),
        LocId: LocIdField
      }),
      response: envelope(Type.Array(Location))
    }
  }, async (request) => ok(await availableLocations(app.db, callerOf(request), { userId: request.query.UserId })))
}

export default locationRoutes
