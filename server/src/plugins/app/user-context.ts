import fp from 'fastify-plugin'
import NodeCache from 'node-cache'
import { Type, type TSchema } from 'typebox'
import { Value } from 'typebox/value'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { CurrencyAnswer, Location, Profile, ServerSettings, SmsSettings } from '../../../../schemas/game-api.ts'
import { errors } from '../../errors.ts'
import { gameOf, pickLocation } from '../../session/location.ts'
import type { UiSession } from './session.ts'

/** How long the per-session game API reads behind GET /ui/session are reused. */
export const USER_CONTEXT_TTL_S = 30

/** The game API facts about the signed-in user that the shell, the menu and the page gate need. */
export interface UserContext {
  profile: Profile
  /** The locations the user may use, in the game API's order. */
  locations: Location[]
  /** The current location (the stored one, or the first allowed when the stored one is no longer allowed). */
  location: Location
  game: '4d' | 'tt'
  settings: ServerSettings
  /** When settings were read from the game API (ms since epoch), to keep the server clock live. */
  settingsReadAt: number
  sms: SmsSettings
  /** The ISO 4217 code money is shown in (getCurrencyCode). */
  currency: string
}

/** Loads (and caches for USER_CONTEXT_TTL_S) the user's context. */
export interface UserContexts {
  /** With fresh, a profile a mutating call may have changed is read again first (the shell shows its credit); the gates take the cached one. While the session previews another user, that user's context (read with the session's own token). */
  load: (request: FastifyRequest, session: UiSession, options?: { fresh?: boolean }) => Promise<UserContext>
  /** The signed-in user's own context, even while previewing another user. */
  own: (request: FastifyRequest, session: UiSession, options?: { fresh?: boolean }) => Promise<UserContext>
  /** The locations the user may use, read afresh from the game API. */
  freshLocations: (request: FastifyRequest, session: UiSession) => Promise<Location[]>
  /** Drops every cached read of every session of that user on this instance: another user's call changed their rights or account. */
  forgetUser: (userId: string) => void
  /** Drops every cached read of every session on this instance (Clear Cache). */
  forgetAll: () => void
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

/** Per-session cache of the game API reads behind GET /ui/session, keyed by token hash and location; dropped when the session forgets. */
async function userContext (app: FastifyInstance) {
  const cache = new NodeCache({ stdTTL: USER_CONTEXT_TTL_S, checkperiod: 60, useClones: false })
  app.addHook('onClose', async () => { cache.close() })
  // Which sessions each user holds, so an upline's change to a user reaches that user's own cached profile.
  const sessionsOf = new Map<string, Set<string>>()
  app.sessions.onForget((tokenKey, scope) => {
    // A mutating call only marks the profile stale: the roles and rights the gates read do not move with credit.
    if (scope === 'profile') cache.set(`${tokenKey}:profileStale`, true)
    else cache.del(cache.keys().filter((k) => k.startsWith(tokenKey + ':')))
  })

  // Caches the promise itself so concurrent requests share one game API call; a failure is not kept.
  const cached = <T>(key: string, read: () => Promise<T>): Promise<T> => {
    const hit = cache.get<Promise<T>>(key)
    if (hit) return hit
    const pending = read()
    cache.set(key, pending)
    pending.catch(() => cache.del(key))
    return pending
  }

  /** The locations a user may use, read with the session's token (the user's own, or a previewed user's). */
  const readLocations = async (request: FastifyRequest, session: UiSession, userId: string) => {
    const path = '/api/v1/4d/locIdAvailable'
    return checked<Location[]>(LocationList, await app.gameApi.call({ method: 'GET', path, token: session.token, query: { UserId: userId }, request }), path)
  }

  /** What a location decides (settings, SMS settings, currency), cached under the context's prefix; the rest of the context is the caller's. */
  const readLocationFacts = async (request: FastifyRequest, session: UiSession, prefix: string, profile: Profile, locations: Location[], location: Location): Promise<UserContext> => {
    const game = gameOf(location)
    const query = { LocId: location.LocId }
    const [settings, sms, currency] = await Promise.all([
      cached(`${prefix}:${location.LocId}:settings`, async () => {
        const path = `/api/v1/${game}/settings`
        const data = checked<ServerSettings>(ServerSettings, await app.gameApi.call({ method: 'GET', path, token: session.token, query, request }), path)
        return { data, readAt: Date.now() }
      }),
      cached(`${prefix}:${location.LocId}:sms`, async () => {
        const path = `/api/v1/${game}/smsSetting`
        return checked<{ qResults: SmsSettings }>(SmsAnswer, await app.gameApi.call({ method: 'GET', path, token: session.token, query, request }), path).qResults
      }),
      cached(`${prefix}:${location.LocId}:currency`, async () => {
        const path = `/api/v1/${game}/getCurrencyCode`
        return checked<CurrencyAnswer>(CurrencyAnswer, await app.gameApi.call({ method: 'GET', path, token: session.token, query, request }), path).CurrencyCode
      })
    ])
    return { profile, locations, location, game, settings: settings.data, settingsReadAt: settings.readAt, sms, currency }
  }

  const own = async (request: FastifyRequest, session: UiSession, { fresh = false } = {}): Promise<UserContext> => {
    const prefix = app.sessions.tokenKey(session.token)
    const keys = sessionsOf.get(session.UserId) ?? new Set<string>()
    sessionsOf.set(session.UserId, keys.add(prefix))
    if (fresh && cache.take(`${prefix}:profileStale`) === true) cache.del(`${prefix}:profile`)
    try {
      return await loadShared(request, session, prefix)
    } catch (err) {
      // A shared read found the session over: this request's session ends too, not only the one that made the call.
      app.gameApi.shared(request, err)
      throw err
    }
  }

  /** Another user's context for a preview: their profile and locations, the previewed location's settings, all read with the supporter's token. */
  const previewed = async (request: FastifyRequest, session: UiSession, preview: { UserId: string, LocId: string }): Promise<UserContext> => {
    const prefix = `${app.sessions.tokenKey(session.token)}:preview:${preview.UserId}`
    const [profile, locations] = await Promise.all([
      cached(`${prefix}:profile`, async () => checked<Profile>(Profile, await app.gameApi.call({ method: 'GET', path: '/api/v1/userProfile', token: session.token, query: { UserId: preview.UserId }, request }), '/api/v1/userProfile')),
      cached(`${prefix}:locations`, () => readLocations(request, session, preview.UserId))
    ])
    const location = locations.find((l) => l.LocId === preview.LocId)
    if (!location) throw errors.noLocation()
    return readLocationFacts(request, session, prefix, profile, locations, location)
  }

  const load = (request: FastifyRequest, session: UiSession, options: { fresh?: boolean } = {}): Promise<UserContext> =>
    session.preview ? previewed(request, session, session.preview) : own(request, session, options)

  const loadShared = async (request: FastifyRequest, session: UiSession, prefix: string): Promise<UserContext> => {
    const [profile, locations] = await Promise.all([
      cached(`${prefix}:profile`, async () => checked<Profile>(Profile, await app.gameApi.call({ method: 'GET', path: '/api/v1/profile', token: session.token, request }), '/api/v1/profile')),
      cached(`${prefix}:locations`, () => readLocations(request, session, session.UserId))
    ])
    const location = pickLocation(locations, session.LocId)
    if (!location) throw errors.noLocation()
    // A stored location that is no longer allowed falls back to the first allowed one, and is saved.
    if (location.LocId !== session.LocId) app.sessions.update(request, { LocId: location.LocId })
    return readLocationFacts(request, session, prefix, profile, locations, location)
  }

  const forgetAll = () => {
    cache.flushAll()
    sessionsOf.clear()
  }
  // Clear Cache, made on this instance or another: every session reads its profile, locations and settings afresh.
  app.apiCache.onClearAll(forgetAll)

  app.decorate('userContext', {
    load,
    forgetAll,
    own,
    forgetUser: (userId: string) => {
      const keys = sessionsOf.get(userId)
      if (!keys) return
      sessionsOf.delete(userId)
      for (const prefix of keys) cache.del(cache.keys().filter((k) => k.startsWith(prefix + ':')))
    },
    freshLocations: async (request: FastifyRequest, session: UiSession) => {
      const locations = await readLocations(request, session, session.UserId)
      cache.set(`${app.sessions.tokenKey(session.token)}:locations`, Promise.resolve(locations))
      return locations
    }
  })
}

export default fp(userContext, { name: 'user-context', dependencies: ['session', 'game-client', 'api-cache'] })
