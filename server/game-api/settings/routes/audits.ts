import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { zoneIso } from '../../../../schemas/domain/calendar.ts'

const AuditRecord = Type.Object({
  AuditId: Type.Integer(),
  UserId: Type.Union([Type.String(), Type.Null()]),
  Action: Type.String(),
  Path: Type.String(),
  Detail: Type.Unknown(),
  CreatedDate: Type.String()
})

/** GET audits (ADMIN): the game API's own change log, newest first, filtered by user and action, paged by AuditId (before). */
const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/audits', {
    onRequest: app.gaRequireAdmin,
    schema: {
      querystring: Type.Object({
        UserId: Type.Optional(Type.String({ maxLength: 50 })),
        Action: Type.Optional(Type.String({ maxLength: 50 })),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
        before: Type.Optional(Type.Integer({ minimum: 1 })),
        LocId: LocIdField
      }),
      response: envelope(Type.Array(AuditRecord))
    }
  }, async (request) => {
    const { UserId, Action, limit, before } = request.query
    const { rows } = await app.db.query<{ audit_id: string | number, user_id: string | null, action: string, path: string, detail: unknown, created_at: Date }>(
      `SELECT * FROM audits WHERE ($1::text IS NULL OR user_id = $1) AND ($2::text IS NULL OR action = $2) AND ($3::bigint IS NULL OR audit_id < $3)
       ORDER BY audit_id DESC LIMIT $4`, [UserId || null, Action || null, before ?? null, limit ?? 100])
    return ok(rows.map((r) => ({
      AuditId: Number(r.audit_id),
      UserId: r.user_id,
      Action: r.action,
      Path: r.path,
      Detail: r.detail,
      CreatedDate: zoneIso(new Date(r.created_at))
    })))
  })
}

export default auditRoutes
