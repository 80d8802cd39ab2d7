import { Type } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { resolveReferences } from '../../../schemas/i18n.ts'

/** GET /ui/i18n/:lang: the one translation catalogue (every text the client shows), as the served config holds it, hot-reloaded with it. */
export default async function configI18nRoutes (fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get('/ui/i18n/:lang', {
    schema: {
      summary: 'A translation catalogue of the operator config: nested sections whose dot-joined paths are the keys in menus and pages',
      tags: ['config'],
      params: Type.Object({ lang: Type.Enum(['en', 'zh'], { description: 'en or zh' }) }),
      response: { 200: Type.Record(Type.String(), Type.Unknown()), 304: Type.Null() }
    }
  }, async (request, reply) => {
    const config = app.configStore.current()
    const etag = `"${config.version}-${request.params.lang}"`
    reply.header('etag', etag).header('cache-control', 'no-cache')
    if (request.headers['if-none-match'] === etag) return reply.code(304).send(null)
    const { $schema: _schema, ...catalogue } = config.i18n[request.params.lang]
    // Each key answers its text: a "$t(key)" entry is served as the text it names, as the operator last wrote it.
    return resolveReferences(catalogue)
  })
}
