import { randomUUID } from 'node:crypto'
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyRequest } from 'fastify'

declare module 'fastify' {
  interface FastifyRequest {
    /** The x-request-id a trusted proxy (TRUST_PROXY) sent, kept beside our own id; null from anyone else. */
    forwardedRequestId: string | null
  }
}

/** Fastify's genReqId: every request gets a fresh id, so no client can choose the id its audit records carry. */
export const newRequestId = (): string => randomUUID()

const plainToken = /^[A-Za-z0-9._:-]{1,100}$/

/** The forwarded x-request-id when the socket's peer is a trusted proxy (Fastify then lists more than one address in ips) and it is a plain token. */
export function forwardedRequestIdOf (request: FastifyRequest): string | null {
  const given = request.headers['x-request-id']
  const viaTrustedProxy = (request.ips?.length ?? 0) > 1
  return viaTrustedProxy && typeof given === 'string' && plainToken.test(given) ? given : null
}

/** Decorates request.forwardedRequestId (read once per request). */
async function requestId (app: FastifyInstance) {
  app.decorateRequest('forwardedRequestId', null)
  app.addHook('onRequest', async (request) => { request.forwardedRequestId = forwardedRequestIdOf(request) })
}

export default fp(requestId, { name: 'request-id' })
