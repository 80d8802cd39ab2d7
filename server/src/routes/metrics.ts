import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'

/** GET /metrics: this instance's counters and histograms in the Prometheus text format, for a signed-in user or Bearer OPS_TOKEN. */
export default async function metricsRoutes (fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get('/metrics', {
    onRequest: app.opsGuard,
    schema: {
      summary: 'Prometheus metrics of this instance (requests, latency, audit writes, cache hits, config reloads); signed in or Bearer OPS_TOKEN',
      tags: ['operations'],
      security: [{ opsToken: [] }, { session: [] }],
      produces: ['text/plain'],
      response: { 200: Type.String({ description: 'Prometheus text exposition format 0.0.4' }) }
    }
  }, async (_request, reply) => {
    const { registry } = app.metrics
    return reply.type(registry.contentType).send(await registry.metrics())
  })
}
