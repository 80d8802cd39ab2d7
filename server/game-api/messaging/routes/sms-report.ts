// SMS Report (SMS › SMS Report): messages and their cost per user and day (GMT+8), with sums; the cost is what SMS Gateway's cost per
// message was when each message was sent. ADMIN only (the SMS group's rule).
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { addDays, zoneDateOf } from '../../../../schemas/domain/calendar.ts'
import { LocIdField, envelope, ok } from '../../lib/envelope.ts'
import { smsErrors } from '../errors.ts'
import { smsPerDay, type SmsDayRow } from '../store/sms-report.ts'
import { queryDate } from '../../lib/query-date.ts'

/** The days a report covers when none are given: the last seven, today included. */
const DEFAULT_DAYS = 7
/** The longest period one report covers. */
const MAX_DAYS = 366

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

const figures = (r: Pick<SmsDayRow, 'inbound' | 'outbound' | 'sent' | 'failed' | 'queued' | 'cost'>) => ({
  Inbound: Number(r.inbound),
  Outbound: Number(r.outbound),
  Sent: Number(r.sent),
  Failed: Number(r.failed),
  Queued: Number(r.queued),
  Cost: Math.round(Number(r.cost) * 10_000) / 10_000
})

/** Sums every figure of the rows (the footer). */
function totalsOf (rows: ReadonlyArray<ReturnType<typeof figures>>) {
  const sum = (key: keyof ReturnType<typeof figures>) => rows.reduce((s, r) => s + r[key], 0)
  return { Inbound: sum('Inbound'), Outbound: sum('Outbound'), Sent: sum('Sent'), Failed: sum('Failed'), Queued: sum('Queued'), Cost: Math.round(sum('Cost') * 10_000) / 10_000 }
}

/** GET getSMSReport (per user and day) and getSMSReportSum (per user over the period). */
const smsReportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** Every user and day of the period with a message, inbound and outbound together. */
  const perDay = async (query: { DateFrom?: string, DateTo?: string, UserId?: string }): Promise<SmsDayRow[]> => {
    const to = query.DateTo || zoneDateOf(app.gaNow())
    const from = query.DateFrom || addDays(to, -(DEFAULT_DAYS - 1))
    queryDate('DateFrom', from)
    queryDate('DateTo', to)
    if (from > to || addDays(from, MAX_DAYS) <= to) throw smsErrors.badPeriod(from, to, MAX_DAYS)
    return smsPerDay(app.db, from, to, query.UserId || null)
  }

  app.get('/getSMSReport', {
    schema: { querystring: Query, response: envelope(Type.Object({ rows: Type.Array(DayRow), totals: Totals })) }
  }, async (request) => {
    const rows = (await perDay(request.query)).map((r) => ({ UserId: r.user_id, Day: r.day, ...figures(r) }))
    return ok({ rows, totals: totalsOf(rows) })
  })

  app.get('/getSMSReportSum', {
    schema: { querystring: Query, response: envelope(Type.Object({ rows: Type.Array(UserRow), totals: Totals })) }
  }, async (request) => {
    const byUser = new Map<string, { UserId: string, Days: number } & ReturnType<typeof figures>>()
    for (const r of await perDay(request.query)) {
      const f = figures(r)
      const seen = byUser.get(r.user_id)
      if (!seen) { byUser.set(r.user_id, { UserId: r.user_id, Days: 1, ...f }); continue }
      seen.Days++
      for (const key of ['Inbound', 'Outbound', 'Sent', 'Failed', 'Queued', 'Cost'] as const) seen[key] += f[key]
    }
    const rows = [...byUser.values()].map((r) => ({ ...r, Cost: Math.round(r.Cost * 10_000) / 10_000 })).sort((a, b) => a.UserId.localeCompare(b.UserId))
    return ok({ rows, totals: totalsOf(rows) })
  })
}

export default smsReportRoutes
