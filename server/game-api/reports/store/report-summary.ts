// Summary report: the group's figures per draw.
import type { Queryable } from '../../../shared/db.ts'
import { SCOPE, dateText, runReport, scopeParams, type Report, type ReportParams } from './scope.ts'

/** reportSummary3: per draw the group's tickets, bets, stake, commission, strike, net, intake and intake strike. */
export function reportSummary (q: Queryable, params: ReportParams): Promise<Report> {
  return runReport(q, `${SCOPE},
    b AS (SELECT draw_id, count(*) AS bets, count(DISTINCT ticket_id) AS tickets, sum(amount) AS stake, sum(payout) AS strike FROM live GROUP BY draw_id),
    lv AS (SELECT live.draw_id, sum(l.commission) AS commission, sum(l.amount_intake) AS intake, sum(l.intake_payout) AS intake_strike
           FROM bet_levels l JOIN live ON live.bet_id = l.bet_id JOIN tree tr ON tr.user_id = l.user_id GROUP BY live.draw_id)
    SELECT b.draw_id AS "DrawId", ${dateText('d.draw_date')} AS "DrawDate", d.is_finalised AS "IsFinalised", b.tickets::int AS "Tickets", b.bets::int AS "Bets",
      b.stake::float8 AS "Stake", COALESCE(lv.commission, 0)::float8 AS "Commission", b.strike::float8 AS "Strike",
      (b.stake - COALESCE(lv.commission, 0) - b.strike)::float8 AS "Net", COALESCE(lv.intake, 0)::float8 AS "Intake", COALESCE(lv.intake_strike, 0)::float8 AS "IntakeStrike"
    FROM b JOIN draws d ON d.draw_id = b.draw_id LEFT JOIN lv ON lv.draw_id = b.draw_id
    ORDER BY d.draw_date DESC, b.draw_id DESC`, scopeParams(params))
}
