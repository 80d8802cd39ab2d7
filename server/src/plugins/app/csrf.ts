import { timingSafeEqual } from 'node:crypto'
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { errors } from '../../errors.ts'

/** How a route takes part in the CSRF check (route config `csrf`). */
export type CsrfMode =
  /** default: a session and a matching x-csrf-token header */
  | 'session'
  /** sign-in (no session yet): JSON body and a same-origin request instead of the token */
  | 'sign-in'
  /** the token when a session exists, else the sign-in checks (the forced password change) */
  | 'session-or-sign-in'
  /** the route authenticates otherwise (e.g. a bearer token for tools); no CSRF check */
  | 'none'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** CSRF mode of a non-GET route; routes under /ui and /api get 'session' unless they say otherwise, other routes none. */
    csrf?: CsrfMode
  }
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])
const guarded = /^\/(ui|api)(\/|$)/

/** Constant-time comparison of the header with the session's token. */
export function csrfMatches (header: string, expected: string): boolean {
  const a = Buffer.from(header)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** Checks that a request without a session comes from this site's own page: JSON (never a form a foreign page can post), same origin. */
export function checkSignInRequest (request: FastifyRequest): void {
  const type = request.headers['content-type']
  if (typeof type !== 'string' || !/^application\/json\s*(;|$)/i.test(type)) throw errors.jsonRequired()
  const site = request.headers['sec-fetch-site']
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') throw errors.crossOrigin(`Sec-Fetch-Site is ${site}`)
  const origin = request.headers.origin
  if (typeof origin === 'string' && origin !== `${request.protocol}://${request.host}`) throw errors.crossOrigin(`Origin ${origin} is not ${request.protocol}://${request.host}`)
}

/**
 * Every non-GET/HEAD/OPTIONS under /ui and /api needs x-csrf-token equal to the session's token (403 otherwise).
 * Decided on the matched route (tagged when it is added), never on the raw URL: /%75i/… is the route /ui/… and checked as one.
 */
async function csrf (app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!guarded.test(route.url) || route.config?.csrf !== undefined) return
    route.config = { ...route.config, csrf: 'session' }
  })
  app.addHook('onRequest', async (request) => {
    const mode = request.routeOptions.config?.csrf
    if (safeMethods.has(request.method) || mode === undefined || mode === 'none') return
    const session = mode === 'sign-in' ? null : app.sessions.read(request)
    if (!session) {
      if (mode === 'session') throw errors.notSignedIn()
      checkSignInRequest(request)
      return
    }
    const header = request.headers['x-csrf-token']
    if (typeof header !== 'string' || header === '') throw errors.csrfMissing()
    if (!csrfMatches(header, session.csrf)) throw errors.csrfMismatch()
  })
}

export default fp(csrf, { name: 'csrf', dependencies: ['session'] })
