import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ConfigVersionList, ConfigVersionQuery } from '../../../schemas/config-versions.ts'
import { UiError } from '../errors.ts'
import { listVersions } from '../config/versions.ts'

/** GET /ui/config/versions: the versions of the operator config in the store, newest first, which one is live; never their files. */
export default async function configVersionsRoutes (fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get('/ui/config/versions', {
    onRequest: app.opsGuard,
    schema: {
      summary: 'The versions of the operator config, newest first (number, content hash, author, message, parent, time, live); signed in or Bearer OPS_TOKEN',
      tags: ['config'],
      security: [{ opsToken: [] }, { session: [] }],
      querystring: ConfigVersionQuery,
      response: { 200: ConfigVersionList, 401: UiError }
    }
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const limit = request.query.limit ?? 50
    const versions = await listVersions(app.store, limit, request.query.before)
    const last = versions.at(-1)
    return { versions, nextBefore: versions.length === limit && last !== undefined && last.number > 1 ? last.number : null }
  })
}
