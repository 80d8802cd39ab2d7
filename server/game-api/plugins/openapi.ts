import fp from 'fastify-plugin'
import swagger from '@fastify/swagger'
import type { FastifyInstance, RouteOptions } from 'fastify'

/** Whether a route belongs in the game API's reference: the contract under /api (not health checks, the docs or the demo gateway). */
export function documented (url: string): boolean {
  return url.startsWith('/api/')
}

const hookNames = (hooks: RouteOptions['onRequest']) => (Array.isArray(hooks) ? hooks : hooks ? [hooks] : []).map((hook) => (hook as { name?: string }).name)

/**
 * Who may call a route, as its registration says: ADMIN only (its own gaRequireAdmin), signed in (gaAuthenticate, or any game
 * endpoint: routes.ts authenticates every 4d/ and tt/ call), else public; a rule a route states in `config.gate` is added.
 */
export function gateOf (url: string, route: Pick<RouteOptions, 'onRequest' | 'config'>): string {
  const hooks = hookNames(route.onRequest)
  const who = hooks.includes('gaRequireAdmin') ? 'ADMIN only' : hooks.includes('gaAuthenticate') || /^\/api\/v1\/(4d|tt)\//.test(url) ? 'signed in' : 'public'
  const rule = (route.config as { gate?: unknown } | undefined)?.gate
  return typeof rule === 'string' ? `${who}; ${rule}` : who
}

/** OpenAPI description of the game API built from its route schemas (registered before any route), served at GET /docs/json. */
async function openApi (app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Reference game API', description: 'The game API contract as the reference implementation serves it; meaning, decisions, rounding and timing are in server/docs/game-api.md.', version: '1' },
      components: {
        securitySchemes: {
          gameToken: { type: 'http', scheme: 'bearer', description: 'The access token from POST /api/v1/oauth/token' }
        }
      }
    },
    transform: ({ schema, url, route }) => {
      if (!documented(url)) return { schema: { ...schema, hide: true }, url }
      const gate = gateOf(url, route)
      return { schema: { ...schema, 'x-gate': gate, ...(gate === 'public' ? {} : { security: [{ gameToken: [] }] }) }, url }
    }
  })
  // The reference implementation's description is public: it says nothing an operator's own API would not publish.
  app.get('/docs/json', { schema: { hide: true } }, async () => app.swagger())
}

export default fp(openApi, { name: 'game-api-openapi' })
