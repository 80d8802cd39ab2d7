// Member summary: the user's own bets per draw (what a member sees as Report).
import type { Queryable } from '../../../shared/db.ts'
import { SCOPE, dateText, runReport, scopeParams, type Report, type ReportParams } from './scope.ts'

/** mMemberReportSummary: per draw the user's own tickets, stake, own commission, strike and net. */
export function memberReportSummary (q: Queryable, params: ReportParams): Promise<Report> {
  return runReport(q, `${SCOPE}
    SELECT live.draw_id AS "DrawId", ${dateText('live.draw_date')} AS "DrawDate", count(DISTINCT live.ticket_id)::int AS "Tickets", count(*)::int AS "Bets",
      sum(live.amount)::float8 AS "Stake", sum(l.commission)::float8 AS "Commission", sum(live.payout)::float8 AS "Strike",
      (sum(live.amount) - sum(l.commission) - sum(live.payout))::float8 AS "Net"
    FROM live JOIN bet_levels l ON l.bet_id = live.bet_id AND l.level = 0
    WHERE live.user_id = $1
    GROUP BY live.draw_id, live.draw_date ORDER BY live.draw_date DESC, live.draw_id DESC`, scopeParams(params))
}
