import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Profile } from '../../../../schemas/game-api.ts'
import { envelope, ok } from '../../lib/envelope.ts'
import { errors } from '../../lib/errors.ts'
import { loadProfile } from '../../lib/store/users.ts'
import { caller } from '../../plugins/auth.ts'
import { assertSelfOrDownline } from '../../lib/downline-access.ts'

/** GET profile and profile/refresh: the caller's profile, read afresh from the tables; GET userProfile: another user's (oneself, a downline, or anyone for ADMIN), for support staff's explanations and previews. */
const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const url of ['/profile', '/profile/refresh']) {
    app.get(url, { onRequest: app.gaAuthenticate, schema: { response: envelope(Profile) } }, async (request) => {
      const user = caller(request)
      const profile = await loadProfile(app.db, user.userId)
      if (!profile) throw errors.sessionExpired()
      return ok(profile)
    })
  }

  app.get('/userProfile', {
    onRequest: app.gaAuthenticate,
    schema: { querystring: Type.Object({ UserId: Type.String({ minLength: 1, maxLength: 50 }) }), response: envelope(Profile) }
  }, async (request) => {
    const target = request.query.UserId
    await assertSelfOrDownline(app.db, caller(request), target)
    const profile = await loadProfile(app.db, target)
    if (!profile) throw errors.userNotFound(target)
    return ok(profile)
  })
}

export default profileRoutes
