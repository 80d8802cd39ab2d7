import { Type } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ResolvedPage } from '../../../../schemas/page.ts'
import { toJsonSchemaDocument } from '../../../../schemas/json-schema.ts'
import { resolvePage, type PageResolution } from '../../config/pages.ts'
import type { LoadedConfig } from '../../config/load.ts'
import type { RuleContext } from '../../config/rules.ts'
import { UiError, errors } from '../../errors.ts'
import { sharedRuleContext } from '../../session/rule-context.ts'
import { assertPastGates } from '../../session/gate.ts'

// The descriptor holds recursive parts (field conditions, form layouts) in several places: their definitions are hoisted to
// one $defs at the root, so the serializer sees each definition once.
const { $schema: _draft, title: _title, ...PageResponse } = toJsonSchemaDocument(ResolvedPage, 'ResolvedPage')

/** Paths kept per rule context: route values (/admin/agents/:UserId) make the paths open-ended. */
const PATHS_PER_CONTEXT = 64
type Resolved = Exclude<PageResolution, { status: 'ok' }> | { status: 'ok', json: string }
/** Resolved pages as JSON, per config and rule context: both are replaced, never changed, when the config or the user's facts change. */
const resolved = new WeakMap<LoadedConfig, WeakMap<RuleContext, Map<string, Resolved>>>()

function resolvedPage (config: LoadedConfig, ctx: RuleContext, path: string): Resolved {
  let byContext = resolved.get(config)
  if (!byContext) { byContext = new WeakMap(); resolved.set(config, byContext) }
  let byPath = byContext.get(ctx)
  if (!byPath) { byPath = new Map(); byContext.set(ctx, byPath) }
  const hit = byPath.get(path)
  if (hit) return hit
  const result = resolvePage(config, ctx, path)
  const entry: Resolved = result.status === 'ok' ? { status: 'ok', json: JSON.stringify(result.page) } : result
  if (byPath.size >= PATHS_PER_CONTEXT) byPath.delete(byPath.keys().next().value as string)
  byPath.set(path, entry)
  return entry
}

/** GET /ui/pages?path=…: the page descriptor for this user and location; 403 (and a 'denied' event) when the menu does not hold it, 404 for an unknown path. */
export default async function pagesRoutes (fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get('/ui/pages', {
    schema: {
      summary: 'The page descriptor of a route, resolved for the signed-in user at the current location',
      tags: ['pages'],
      querystring: Type.Object({ path: Type.String({ minLength: 1, maxLength: 200, pattern: '^/', description: 'the route, e.g. /report/full' }) }),
      response: { 200: PageResponse, '4xx': UiError, '5xx': UiError }
    },
    // The schema documents the answer; the resolver builds it from the validated config and the route sends it as JSON text
    // (fast-json-stringify would test every widget union branch by branch with Ajv, which cost most of the request).
    serializerCompiler: () => (data) => JSON.stringify(data)
  }, async (request, reply) => {
    const session = app.sessions.read(request)
    if (!session) throw errors.notSignedIn()
    const path = request.query.path.split(/[?#]/)[0] ?? ''
    const user = await app.userContext.load(request, session)
    assertPastGates(session, user)
    const result = resolvedPage(app.configStore.current(), sharedRuleContext(user, session.mobile), path)
    if (result.status === 'not-found') throw errors.pageNotFound(path)
    if (result.status === 'forbidden') {
      app.events.emit('denied', { UserId: session.UserId, ip: request.ip, requestId: request.id, path, LocId: user.location.LocId, reason: 'page not in the user\'s menu' })
      throw errors.pageDenied(path)
    }
    reply.header('cache-control', 'no-store').type('application/json; charset=utf-8')
    return result.json
  })
}
