import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import fastifyStatic from '@fastify/static'
import { PublicBrand } from '../../../schemas/brand.ts'
import { pickBrand, publicBrand } from '../plugins/app/brands.ts'

/** GET /ui/brand (the brand for this Host) and the brands' logos and style sheets under /brands/assets/. */
export default async function brandRoutes (fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get('/ui/brand', {
    schema: { summary: 'The sign-in brand for the request Host (the default brand for unknown hosts)', tags: ['brand'], response: { 200: PublicBrand } }
  }, async (request, reply) => {
    reply.header('cache-control', 'no-cache').header('vary', 'Host')
    return publicBrand(pickBrand(app.brands, request.headers.host))
  })
  // Encapsulated here so its reply decorators do not clash with the client's static plugin.
  await app.register(fastifyStatic, { root: join(app.brands.dir, 'assets'), prefix: '/brands/assets/', decorateReply: false, index: false, maxAge: '1h' })
}
