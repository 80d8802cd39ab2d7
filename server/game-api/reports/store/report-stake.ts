// Stake report: how much the group bet on each number or TOTO entry.
import type { Queryable } from '../../../shared/db.ts'
import { MAX_REPORT_ROWS, SCOPE, runReport, scopeParams, type Report, type ReportParams } from './scope.ts'

/** reportStakeFull: per number and form, the Big, Small and total stake, bets and tickets, largest first. */
export function reportStake (q: Queryable, params: ReportParams): Promise<Report> {
  return runReport(q, `${SCOPE}
    SELECT live.number AS "Number", live.form AS "Form", count(*)::int AS "Bets", count(DISTINCT live.ticket_id)::int AS "Tickets",
      sum(l.big_in)::float8 AS "Big", sum(l.small_in)::float8 AS "Small", sum(live.amount)::float8 AS "Stake"
    FROM live JOIN bet_levels l ON l.bet_id = live.bet_id AND l.level = 0
    GROUP BY live.number, live.form ORDER BY sum(live.amount) DESC, live.number`, scopeParams(params), { limit: MAX_REPORT_ROWS })
}
