import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { auditRecords } from '../api.ts'

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
    return ok(await auditRecords(app.db, callerOf(request), { userId: UserId, action: Action, before, limit }))
  })
}

export default auditRoutes
