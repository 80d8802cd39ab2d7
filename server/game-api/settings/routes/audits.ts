import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { zoneIso } from '../../../../schemas/domain/calendar.ts'
import { auditsPage } from '../store/audits.ts'

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
    const rows = await auditsPage(app.db, { userId: UserId || null, action: Action || null, before: before ?? null, limit: limit ?? 100 })
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
