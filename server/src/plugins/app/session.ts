import { randomBytes } from 'node:crypto'
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { errors } from '../../errors.ts'
import type { SessionEvents } from './events.ts'
import type { ForgetScope } from '../../caches/invalidation.ts'

/** What the encrypted session cookie holds. The token never leaves the server in a body or a script-readable cookie. */
export interface UiSession {
  /** The game API access token. */
  token: string
  UserId: string
  /** The role at sign-in, so every audit record names it without a game API call. */
  Role?: 'ADMIN' | 'AG' | 'MEM'
  LocId: string
  mobile: boolean
  termsAccepted: boolean
  /** The CSRF token the browser must echo in x-csrf-token. */
  csrf: string
  /** Set while a supporter previews the application as another user at a location (read-only; the supporter's token reads the data). */
  preview?: { UserId: string, LocId: string }
}

/** Why a session ended (carried by the 'logout' event). */
export type EndReason = SessionEvents['logout'][0]['reason']

/** The session helpers other plugins and routes use. */
export interface Sessions {
  /** The signed-in session of this request, or null. */
  read: (request: FastifyRequest) => UiSession | null
  /** Starts a fresh session (new CSRF token, any earlier session replaced) and returns it. */
  start: (request: FastifyRequest, data: Omit<UiSession, 'csrf'>) => UiSession
  /** Changes fields of the current session. */
  update: (request: FastifyRequest, patch: Partial<Omit<UiSession, 'token' | 'csrf'>>) => void
  /** Ends the session (cookie cleared, per-user caches dropped, 'logout' emitted); a no-op without one. */
  end: (request: FastifyRequest, reason: EndReason) => void
  /** preHandler answering 401 without a session. */
  require: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
  /** Drops the cached reads of that token on every instance: all of them (location or password change, sign-out) or only the profile (after a mutating call). */
  forget: (token: string, scope?: ForgetScope) => void
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Session helpers: read, start, update, end, require, forget. */
    sessions: Sessions
  }
}

const SESSION_FIELD = 'ui'

// The cookie holds one field; secure-session's own typing of fields is not used.
type Store = { get: (key: string) => unknown, set: (key: string, value: unknown) => void }
const store = (request: FastifyRequest) => request.session as unknown as Store

function isUiSession (value: unknown): value is UiSession {
  const s = value as Partial<UiSession> | undefined
  return typeof s?.token === 'string' && typeof s.UserId === 'string' && typeof s.LocId === 'string' && typeof s.csrf === 'string'
}

/** Session helpers over @fastify/secure-session: one typed record under one cookie field. */
async function session (app: FastifyInstance) {
  const forget = (token: string, scope: ForgetScope = 'all') => {
    // Dropped here at once; the broadcast to the other instances (which never fails) is not waited for.
    app.caches.invalidate({ kind: 'session', tokenKey: app.caches.tokenKey(token), scope }).catch(() => {})
  }

  const sessions: Sessions = {
    read (request) {
      const value = request.session ? store(request).get(SESSION_FIELD) : undefined
      return isUiSession(value) ? value : null
    },
    start (request, data) {
      const created: UiSession = { ...data, csrf: randomBytes(32).toString('base64url') }
      request.session.regenerate()
      store(request).set(SESSION_FIELD, created)
      return created
    },
    update (request, patch) {
      const current = sessions.read(request)
      if (current) store(request).set(SESSION_FIELD, { ...current, ...patch })
    },
    end (request, reason) {
      const current = sessions.read(request)
      if (!current) return
      forget(current.token)
      request.session.delete()
      store(request).set(SESSION_FIELD, undefined)
      app.events.emit('logout', { UserId: current.UserId, ip: request.ip, requestId: request.id, reason })
    },
    async require (request) {
      if (!sessions.read(request)) throw errors.notSignedIn()
    },
    forget
  }
  app.decorate('sessions', sessions)
  // The game client's one signal that the game API no longer serves a session (401 to its token, maintenance).
  app.events.on('upstream-ended', ({ request, reason }) => { sessions.end(request, reason) })
}

export default fp(session, { name: 'session', dependencies: ['secure-session', 'events', 'caches'] })
