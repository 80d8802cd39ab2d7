import { Type } from 'typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Location, Profile } from '../../../../schemas/game-api.ts'
import type { AuditEntry } from '../../audit/record.ts'
import { bearerMatches } from '../../audit/access.ts'
import { explain, type ExplainSubject } from '../../config/explain.ts'
import { compileRule, type RuleContext, type RuleTrace } from '../../config/rules.ts'
import { UiError, supportErrors, type SupportErrorCode } from '../../errors.ts'
import { safeEndpointPath } from '../../proxy/safe-path.ts'
import { withoutGamePrefix } from '../../proxy/upstream.ts'
import { gameOf, pickLocation } from '../../session/location.ts'
import { ruleContextOf, sharedRuleContext } from '../../session/rule-context.ts'
import type { UiSession } from '../../plugins/app/session.ts'

/** Support staff: administrators holding AdminEdit (the same rule language the menu uses). */
const supportRule = compileRule({ adminPerm: 'AdminEdit' })

/** Who is asking: AUDIT_TOKEN tooling (with its own game API token for the facts) or a signed-in administrator holding AdminEdit. */
export type Supporter = { via: 'token' | 'session', actor: Partial<AuditEntry>, gameToken: string, session: UiSession | null }

/** Decides who may use the support tools, as GET /ui/audit does; a refusal is audited, then thrown. */
export async function supporterOf (app: FastifyInstance, request: FastifyRequest): Promise<Supporter> {
  const refuse = async (code: Extract<SupportErrorCode, 'SUPPORT_TOKEN_INVALID' | 'SUPPORT_GAME_TOKEN_REQUIRED' | 'SUPPORT_AUTH_REQUIRED' | 'SUPPORT_FORBIDDEN'>, actor: Partial<AuditEntry>): Promise<never> => {
    const error = supportErrors[code]()
    await app.audit.recordDenial(request, error, actor)
    throw error
  }
  const authorization = request.headers.authorization
  if (authorization !== undefined) {
    if (!bearerMatches(authorization, app.settings.AUDIT_TOKEN)) return refuse('SUPPORT_TOKEN_INVALID', {})
    const gameToken = request.headers['x-game-api-token']
    if (typeof gameToken !== 'string' || gameToken === '') return refuse('SUPPORT_GAME_TOKEN_REQUIRED', { role: 'support-token' })
    return { via: 'token', actor: { role: 'support-token' }, gameToken, session: null }
  }
  const session = app.sessions.read(request)
  if (!session) return refuse('SUPPORT_AUTH_REQUIRED', {})
  const user = await app.userContext.own(request, session)
  const actor = { userId: session.UserId, locId: user.location.LocId, role: user.profile.Role }
  if (!supportRule(sharedRuleContext(user, session.mobile))) return refuse('SUPPORT_FORBIDDEN', actor)
  return { via: 'session', actor, gameToken: session.token, session }
}

/** A user's facts as the rules read them, read from the game API with the supporter's own rights: profile, the location asked (or their first), settings. */
export async function factsOf (app: FastifyInstance, request: FastifyRequest, gameToken: string, userId: string, locId: string | undefined, mobile: boolean): Promise<{ profile: Profile, location: Location, locations: Location[], ctx: RuleContext }> {
  const [profile, locations] = await Promise.all([
    app.gameApi.call<Profile>({ method: 'GET', path: '/api/v1/userProfile', token: gameToken, query: { UserId: userId }, request }),
    app.gameApi.call<Location[]>({ method: 'GET', path: '/api/v1/4d/locIdAvailable', token: gameToken, query: { UserId: userId }, request })
  ])
  const location = locId === undefined ? pickLocation(locations, undefined) : locations.find((l) => l.LocId === locId)
  if (!location) throw supportErrors.SUPPORT_NO_LOCATION(userId, locId ?? '(any)')
  const settings = await app.gameApi.call<{ mobileAppData: { downloadUrl: string, iosDownloadUrl: string } }>({ method: 'GET', path: `/api/v1/${gameOf(location)}/settings`, token: gameToken, query: { LocId: location.LocId }, request })
  return { profile, location, locations, ctx: ruleContextOf({ profile, location, settings }, mobile) }
}

const ExplainQuery = Type.Object({
  user: Type.String({ minLength: 1, maxLength: 50, description: 'the user whose view is explained' }),
  LocId: Type.Optional(Type.String({ minLength: 1, maxLength: 20, description: 'the location (the user\'s first when absent)' })),
  mobile: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')], { description: '1 for the mobile variants' })),
  item: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'a menu item key (menu.json)' })),
  path: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '^/', description: 'a page path, e.g. /admin/agents' })),
  action: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'with path: the id of an action or widget of that page' })),
  endpoint: Type.Optional(Type.String({ minLength: 1, maxLength: 300, pattern: '^(GET|POST|PUT|DELETE) /api/v1/', description: 'a game API call, e.g. "GET /api/v1/4d/reportFull"' }))
})

const Change = Type.Object({ text: Type.String() }, { additionalProperties: true })
const ExplainAnswer = Type.Object({
  user: Type.Object({ UserId: Type.String(), Role: Type.String(), Rank: Type.Number(), AliasId: Type.String() }),
  location: Type.Object({ LocId: Type.String(), flags: Type.Array(Type.String()) }),
  mobile: Type.Boolean(),
  subject: Type.Record(Type.String(), Type.String()),
  decision: Type.Boolean({ description: 'what the menu, the page gate or the API gate decides' }),
  tree: Type.Unknown({ description: 'the rule that decides it: { op, text, held, file, pointer, read, change, children }' }),
  configVersion: Type.String(),
  files: Type.Array(Type.String(), { description: 'the config files holding the rules, relative to CONFIG_DIR' }),
  flip: Type.Union([Type.Object({ text: Type.String(), changes: Type.Array(Change) }), Type.Null()], { description: 'the change that would flip the decision (null when none of one or two changes does)' }),
  summary: Type.Array(Type.Object({ decision: Type.String(), flip: Type.String(), configVersion: Type.String(), files: Type.String() }), { description: 'the same, as one table row (the Support page)' }),
  lines: Type.Array(Type.Object({ n: Type.Integer(), text: Type.String(), held: Type.String(), read: Type.String(), where: Type.String() }), { description: 'the tree, one table row per node, indented by depth (the Support page)' })
})

/** The tree as rows: each node indented by its depth, with ✓ or ✗, the value it read and where its rule is written. */
function linesOf (tree: RuleTrace): Array<{ n: number, text: string, held: string, read: string, where: string }> {
  const out: Array<{ n: number, text: string, held: string, read: string, where: string }> = []
  const walk = (node: RuleTrace, depth: number) => {
    out.push({ n: out.length + 1, text: `${'\u00a0\u00a0'.repeat(depth)}${node.text}`, held: node.held ? '✓' : '✗', read: node.read === undefined ? '' : JSON.stringify(node.read), where: `${node.file ?? ''}${node.pointer ? ` ${node.pointer}` : ''}` })
    for (const child of node.children ?? []) walk(child, depth + 1)
  }
  walk(tree, 0)
  return out
}

/** The subject named by the query, or a refusal when it names none or several. */
function subjectOf (q: { item?: string | undefined, path?: string | undefined, action?: string | undefined, endpoint?: string | undefined }): { subject: ExplainSubject, shown: Record<string, string> } {
  const named = [q.item, q.path, q.endpoint].filter((v) => v !== undefined).length
  if (named !== 1 || (q.action !== undefined && q.path === undefined)) throw supportErrors.SUPPORT_BAD_SUBJECT()
  if (q.item !== undefined) return { subject: { kind: 'item', key: q.item }, shown: { item: q.item } }
  if (q.path !== undefined) {
    const path = q.path.split(/[?#]/)[0] ?? ''
    return q.action === undefined ? { subject: { kind: 'page', path }, shown: { path } } : { subject: { kind: 'action', path, id: q.action }, shown: { path, action: q.action } }
  }
  const [method, url] = (q.endpoint as string).split(' ') as [string, string]
  const safe = safeEndpointPath((url.split('?')[0] ?? '').slice('/api/v1/'.length))
  if (!safe.ok) throw supportErrors.SUPPORT_UNKNOWN_SUBJECT(safe.reason)
  const segments = withoutGamePrefix(safe.segments)
  return { subject: { kind: 'endpoint', method, segments, shown: `/api/v1/${segments.join('/')}` }, shown: { endpoint: `${method} /api/v1/${segments.join('/')}` } }
}

/** GET /ui/explain: why a user sees (or does not see) a menu item, a page, an action or an endpoint, for support staff; every read is audited. */
export default async function supportRoutes (fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get('/ui/explain', {
    schema: {
      summary: 'Explain a user\'s menu item, page, action or endpoint (administrators holding AdminEdit, or Bearer AUDIT_TOKEN with x-game-api-token)',
      description: 'Answers the rule that decides it as a tree (each leaf with the profile value it read and whether it held), the config version and files holding the rules, and the change that would flip the decision. The read is audited before it is answered.',
      tags: ['support'],
      security: [{ auditToken: [] }, { session: [] }],
      querystring: ExplainQuery,
      response: { 200: ExplainAnswer, '4xx': UiError, '5xx': UiError }
    }
  }, async (request, reply) => {
    const q = request.query
    const supporter = await supporterOf(app, request)
    const { subject, shown } = subjectOf(q)
    const mobile = q.mobile === '1'
    const facts = await factsOf(app, request, supporter.gameToken, q.user, q.LocId, mobile)
    const config = app.configStore.current()
    try {
      await app.audit.record(app.audit.entryFor(request, { action: 'explain-read', ...supporter.actor, configVersion: config.version, detail: { via: supporter.via, user: q.user, LocId: facts.location.LocId, mobile, subject: shown } }))
    } catch {
      throw supportErrors.SUPPORT_UNAVAILABLE()
    }
    const result = explain(config, facts.ctx, subject)
    if (!result.ok) throw supportErrors.SUPPORT_UNKNOWN_SUBJECT(result.reason)
    reply.header('cache-control', 'no-store')
    const { profile } = facts
    return {
      user: { UserId: profile.UserId, Role: profile.Role, Rank: profile.Rank, AliasId: profile.AliasId },
      location: { LocId: facts.location.LocId, flags: [...facts.location.flags] },
      mobile,
      subject: shown,
      ...result.explanation,
      summary: [{ decision: result.explanation.decision ? 'yes' : 'no', flip: result.explanation.flip?.text ?? '', configVersion: result.explanation.configVersion, files: result.explanation.files.join(', ') }],
      lines: linesOf(result.explanation.tree)
    }
  })

  app.post('/ui/preview', {
    schema: {
      summary: 'Preview the application as a user sees it at a location (administrators holding AdminEdit): read-only; data is read with your own rights',
      tags: ['support'],
      body: Type.Object({ user: Type.String({ minLength: 1, maxLength: 50 }), LocId: Type.Optional(Type.String({ maxLength: 20, description: 'the location (the user\'s first when absent or empty)' })) }),
      response: { 200: Type.Object({ preview: Type.Object({ UserId: Type.String(), LocId: Type.String(), by: Type.String() }) }), '4xx': UiError, '5xx': UiError }
    }
  }, async (request) => {
    const supporter = await supporterOf(app, request)
    if (!supporter.session) throw supportErrors.SUPPORT_PREVIEW_NEEDS_SESSION()
    const facts = await factsOf(app, request, supporter.gameToken, request.body.user, request.body.LocId || undefined, supporter.session.mobile)
    const preview = { UserId: facts.profile.UserId, LocId: facts.location.LocId }
    try {
      await app.audit.record(app.audit.entryFor(request, { action: 'preview-start', ...supporter.actor, detail: { previewing: preview } }))
    } catch {
      throw supportErrors.SUPPORT_UNAVAILABLE()
    }
    app.sessions.update(request, { preview })
    return { preview: { ...preview, by: supporter.session.UserId } }
  })

  app.delete('/ui/preview', {
    schema: {
      summary: 'Leave the preview: back to your own view',
      tags: ['support'],
      response: { 200: Type.Object({ preview: Type.Null() }), '4xx': UiError, '5xx': UiError }
    }
  }, async (request) => {
    const session = app.sessions.read(request)
    if (!session) throw supportErrors.SUPPORT_AUTH_REQUIRED()
    if (session.preview) {
      await app.audit.record(app.audit.entryFor(request, { action: 'preview-end', detail: { previewing: session.preview } })).catch(() => {})
      app.sessions.update(request, { preview: undefined })
    }
    return { preview: null }
  })
}
