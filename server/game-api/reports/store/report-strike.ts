// Strike reports: every prize won in the group, and the strikes summed per direct downline.
import type { Queryable } from '../../../shared/db.ts'
import { MAX_REPORT_ROWS, SCOPE, dateText, runReport, scopeParams, type Report, type ReportParams } from './scope.ts'

/** reportStrike: each prize won by a bet of the group (ticket, user, draw, number, prize, amounts and payout). */
export function reportStrike (q: Queryable, params: ReportParams): Promise<Report> {
  return runReport(q, `${SCOPE}
    SELECT t.ticket_no AS "TicketNo", live.user_id AS "UserId", live.draw_id AS "DrawId", ${dateText('live.draw_date')} AS "DrawDate",
      s.number AS "Number", live.form AS "Form", s.prize AS "Prize", s.big::float8 AS "Big", s.small::float8 AS "Small", live.units::float8 AS "Units", s.hits AS "Hits", s.payout::float8 AS "Payout"
    FROM strikes s JOIN live ON live.bet_id = s.bet_id JOIN tickets t ON t.ticket_id = live.ticket_id
    ORDER BY live.draw_date DESC, s.payout DESC, s.strike_id`, scopeParams(params), { skip: ['DrawId', 'Big', 'Small', 'Units'], limit: MAX_REPORT_ROWS })
}

/** reportStrike2: per direct downline and the user, the winning bets, prizes, payout and the part of it the group's intake paid. */
export function reportStrike2 (q: Queryable, params: ReportParams): Promise<Report> {
  return runReport(q, `${SCOPE},
    s AS (SELECT live.row_user, count(*) AS strikes, count(DISTINCT live.bet_id) AS winners, sum(s.payout) AS payout FROM strikes s JOIN live ON live.bet_id = s.bet_id GROUP BY live.row_user),
    lv AS (SELECT tr.row_user, sum(l.intake_payout) AS intake_strike FROM bet_levels l JOIN live ON live.bet_id = l.bet_id JOIN tree tr ON tr.user_id = l.user_id GROUP BY tr.row_user)
    SELECT u.user_id AS "UserId", u.alias_id AS "UserName", u.role AS "Role", COALESCE(s.winners, 0)::int AS "Winners", COALESCE(s.strikes, 0)::int AS "Strikes",
      COALESCE(s.payout, 0)::float8 AS "Strike", COALESCE(lv.intake_strike, 0)::float8 AS "IntakeStrike"
    FROM tree t JOIN users u ON u.user_id = t.user_id LEFT JOIN s ON s.row_user = t.user_id LEFT JOIN lv ON lv.row_user = t.user_id
    WHERE t.depth <= 1 ORDER BY t.depth, u.user_id`, scopeParams(params))
}
