import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { type Game } from '../../../../schemas/game/index.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { ReportSchema } from '../../betting/schemas.ts'
import { REPORT_NAMES, reportOf } from '../api.ts'

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
  for (const name of REPORT_NAMES) {
    app.get(`/${name}`, { schema: { querystring: ReportQuery, response: envelope(ReportSchema) } }, async (request) => ok(await reportOf(app.db, callerOf(request), { name, game, query: request.query })))
  }
}

export default reportRoutes
