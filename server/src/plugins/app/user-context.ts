import fp from 'fastify-plugin'
import { Type, type TSchema } from 'typebox'
import { Value } from 'typebox/value'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { CurrencyAnswer, Location, Profile, ServerSettings, SmsSettings } from '../../../../schemas/game-api.ts'
import { errors } from '../../errors.ts'
import { gameOf, pickLocation } from '../../session/location.ts'
import type { UiSession } from './session.ts'
import type { ReadScope } from '../../caches/session-reads.ts'
import type { GamePrefix } from '../../../../schemas/domain/calendar.ts'

/** The game API facts about the signed-in user that the shell, the menu and the page gate need. */
export interface UserContext {
  profile: Profile
  /** The locations the user may use, in the game API's order. */
  locations: Location[]
  /** The current location (the stored one, or the first allowed when the stored one is no longer allowed). */
  location: Location
  game: GamePrefix
  settings: ServerSettings
  /** When settings were read from the game API (ms since epoch), to keep the server clock live. */
  settingsReadAt: number
  sms: SmsSettings
  /** The ISO 4217 code money is shown in (getCurrencyCode). */
  currency: string
}

/** Loads the user's context, its reads kept by the cache owner (app.caches.reads, USER_CONTEXT_TTL_S). */
export interface UserContexts {
  /** With fresh, a profile a mutating call may have changed is read again first (the shell shows its credit); the gates take the cached one. While the session previews another user, that user's context (read with the session's own token). */
  load: (request: FastifyRequest, session: UiSession, options?: { fresh?: boolean }) => Promise<UserContext>
  /** The signed-in user's own context, even while previewing another user. */
  own: (request: FastifyRequest, session: UiSession, options?: { fresh?: boolean }) => Promise<UserContext>
  /** The locations the user may use, read afresh from the game API. */
  freshLocations: (request: FastifyRequest, session: UiSession) => Promise<Location[]>
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The signed-in user's profile, locations, settings and SMS settings, cached per session and location. */
    userContext: UserContexts
  }
}

const LocationList = Type.Array(Location)
const SmsAnswer = Type.Object({ qResults: SmsSettings })

/** Checks a game API answer against the contract schema; a mismatch is the game API's fault, named with its path. */
function checked<T> (schema: TSchema, value: unknown, path: string): T {
  if (!Value.Check(schema, value)) {
    const first = [...Value.Errors(schema, value)][0]
    throw errors.gameApiBrokeContract(path, `${first?.instancePath || '/'} ${first?.message ?? ''}`)
  }
  return value as T
}

/** The game API reads behind GET /ui/session and every gate, kept per session and location by the cache owner (app.caches.reads). */
async function userContext (app: FastifyInstance) {
  const { reads } = app.caches
  const scopeOf = (session: UiSession): ReadScope => ({ tokenKey: app.caches.tokenKey(session.token), userId: session.UserId })

  /** The locations a user may use, read with the session's token (the user's own, or a previewed user's). */
  const readLocations = async (request: FastifyRequest, session: UiSession, userId: string) => {
    const path = '/api/v1/4d/locIdAvailable'
    return checked<Location[]>(LocationList, await app.gameApi.call({ method: 'GET', path, token: session.token, query: { UserId: userId }, request }), path)
  }

  /** What a location decides (settings, SMS settings, currency), kept under the scope and location; the rest of the context is the caller's. */
  const readLocationFacts = async (request: FastifyRequest, session: UiSession, scope: ReadScope, profile: Profile, locations: Location[], location: Location): Promise<UserContext> => {
    const game = gameOf(location)
    const query = { LocId: location.LocId }
    const at = { ...scope, locId: location.LocId }
    const [settings, sms, currency] = await Promise.all([
      reads.cached(at, 'settings', async () => {
        const path = `/api/v1/${game}/settings`
        const data = checked<ServerSettings>(ServerSettings, await app.gameApi.call({ method: 'GET', path, token: session.token, query, request }), path)
        return { data, readAt: Date.now() }
      }),
      reads.cached(at, 'sms', async () => {
        const path = `/api/v1/${game}/smsSetting`
        return checked<{ qResults: SmsSettings }>(SmsAnswer, await app.gameApi.call({ method: 'GET', path, token: session.token, query, request }), path).qResults
      }),
      reads.cached(at, 'currency', async () => {
        const path = `/api/v1/${game}/getCurrencyCode`
        return checked<CurrencyAnswer>(CurrencyAnswer, await app.gameApi.call({ method: 'GET', path, token: session.token, query, request }), path).CurrencyCode
      })
    ])
    return { profile, locations, location, game, settings: settings.data, settingsReadAt: settings.readAt, sms, currency }
  }

  const own = async (request: FastifyRequest, session: UiSession, { fresh = false } = {}): Promise<UserContext> => {
    const scope = scopeOf(session)
    if (fresh) reads.takeStaleProfile(scope, 'profile')
    try {
      return await loadShared(request, session, scope)
    } catch (err) {
      // A shared read found the session over: this request's session ends too, not only the one that made the call.
      app.gameApi.shared(request, err)
      throw err
    }
  }

  /** Another user's context for a preview: their profile and locations, the previewed location's settings, all read with the supporter's token. */
  const previewed = async (request: FastifyRequest, session: UiSession, preview: { UserId: string, LocId: string }): Promise<UserContext> => {
    const scope = { ...scopeOf(session), previewOf: preview.UserId }
    const [profile, locations] = await Promise.all([
      reads.cached(scope, 'profile', async () => checked<Profile>(Profile, await app.gameApi.call({ method: 'GET', path: '/api/v1/userProfile', token: session.token, query: { UserId: preview.UserId }, request }), '/api/v1/userProfile')),
      reads.cached(scope, 'locations', () => readLocations(request, session, preview.UserId))
    ])
    const location = locations.find((l) => l.LocId === preview.LocId)
    if (!location) throw errors.noLocation()
    return readLocationFacts(request, session, scope, profile, locations, location)
  }

  const load = (request: FastifyRequest, session: UiSession, options: { fresh?: boolean } = {}): Promise<UserContext> =>
    session.preview ? previewed(request, session, session.preview) : own(request, session, options)

  const loadShared = async (request: FastifyRequest, session: UiSession, scope: ReadScope): Promise<UserContext> => {
    const [profile, locations] = await Promise.all([
      reads.cached(scope, 'profile', async () => checked<Profile>(Profile, await app.gameApi.call({ method: 'GET', path: '/api/v1/profile', token: session.token, request }), '/api/v1/profile')),
      reads.cached(scope, 'locations', () => readLocations(request, session, session.UserId))
    ])
    const location = pickLocation(locations, session.LocId)
    if (!location) throw errors.noLocation()
    // A stored location that is no longer allowed falls back to the first allowed one, and is saved.
    if (location.LocId !== session.LocId) app.sessions.update(request, { LocId: location.LocId })
    return readLocationFacts(request, session, scope, profile, locations, location)
  }

  app.decorate('userContext', {
    load,
    own,
    freshLocations: async (request: FastifyRequest, session: UiSession) => {
      const locations = await readLocations(request, session, session.UserId)
      reads.put(scopeOf(session), 'locations', locations)
      return locations
    }
  })
}

export default fp(userContext, { name: 'user-context', dependencies: ['session', 'game-client', 'caches'] })
