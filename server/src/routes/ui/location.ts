import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { LocationAnswer, LocationBody } from '../../../../schemas/session.ts'
import { UiError, errors } from '../../errors.ts'
import { gameOf } from '../../session/location.ts'

/** PUT /ui/session/location: switches the current location, only to one the game API says the user may use. */
export default async function locationRoutes (fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.put('/ui/session/location', {
    schema: { summary: 'Change the current location (one of the user\'s locations)', tags: ['session'], body: LocationBody, response: { 200: LocationAnswer, '4xx': UiError, '5xx': UiError } }
  }, async (request) => {
    const session = app.sessions.read(request)
    if (!session) throw errors.notSignedIn()
    const { LocId } = request.body
    // Read afresh: a location taken away in the last seconds must not be accepted from the cache.
    app.sessions.forget(session.token)
    const locations = await app.userContext.freshLocations(request, session)
    const location = locations.find((l) => l.LocId === LocId)
    if (!location) throw errors.locationNotAllowed(LocId, locations.map((l) => l.LocId).join(', ') || '(none)')
    app.sessions.update(request, { LocId: location.LocId })
    return { location, game: gameOf(location) }
  })
}
