import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { bearerMatches } from '../audit/access.ts'
import { auditErrors, type AuditErrorCode } from '../errors.ts'
import { AuditErrorSchema, AuditPageSchema, AuditQuerySchema } from '../audit/schema.ts'
import { decodeCursor } from '../audit/store.ts'
import type { AuditEntry } from '../audit/record.ts'

interface SessionLike { UserId?: string, LocId?: string, Role?: string }
interface SessionApis {
  sessions?: { read?: (request: FastifyRequest) => unknown }
  userContext?: { load?: (request: FastifyRequest, session: never) => Promise<{ profile?: { Role?: string } }> }
}

/** Who is reading: support tooling holding AUDIT_TOKEN, or a signed-in user (role looked up when the session does not carry it). */
async function readerOf (app: FastifyInstance, request: FastifyRequest): Promise<{ via: 'token' | 'session', actor: Partial<AuditEntry> } | { refused: AuditErrorCode, actor: Partial<AuditEntry> }> {
  const authorization = request.headers.authorization
  if (authorization !== undefined) {
    return bearerMatches(authorization, app.settings.AUDIT_TOKEN)
      ? { via: 'token', actor: { role: 'support-token' } }
      : { refused: 'AUDIT_TOKEN_INVALID', actor: {} }
  }
  const apis = app as unknown as SessionApis
  const session = (app.hasDecorator('sessions') ? apis.sessions?.read?.(request) : null) as SessionLike | null | undefined
  if (!session?.UserId) return { refused: 'AUDIT_AUTH_REQUIRED', actor: {} }
  let role = session.Role
  if (role === undefined && app.hasDecorator('userContext') && apis.userContext?.load) {
    role = (await apis.userContext.load(request, session as never).catch(() => undefined))?.profile?.Role
  }
  const actor = { userId: session.UserId, locId: session.LocId, role }
  return role === 'ADMIN' ? { via: 'session', actor } : { refused: 'AUDIT_FORBIDDEN', actor }
}

function refuse (reply: FastifyReply, code: AuditErrorCode) {
  const error = auditErrors[code]()
  if (error.statusCode === 401) reply.header('www-authenticate', 'Bearer realm="audit"')
  return reply.code(error.statusCode).send({ success: false as const, code: error.code, message: error.message })
}

/** GET /ui/audit: the audit log for administrators and support tooling, filtered, newest first, cursor-paged; every read (and every refusal) is itself audited. */
export default async function auditRoutes (fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get('/ui/audit', {
    schema: {
      summary: 'Read the audit log (administrators, or Bearer AUDIT_TOKEN)',
      description: 'Filters combine with AND. Pages run newest first; pass nextCursor as cursor for older records. The read itself is recorded before it runs.',
      tags: ['audit'],
      security: [{ auditToken: [] }, { session: [] }],
      querystring: AuditQuerySchema,
      response: { 200: AuditPageSchema, 400: AuditErrorSchema, 401: AuditErrorSchema, 403: AuditErrorSchema, 503: AuditErrorSchema }
    }
  }, async (request, reply) => {
    const q = request.query
    const reader = await readerOf(app, request)
    if ('refused' in reader) {
      // A refusal is audited too; a store failure must not turn it into a different answer.
      await app.audit.recordDenial(request, auditErrors[reader.refused](), reader.actor)
      return refuse(reply, reader.refused)
    }
    if (q.cursor !== undefined && decodeCursor(q.cursor) === undefined) return refuse(reply, 'AUDIT_BAD_CURSOR')
    const from = q.from === undefined ? undefined : new Date(q.from)
    const to = q.to === undefined ? undefined : new Date(q.to)
    if (from && to && from >= to) return refuse(reply, 'AUDIT_BAD_RANGE')
    try {
      await app.audit.record(app.audit.entryFor(request, { action: 'audit-read', ...reader.actor, detail: { via: reader.via, filters: q } }))
    } catch {
      return refuse(reply, 'AUDIT_UNAVAILABLE')
    }
    const filters = { user: q.user, action: q.action, pathPrefix: q.path, status: q.status, from, to }
    return app.audit.query(filters, q.cursor, q.limit ?? 50)
  })
}
