// Out report: what the user's level passed up (out) per number or TOTO entry, with the part of the strikes that went with it.
import type { Queryable } from '../../shared/db.ts'
import { MAX_REPORT_ROWS, SCOPE, runReport, scopeParams, type Report, type ReportParams } from './scope.ts'

/** reportOutFull: per number and form, the Big, Small and total out of the user's level and the out strike. */
export function reportOut (q: Queryable, params: ReportParams): Promise<Report> {
  return runReport(q, `${SCOPE}
    SELECT live.number AS "Number", live.form AS "Form", count(*)::int AS "Bets",
      sum(l.big_out)::float8 AS "BigOut", sum(l.small_out)::float8 AS "SmallOut", sum(l.amount_out)::float8 AS "AmountOut", sum(l.out_payout)::float8 AS "OutStrike"
    FROM bet_levels l JOIN live ON live.bet_id = l.bet_id
    WHERE l.user_id = $1 AND l.amount_out > 0
    GROUP BY live.number, live.form ORDER BY sum(l.amount_out) DESC, live.number`, scopeParams(params), { limit: MAX_REPORT_ROWS })
}
