import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Profile } from '../../../../schemas/game-api.ts'
import { envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { ownProfile, userProfile } from '../api.ts'

/** GET profile and profile/refresh: the caller's profile, read afresh from the tables; GET userProfile: another user's (oneself, a downline, or anyone for ADMIN), for support staff's explanations and previews. */
const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const url of ['/profile', '/profile/refresh']) {
    app.get(url, { onRequest: app.gaAuthenticate, schema: { response: envelope(Profile) } }, async (request) => ok(await ownProfile(app.db, callerOf(request))))
  }

  app.get('/userProfile', {
    onRequest: app.gaAuthenticate,
    schema: { querystring: Type.Object({ UserId: Type.String({ minLength: 1, maxLength: 50 }) }), response: envelope(Profile) }
  }, async (request) => ok(await userProfile(app.db, callerOf(request), { userId: request.query.UserId })))
}

export default profileRoutes
