// Draw result report: each prize of the chosen draws with the winning numbers and what the group's bets took on it.
import type { Queryable } from '../../../shared/db.ts'
import { MAX_REPORT_ROWS, SCOPE, dateText, runReport, scopeParams, type Report, type ReportParams } from './scope.ts'

/** resultReport: per draw and prize (4D tier, TOTO group or side bet), the strikes, combinations hit and payout of the group. */
export function resultReport (q: Queryable, params: ReportParams): Promise<Report> {
  return runReport(q, `${SCOPE}
    SELECT sel.draw_id AS "DrawId", ${dateText('sel.draw_date')} AS "DrawDate", d.series AS "Series", d.result AS "Result", s.prize AS "Prize",
      count(s.strike_id)::int AS "Strikes", COALESCE(sum(s.hits), 0)::int AS "Hits", COALESCE(sum(s.payout), 0)::float8 AS "Payout"
    FROM sel JOIN draws d ON d.draw_id = sel.draw_id
    LEFT JOIN (SELECT s.* FROM strikes s JOIN live ON live.bet_id = s.bet_id) s ON s.draw_id = sel.draw_id
    WHERE d.result IS NOT NULL
    GROUP BY sel.draw_id, sel.draw_date, d.series, d.result, s.prize
    ORDER BY sel.draw_date DESC, sel.draw_id DESC, s.prize NULLS LAST`, scopeParams(params), { limit: MAX_REPORT_ROWS })
}
