import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Location } from '../../../../schemas/game-api.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { allLocations, findRole, isAncestor, userLocations } from '../../lib/store/users.ts'
import { caller } from '../../plugins/auth.ts'

/** GET loc (every location) and GET locIdAvailable (the locations a user may use: oneself, a downline, or anyone for ADMIN). */
const locationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/loc', {
    schema: { querystring: Type.Object({ LocId: LocIdField }), response: envelope(Type.Array(Location)) }
  }, async () => ok(await allLocations(app.db)))

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
  }, async (request) => {
    const user = caller(request)
    const target = request.query.UserId || user.userId
    if (target !== user.userId) {
      const allowed = user.role === 'ADMIN' || await isAncestor(app.db, user.userId, target)
      if (!allowed) throw errors.notYourDownline(target)
      if (!await findRole(app.db, target)) throw errors.userNotFound(target)
    }
    return ok(await userLocations(app.db, target))
  })
}

export default locationRoutes
