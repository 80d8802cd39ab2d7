import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Profile } from '../../../schemas/game-api.ts'
import { envelope, ok } from '../lib/envelope.ts'
import { errors } from '../lib/errors.ts'
import { loadProfile } from '../lib/users.ts'
import { caller } from '../plugins/auth.ts'

/** GET profile and profile/refresh: the caller's profile, read afresh from the tables. */
const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const url of ['/profile', '/profile/refresh']) {
    app.get(url, { onRequest: app.gaAuthenticate, schema: { response: envelope(Profile) } }, async (request) => {
      const user = caller(request)
      const profile = await loadProfile(app.db, user.userId)
      if (!profile) throw errors.sessionExpired()
      return ok(profile)
    })
  }
}

export default profileRoutes
