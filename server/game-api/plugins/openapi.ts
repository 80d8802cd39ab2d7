import fp from 'fastify-plugin'
import swagger from '@fastify/swagger'
import type { FastifyInstance } from 'fastify'

/** Whether a route belongs in the game API's reference: the contract under /api (not health checks, the docs or the demo gateway). */
export function documented (url: string): boolean {
  return url.startsWith('/api/')
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
    transform: ({ schema, url }) => ({ schema: documented(url) ? schema : { ...schema, hide: true }, url })
  })
  // The reference implementation's description is public: it says nothing an operator's own API would not publish.
  app.get('/docs/json', { schema: { hide: true } }, async () => app.swagger())
}

export default fp(openApi, { name: 'game-api-openapi' })
