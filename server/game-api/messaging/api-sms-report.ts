// The messaging module's SMS Report use cases: messages and their cost per user and day (GMT+8), or per user over the period, with sums.
// Beside api.ts so that file stays the module's writes and short reads.
import type { Db } from '../../shared/db.ts'
import { addDays, zoneDateOf } from '../../../schemas/domain/calendar.ts'
import type { Caller } from '../lib/caller.ts'
import { queryDate } from '../lib/query-date.ts'
import { smsErrors } from './errors.ts'
import { smsPerDay, type SmsDayRow } from './store/sms-report.ts'

/** The days a report covers when none are given: the last seven, today included. */
const DEFAULT_DAYS = 7
/** The longest period one report covers. */
const MAX_DAYS = 366

/** A report's period and user as asked: the days default to the last seven up to today; every user when none is named. */
export interface SmsReportQuery { DateFrom?: string | undefined, DateTo?: string | undefined, UserId?: string | undefined }
/** What a row of the report counts: messages received, written, sent, failed, still queued, and what those sent cost. */
export interface SmsFigures { Inbound: number, Outbound: number, Sent: number, Failed: number, Queued: number, Cost: number }

/** getSMSReport: every user and day of the period with a message, and the sums. */
export async function smsReportPerDay (db: Db, caller: Caller, query: SmsReportQuery): Promise<{ rows: Array<{ UserId: string, Day: string } & SmsFigures>, totals: SmsFigures }> {
  const rows = (await perDay(db, caller, query)).map((r) => ({ UserId: r.user_id, Day: r.day, ...figures(r) }))
  return { rows, totals: totalsOf(rows) }
}

/** getSMSReportSum: every user of the period with a message, its days and figures summed over them, and the sums. */
export async function smsReportPerUser (db: Db, caller: Caller, query: SmsReportQuery): Promise<{ rows: Array<{ UserId: string, Days: number } & SmsFigures>, totals: SmsFigures }> {
  const byUser = new Map<string, { UserId: string, Days: number } & SmsFigures>()
  for (const r of await perDay(db, caller, query)) {
    const f = figures(r)
    const seen = byUser.get(r.user_id)
    if (!seen) { byUser.set(r.user_id, { UserId: r.user_id, Days: 1, ...f }); continue }
    seen.Days++
    for (const key of ['Inbound', 'Outbound', 'Sent', 'Failed', 'Queued', 'Cost'] as const) seen[key] += f[key]
  }
  const rows = [...byUser.values()].map((r) => ({ ...r, Cost: Math.round(r.Cost * 10_000) / 10_000 })).sort((a, b) => a.UserId.localeCompare(b.UserId))
  return { rows, totals: totalsOf(rows) }
}

/** Every user and day of the period with a message, inbound and outbound together. */
async function perDay (db: Db, caller: Caller, query: SmsReportQuery): Promise<SmsDayRow[]> {
  const to = query.DateTo || zoneDateOf(caller.now)
  const from = query.DateFrom || addDays(to, -(DEFAULT_DAYS - 1))
  queryDate('DateFrom', from)
  queryDate('DateTo', to)
  if (from > to || addDays(from, MAX_DAYS) <= to) throw smsErrors.badPeriod(from, to, MAX_DAYS)
  return smsPerDay(db, from, to, query.UserId || null)
}

const figures = (r: Pick<SmsDayRow, 'inbound' | 'outbound' | 'sent' | 'failed' | 'queued' | 'cost'>): SmsFigures => ({
  Inbound: Number(r.inbound),
  Outbound: Number(r.outbound),
  Sent: Number(r.sent),
  Failed: Number(r.failed),
  Queued: Number(r.queued),
  Cost: Math.round(Number(r.cost) * 10_000) / 10_000
})

/** Sums every figure of the rows (the footer). */
function totalsOf (rows: readonly SmsFigures[]): SmsFigures {
  const sum = (key: keyof SmsFigures) => rows.reduce((s, r) => s + r[key], 0)
  return { Inbound: sum('Inbound'), Outbound: sum('Outbound'), Sent: sum('Sent'), Failed: sum('Failed'), Queued: sum('Queued'), Cost: Math.round(sum('Cost') * 10_000) / 10_000 }
}
