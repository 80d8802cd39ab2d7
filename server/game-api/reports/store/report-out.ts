// Out report: what left the user's group per number or TOTO entry: what its level passed up, with the part of the strikes that went
// with it, and what any level of the group threw out to a distributor (by hand or by processing), which leaves the book.
import type { Queryable } from '../../../shared/db.ts'
import { MAX_REPORT_ROWS, SCOPE, runReport, scopeParams, type Report, type ReportParams } from './scope.ts'

/**
 * reportOutFull: per number and form, the Big, Small and total out of the user's level and the out strike; a throw of the group is
 * a row of form "throw" whose strike is what the distributor owes back on it (0 until the draw is finalised).
 */
export function reportOut (q: Queryable, params: ReportParams): Promise<Report> {
  return runReport(q, `${SCOPE}
    SELECT * FROM (
      SELECT live.number AS "Number", live.form AS "Form", count(*)::int AS "Bets",
        sum(l.big_out)::float8 AS "BigOut", sum(l.small_out)::float8 AS "SmallOut", sum(l.amount_out)::float8 AS "AmountOut", sum(l.out_payout)::float8 AS "OutStrike"
      FROM bet_levels l JOIN live ON live.bet_id = l.bet_id
      WHERE l.user_id = $1 AND l.amount_out > 0
      GROUP BY live.number, live.form
      UNION ALL
      SELECT t.number, 'throw', count(*)::int, sum(t.big)::float8, sum(t.small)::float8, sum(CASE WHEN t.game = '4D' THEN t.big + t.small ELSE t.units END)::float8, COALESCE(sum(t.payout), 0)::float8
      FROM throws t JOIN sel ON sel.draw_id = t.draw_id JOIN tree tr ON tr.user_id = t.user_id
      GROUP BY t.number) AS out
    ORDER BY "AmountOut" DESC, "Number", "Form"`, scopeParams(params), { limit: MAX_REPORT_ROWS })
}
