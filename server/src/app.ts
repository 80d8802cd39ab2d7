import Fastify, { type FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { ResolvedSettings } from '../shared/env.ts'
import { loggerOptions } from '../shared/logger.ts'
import clientPlugin from './plugins/external/client.ts'

export interface ServiceOptions {
  settings: ResolvedSettings
  /** Base URL of the game API, e.g. http://127.0.0.1:3100 */
  gameApiUrl: string
}

declare module 'fastify' {
  interface FastifyInstance {
    settings: ResolvedSettings
    gameApiUrl: string
  }
}

/** Builds the config/menu service: plugins first, then the routes of the HTTP surface, then the built client. */
export async function buildService (options: ServiceOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.settings.LOG_LEVEL),
    trustProxy: true,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id'
  }).withTypeProvider<TypeBoxTypeProvider>()
  app.decorate('settings', options.settings)
  app.decorate('gameApiUrl', options.gameApiUrl.replace(/\/$/, ''))

  app.get('/healthz', async () => ({ status: 'ok' }))
  await app.register(clientPlugin)
  return app
}
