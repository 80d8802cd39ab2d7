import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { type Game } from '../../../../schemas/game/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { caller } from '../../plugins/auth.ts'
import { reports } from '../store/index.ts'
import { ReportSchema } from '../../betting/schemas.ts'
import { subjectOf } from '../../lib/downline-access.ts'
import { drawDateRange, queryDate } from '../../lib/query-date.ts'

const DateField = Type.Optional(Type.String({ maxLength: 10 }))
const ReportQuery = Type.Object({
  UserId: Type.Optional(Type.String({ maxLength: 50 })),
  DrawId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  DrawDate: DateField,
  DrawFrom: DateField,
  DrawTo: DateField,
  FileId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'an upload page (reportBetPage*)' })),
  SettingId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'a saved grouping of GET reportGroupSetting (reportGroupFull)' })),
  LocId: LocIdField,
  // Sent by the client: a cache-buster and the view name; they do not change the answer.
  rand: Type.Optional(Type.String({ maxLength: 40 })),
  VW: Type.Optional(Type.String({ maxLength: 40 }))
})

/** GET <report name> for every report of reports/: for the caller's account or a downline (403 otherwise), by draw, draw date or draw range. */
const reportRoutes: FastifyPluginAsyncTypebox<{ game: Game }> = async (app, { game }) => {
  for (const [name, report] of Object.entries(reports)) {
    app.get(`/${name}`, { schema: { querystring: ReportQuery, response: envelope(ReportSchema) } }, async (request) => {
      const user = caller(request)
      const q = request.query
      if (q.DrawDate) queryDate('DrawDate', q.DrawDate)
      const range = drawDateRange(q)
      const userId = await subjectOf(app.db, user, q.UserId)
      // The caller's own account bounds what reportUplineFull shows above the user.
      const reach = await subjectOf(app.db, user)
      return ok(await report(app.db, {
        userId,
        game,
        drawId: q.DrawId ?? null,
        drawDate: q.DrawDate || null,
        drawFrom: range.from,
        drawTo: range.to,
        fileId: q.FileId ?? null,
        settingId: q.SettingId ?? null,
        reach,
        now: app.gaNow()
      }))
    })
  }
}

export default reportRoutes
