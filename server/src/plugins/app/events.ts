import { EventEmitter } from 'node:events'
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyRequest } from 'fastify'

/** What every session event carries: who, from where, and the request it came from. */
export interface SessionEventBase {
  UserId: string
  ip: string
  requestId: string
}

/** Why a game API answer ends the session of the request it served: the token is dead (401), or the game API is under maintenance (subCode 8000). */
export type UpstreamEndReason = 'expired' | 'maintenance'

/** The session events the service emits; the audit log subscribes to them. Never carries passwords, tokens or captcha answers. */
export interface SessionEvents {
  login: [SessionEventBase & { LocId: string, updatePassword: boolean, termsAccepted: boolean }]
  'login-failed': [SessionEventBase & { message: string, captchaRequired: boolean, status: number }]
  logout: [SessionEventBase & { reason: 'user' | 'terms-disagreed' | UpstreamEndReason | 'password-changed' }]
  'password-changed': [SessionEventBase & { forced: boolean, ok: boolean, message: string }]
  terms: [SessionEventBase & { agree: boolean }]
  denied: [SessionEventBase & { path: string, LocId: string, reason: string }]
  /** The game client saw an answer that ends the session of the request it served; the session plugin ends it. */
  'upstream-ended': [{ request: FastifyRequest, reason: UpstreamEndReason }]
}

/** A typed emitter of session events. */
export type SessionEventEmitter = EventEmitter<SessionEvents>

declare module 'fastify' {
  interface FastifyInstance {
    /** Session events ('login', 'login-failed', 'logout', 'password-changed', 'terms', 'denied', 'upstream-ended'): subscribe with app.events.on(name, fn). */
    events: SessionEventEmitter
  }
}

/** Decorates app.events; a failing listener is logged and never breaks the request that emitted. */
async function events (app: FastifyInstance) {
  const emitter = new EventEmitter<SessionEvents>({ captureRejections: true })
  // 'error' is not a session event; it carries a listener's rejection (captureRejections).
  ;(emitter as EventEmitter).on('error', (err: unknown) => app.log.error({ err }, 'a session event listener failed'))
  app.decorate('events', emitter)
  app.addHook('onClose', async () => { emitter.removeAllListeners() })
}

export default fp(events, { name: 'events' })
