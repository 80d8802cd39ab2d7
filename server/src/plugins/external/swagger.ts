import fp from 'fastify-plugin'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { SESSION_COOKIE } from './secure-session.ts'
import { unframable } from './helmet.ts'

const opsRoutes = new Set(['/healthz', '/readyz', '/metrics'])

/** Whether a route belongs in the published description: the /ui surface and the operations endpoints. */
export function documented (url: string): boolean {
  return url.startsWith('/ui/') || opsRoutes.has(url)
}

/** OpenAPI description of /ui built from the route schemas (registered before any route), browsable at /docs, JSON at /docs/json (signed in or OPS_TOKEN). */
async function swaggerDocs (app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Back office service: /ui', description: 'The config/menu service the browser talks to (session, menu, pages, audit) and its operations endpoints. The proxied game API under /api/v1 follows the game API contract.', version: '1' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The encrypted session cookie set by POST /ui/login' },
          auditToken: { type: 'http', scheme: 'bearer', description: 'AUDIT_TOKEN, for support tooling reading GET /ui/audit' },
          opsToken: { type: 'http', scheme: 'bearer', description: 'OPS_TOKEN, for scrapers of GET /metrics and readers of /docs' }
        }
      }
    },
    // Only /ui and the operations endpoints are published; the proxy, assets and the docs themselves are not.
    transform: ({ schema, url }) => ({ schema: documented(url) ? schema : { ...schema, hide: true }, url })
  })
  // Swagger UI's own policy lets the same origin frame /docs; the service is framed by nobody but FRAME_ANCESTORS on /embed.
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true, transformStaticCSP: (csp) => unframable(csp), uiHooks: { onRequest: app.opsGuard } })
}

export default fp(swaggerDocs, { name: 'swagger', dependencies: ['ops-access'] })
