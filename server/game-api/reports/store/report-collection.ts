// Collection report: what each direct downline's group owes (Net) next to its balances, from the full report's figures.
import type { Queryable } from '../../../shared/db.ts'
import { reportFull } from './report-full.ts'
import type { Report, ReportParams } from './scope.ts'
import { totalsOf } from '../rules/totals.ts'

/** reportCollectionFull: per row Stake, Commission, Strike, Net (to collect when positive, to pay when negative) and the user's Credit, AccBal, CreditLeft. */
export async function reportCollection (q: Queryable, params: ReportParams): Promise<Report> {
  const full = await reportFull(q, params)
  const { rows: balances } = await q.query<{ user_id: string, credit: number, acc_bal: number, credit_left: number }>(
    'SELECT user_id, credit::float8 AS credit, acc_bal::float8 AS acc_bal, credit_left::float8 AS credit_left FROM users WHERE user_id = ANY($1::text[])', [full.rows.map((r) => r.UserId)])
  const byId = new Map(balances.map((b) => [b.user_id, b]))
  const rows = full.rows.map((r) => {
    const b = byId.get(r.UserId)
    return { UserId: r.UserId, UserName: r.UserName, Role: r.Role, Stake: r.Stake, Commission: r.Commission, Strike: r.Strike, Net: r.Net, Credit: b?.credit ?? 0, AccBal: b?.acc_bal ?? 0, CreditLeft: b?.credit_left ?? 0 }
  })
  return { rows, totals: totalsOf(rows), count: rows.length }
}
