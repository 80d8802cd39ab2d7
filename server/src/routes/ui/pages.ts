import { Type } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ResolvedPage } from '../../../../schemas/page.ts'
import { toJsonSchemaDocument } from '../../../../schemas/json-schema.ts'
import { resolvePage } from '../../config/pages.ts'
import type { ResolvedEntry } from '../../caches/resolved-pages.ts'
import { UiError, errors } from '../../errors.ts'
import { sharedRuleContext } from '../../session/rule-context.ts'
import { assertPastGates } from '../../session/gate.ts'

// The descriptor holds recursive parts (field conditions, form layouts) in several places: their definitions are hoisted to
// one $defs at the root, so the serializer sees each definition once.
const { $schema: _draft, title: _title, ...PageResponse } = toJsonSchemaDocument(ResolvedPage, 'ResolvedPage')

/** GET /ui/pages?path=…: the page descriptor for this user and location; 303 to the user's variant of the item (Place Bets' desktop path on a phone); 403 (and a 'denied' event) when the menu does not hold it, 404 for an unknown path. */
export default async function pagesRoutes (fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get('/ui/pages', {
    schema: {
      summary: 'The page descriptor of a route, resolved for the signed-in user at the current location',
      tags: ['pages'],
      querystring: Type.Object({ path: Type.String({ minLength: 1, maxLength: 200, pattern: '^/', description: 'the route, e.g. /report/full' }) }),
      response: { 200: PageResponse, 303: Type.Object({ to: Type.String({ description: 'the path of the variant this session is served' }) }), '4xx': UiError, '5xx': UiError }
    },
    // The schema documents the answer; the resolver builds it from the validated config and the route sends it as JSON text
    // (fast-json-stringify would test every widget union branch by branch with Ajv, which cost most of the request).
    serializerCompiler: () => (data) => JSON.stringify(data)
  }, async (request, reply) => {
    const session = app.sessions.read(request)
    if (!session) throw errors.notSignedIn()
    const path = request.query.path.split(/[?#]/)[0] ?? ''
    const user = await app.userContext.load(request, session)
    await assertPastGates(app, request, session, user)
    const config = app.configStore.current()
    const ctx = sharedRuleContext(user, session.mobile)
    // Kept as JSON text per config and rule context by the cache owner: a repeat of the page costs a lookup.
    const result = app.caches.pages.get(config, ctx, path, (): ResolvedEntry => {
      const resolved = resolvePage(config, ctx, path)
      return resolved.status === 'ok' ? { status: 'ok', json: JSON.stringify(resolved.page) } : resolved
    })
    if (result.status === 'not-found') throw errors.pageNotFound(path)
    // fetch follows the 303 to the variant's descriptor, whose path tells the client to replace its route.
    if (result.status === 'moved') return reply.code(303).header('cache-control', 'no-store').header('location', `/ui/pages?path=${encodeURIComponent(result.to)}`).send({ to: result.to })
    if (result.status === 'forbidden') {
      app.events.emit('denied', { UserId: session.UserId, ip: request.ip, requestId: request.id, path, LocId: user.location.LocId, reason: 'page not in the user\'s menu' })
      throw errors.pageDenied(path)
    }
    reply.header('cache-control', 'no-store').type('application/json; charset=utf-8')
    return result.json
  })
}
