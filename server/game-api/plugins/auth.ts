import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { errors } from '../lib/errors.ts'
import { useToken, type AuthUser } from '../lib/tokens.ts'
import { callOf, type Caller } from '../lib/caller.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: resolves the Bearer token into request.gaUser, or answers 401. */
    gaAuthenticate(request: FastifyRequest): Promise<void>
    /** onRequest hook: authenticate, then 403 unless the caller is ADMIN. */
    gaRequireAdmin(request: FastifyRequest): Promise<void>
  }
  interface FastifyRequest {
    /** The signed-in caller, set by authenticate. */
    gaUser: AuthUser | null
  }
}

/** The signed-in caller of a request that went through authenticate. */
export function caller (request: FastifyRequest): AuthUser {
  if (!request.gaUser) throw errors.sessionExpired()
  return request.gaUser
}

/** The caller a use case is given: the signed-in user, the call's path and address, and the game API's clock now. */
export function callerOf (request: FastifyRequest): Caller {
  return { user: caller(request), ...callOf(request) }
}

async function authPlugin (app: FastifyInstance) {
  app.decorateRequest('gaUser', null)
  app.decorate('gaAuthenticate', async function gaAuthenticate (request: FastifyRequest) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')
    const user = match?.[1] ? await useToken(app.db, match[1], app.gaNow()) : undefined
    if (!user) throw errors.sessionExpired()
    request.gaUser = user
  })
  app.decorate('gaRequireAdmin', async function gaRequireAdmin (request: FastifyRequest) {
    await app.gaAuthenticate(request)
    if (caller(request).role !== 'ADMIN') throw errors.adminOnly()
  })
}

export default fp(authPlugin, { name: 'game-api-auth', dependencies: ['game-api-clock'] })
