// Strike summaries and result details: the group's winning bets of the chosen draws, summed by prize, downline or number, or listed per line or ticket.
import type { Queryable } from '../../../shared/db.ts'
import { MAX_REPORT_ROWS, SCOPE, dateText, runReport, scopeParams, type Report, type ReportParams } from './scope.ts'

/** What a strike summary groups by: the prize tier (1), the direct downline whose group won (2), the number and form (3). */
export type StrikeSummaryBy = 'prize' | 'downline' | 'number'

const SUMMARY_KEYS: Record<StrikeSummaryBy, { select: string, group: string, order: string }> = {
  prize: { select: 's.prize AS "Prize"', group: 's.prize', order: 's.prize' },
  downline: { select: 'live.row_user AS "UserId", u.alias_id AS "UserName", u.role AS "Role"', group: 'live.row_user, u.alias_id, u.role, (live.row_user = $1)', order: '(live.row_user = $1) DESC, live.row_user' },
  number: { select: 's.number AS "Number", live.form AS "Form"', group: 's.number, live.form', order: 'sum(s.payout) DESC, s.number, live.form' }
}

/** reportStrikeSummary1/2/3: the strikes of the group's bets summed by prize, downline or number: winning bets, prizes, combinations hit, amounts won on and payout. */
export function strikeSummary (by: StrikeSummaryBy) {
  const key = SUMMARY_KEYS[by]
  return (q: Queryable, params: ReportParams): Promise<Report> => runReport(q, `${SCOPE}
    SELECT ${key.select}, count(DISTINCT live.bet_id)::int AS "Winners", count(*)::int AS "Strikes", sum(s.hits)::int AS "Hits",
      sum(s.big)::float8 AS "Big", sum(s.small)::float8 AS "Small", sum(s.payout)::float8 AS "Payout"
    FROM strikes s JOIN live ON live.bet_id = s.bet_id JOIN users u ON u.user_id = live.row_user
    GROUP BY ${key.group} ORDER BY ${key.order}`, scopeParams(params), { limit: MAX_REPORT_ROWS })
}

// A winning ticket's prizes on one draw, in line order (its rows group the lines).
const TICKET_PRIZES = `,
    ticket_prizes AS (SELECT live.ticket_id, live.draw_id, array_agg(s.prize ORDER BY live.line_no, s.strike_id) AS prizes FROM strikes s JOIN live ON live.bet_id = s.bet_id GROUP BY live.ticket_id, live.draw_id)`

/**
 * reportStrikeResultDetail1 (per winning line) and 2 (per winning ticket): what won, the prizes (a list of prize codes the page
 * words in the user's language), the payout and the part the report user's own level paid from its intake.
 */
export function strikeDetail (per: 'line' | 'ticket') {
  const line = per === 'line'
  return (q: Queryable, params: ReportParams): Promise<Report> => runReport(q, `${SCOPE},
    won AS (SELECT s.bet_id, array_agg(s.prize ORDER BY s.strike_id) AS prizes, sum(s.hits) AS hits FROM strikes s JOIN live ON live.bet_id = s.bet_id GROUP BY s.bet_id)${line ? '' : TICKET_PRIZES}
    SELECT t.ticket_no AS "TicketNo", live.user_id AS "UserId", live.draw_id AS "DrawId", ${dateText('live.draw_date')} AS "DrawDate",
      ${line
        ? 'live.number AS "Number", live.form AS "Form", won.prizes AS "Prizes", live.big::float8 AS "Big", live.small::float8 AS "Small", live.units::float8 AS "Units", won.hits::int AS "Hits", live.amount::float8 AS "Stake", live.payout::float8 AS "Payout", COALESCE(l.intake_payout, 0)::float8 AS "MyIntakeStrike"'
        : 'count(*)::int AS "Lines", string_agg(live.number, \', \' ORDER BY live.line_no, live.bet_id) AS "Numbers", tp.prizes AS "Prizes", sum(won.hits)::int AS "Hits", sum(live.amount)::float8 AS "Stake", sum(live.payout)::float8 AS "Payout", COALESCE(sum(l.intake_payout), 0)::float8 AS "MyIntakeStrike"'}
    FROM won JOIN live ON live.bet_id = won.bet_id JOIN tickets t ON t.ticket_id = live.ticket_id
    LEFT JOIN bet_levels l ON l.bet_id = live.bet_id AND l.user_id = $1
    ${line ? '' : 'JOIN ticket_prizes tp ON tp.ticket_id = live.ticket_id AND tp.draw_id = live.draw_id GROUP BY t.ticket_no, live.user_id, live.draw_id, live.draw_date, tp.prizes'}
    ORDER BY live.draw_date DESC, ${line ? 'live.payout DESC, live.bet_id' : 'sum(live.payout) DESC, t.ticket_no'}`,
  scopeParams(params), { skip: ['DrawId', 'Big', 'Small', 'Units'], limit: MAX_REPORT_ROWS })
}

/** selectReportInTakeStrike: the report user's own level on the winning bets it kept: each bet, its intake and what that intake paid. */
export function intakeStrike (q: Queryable, params: ReportParams): Promise<Report> {
  return runReport(q, `${SCOPE}
    SELECT t.ticket_no AS "TicketNo", live.user_id AS "UserId", live.draw_id AS "DrawId", ${dateText('live.draw_date')} AS "DrawDate",
      live.number AS "Number", live.form AS "Form", l.level AS "Level", l.big_intake::float8 AS "BigIntake", l.small_intake::float8 AS "SmallIntake",
      l.amount_intake::float8 AS "Intake", live.payout::float8 AS "Payout", l.intake_payout::float8 AS "IntakeStrike"
    FROM bet_levels l JOIN live ON live.bet_id = l.bet_id JOIN tickets t ON t.ticket_id = live.ticket_id
    WHERE l.user_id = $1 AND l.intake_payout <> 0
    ORDER BY live.draw_date DESC, l.intake_payout DESC, live.bet_id`, scopeParams(params), { skip: ['DrawId', 'Level', 'BigIntake', 'SmallIntake'], limit: MAX_REPORT_ROWS })
}
