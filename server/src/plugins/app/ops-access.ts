import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { errors } from '../../errors.ts'
import { bearerMatches } from '../../audit/access.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook of /docs, /docs/json and /metrics: they describe the service to whoever reads them. */
    opsGuard: (request: FastifyRequest) => Promise<void>
  }
}

/** Decorates app.opsGuard: a signed-in user or "Bearer OPS_TOKEN" (a scraper) passes; anyone only with NODE_ENV=development. */
async function opsAccess (app: FastifyInstance) {
  const open = app.settings.NODE_ENV === 'development'
  app.decorate('opsGuard', async (request: FastifyRequest) => {
    if (open || bearerMatches(request.headers.authorization, app.settings.OPS_TOKEN) || app.sessions.read(request)) return
    throw errors.opsAuthRequired()
  })
}

export default fp(opsAccess, { name: 'ops-access', dependencies: ['session'] })
