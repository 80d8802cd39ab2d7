import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ConfigStatus } from '../../../schemas/config-status.ts'

/** GET /ui/config/status: the config version this instance serves, when it was loaded, and the last change refused (with its errors). */
export default async function configStatusRoutes (fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get('/ui/config/status', {
    schema: {
      summary: 'The operator config being served and the last refused change',
      tags: ['config'],
      response: { 200: ConfigStatus }
    }
  }, async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    return app.configStore.sharedStatus()
  })
}
