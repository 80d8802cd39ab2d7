// 4D statement summary: each direct downline's 4D figures over a statement period (the draw week by default), as the Full report counts them.
import type { Queryable } from '../../../shared/db.ts'
import { periodOf } from '../../payments/api.ts'
import { reportFull } from './report-full.ts'
import type { Report, ReportParams } from './scope.ts'
import { totalsOf } from '../rules/totals.ts'

/** dSelectStatementSummary: per direct downline and the user, 4D whatever the prefix: tickets, stake, commission, strike, net (win/loss) and the intake's net, with the period. */
export async function statementSummary (q: Queryable, params: ReportParams): Promise<Report> {
  const period = periodOf(params.drawFrom ?? undefined, params.drawTo ?? undefined, params.now ?? new Date())
  const full = await reportFull(q, { userId: params.userId, game: '4D', drawFrom: period.from, drawTo: period.to })
  const rows = full.rows.map((r) => ({
    UserId: r.UserId, UserName: r.UserName, Role: r.Role, DrawFrom: period.from, DrawTo: period.to, Tickets: r.Tickets, Stake: r.Stake, Commission: r.Commission, Strike: r.Strike, Net: r.Net, IntakeNet: r.IntakeNet
  }))
  return { rows, totals: totalsOf(rows), count: rows.length }
}
