// SMS Report (SMS › SMS Report): messages and their cost per user and day (GMT+8), with sums; the cost is what SMS Gateway's cost per
// message was when each message was sent. ADMIN only (the SMS group's rule).
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { callerOf } from '../../plugins/auth.ts'
import { smsReportPerDay, smsReportPerUser } from '../api-sms-report.ts'

const Figures = {
  Inbound: Type.Integer({ description: 'messages received from the user' }),
  Outbound: Type.Integer({ description: 'messages written for the user (replies, copies, tests, results, strikes)' }),
  Sent: Type.Integer(),
  Failed: Type.Integer(),
  Queued: Type.Integer(),
  Cost: Type.Number({ description: 'what the gateway charged for the messages sent' })
}
const DayRow = Type.Object({ UserId: Type.String({ description: 'empty: replies to numbers registered to nobody' }), Day: Type.String(), ...Figures })
const UserRow = Type.Object({ UserId: Type.String(), Days: Type.Integer(), ...Figures })
const Totals = Type.Object({ ...Figures })
const Query = Type.Object({
  LocId: LocIdField,
  DateFrom: Type.Optional(Type.String({ maxLength: 10, description: 'the first day, YYYY-MM-DD (GMT+8); default six days before DateTo' })),
  DateTo: Type.Optional(Type.String({ maxLength: 10, description: 'the last day, YYYY-MM-DD (GMT+8); default today' })),
  UserId: Type.Optional(Type.String({ maxLength: 50, description: 'one user only' }))
})

/** GET getSMSReport (per user and day) and getSMSReportSum (per user over the period). */
const smsReportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/getSMSReport', {
    schema: { querystring: Query, response: envelope(Type.Object({ rows: Type.Array(DayRow), totals: Totals })) }
  }, async (request) => ok(await smsReportPerDay(app.db, callerOf(request), request.query)))

  app.get('/getSMSReportSum', {
    schema: { querystring: Query, response: envelope(Type.Object({ rows: Type.Array(UserRow), totals: Totals })) }
  }, async (request) => ok(await smsReportPerUser(app.db, callerOf(request), request.query)))
}

export default smsReportRoutes
