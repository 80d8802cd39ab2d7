// Full report: one row per direct downline (its whole group) and one for the user's own bets and level; the rows add up to the user's row one level up.
// Read from the per-draw aggregates (draw_user_totals), never the bets: a draw of a million bets costs what one of a thousand does.
import type { Queryable } from '../../../shared/db.ts'
import { reportErrors } from '../errors.ts'
import { SCOPE, dateText, runReport, scopeParams, type Report, type ReportParams } from './scope.ts'

/** A row of the full report. Group columns add up across the hierarchy; My* columns are the report user's own level on that row's bets; intake is what a level kept after its throws. */
export interface FullRow extends Record<string, unknown> {
  UserId: string
  UserName: string
  Role: string
  Tickets: number
  Bets: number
  Stake: number
  Commission: number
  Strike: number
  Net: number
  Intake: number
  IntakeStrike: number
  IntakeNet: number
  MyIntake: number
  MyIntakeStrike: number
  MyOut: number
  MyOutStrike: number
  /** What the row's levels (Thrown) or the user's own level (MyThrown) threw to distributors, settled at finalise, and its payout. */
  Thrown: number
  ThrownStrike: number
  MyThrown: number
  MyThrownStrike: number
  MyCommission: number
}

// A level's user sits above its bettor, so a level inside the tree always counts bets placed inside it (as the bets' own scope does).
// Tickets: a ticket counts once per draw, so summing draws is exact for one draw, one draw date or per draw; a longer range counts them from the bets.
// perDraw (reportBreakdownFull): the same rows for each chosen draw (d = the draw key, empty otherwise); a row with no figure on a draw is left out.
const sql = (ticketsFromBets: boolean, perDraw = false) => {
  const d = perDraw ? 'a.draw_id, ' : ''
  const on = (alias: string) => perDraw ? ` AND ${alias}.draw_id = k.draw_id` : ''
  const drawColumns = perDraw ? `k.draw_id AS "DrawId", ${dateText('sel.draw_date')} AS "DrawDate", ` : ''
  const keys = perDraw ? ',\n  k AS (SELECT draw_id, row_user FROM b UNION SELECT draw_id, row_user FROM lv UNION SELECT draw_id, row_user FROM me)' : ''
  return `${SCOPE},
  agg AS (SELECT t.* FROM draw_user_totals t JOIN sel ON sel.draw_id = t.draw_id),
  b AS (SELECT ${d}tr.row_user, sum(a.bets) AS bets, sum(a.tickets) AS tickets, sum(a.stake) AS stake, sum(a.payout) AS strike
        FROM agg a JOIN tree tr ON tr.user_id = a.bettor_id WHERE a.level = 0 GROUP BY ${d}tr.row_user),
  ${ticketsFromBets ? 'tk AS (SELECT row_user, count(DISTINCT ticket_id) AS tickets FROM live GROUP BY row_user),' : ''}
  lv AS (SELECT ${d}tr.row_user, sum(a.commission) AS commission, sum(a.amount_kept - a.amount_thrown) AS intake, sum(a.kept_payout - a.thrown_payout) AS intake_strike,
           sum(a.amount_thrown) AS thrown, sum(a.thrown_payout) AS thrown_strike
         FROM agg a JOIN tree tr ON tr.user_id = a.user_id GROUP BY ${d}tr.row_user),
  me AS (SELECT ${d}tr.row_user, sum(a.amount_kept - a.amount_thrown) AS intake, sum(a.kept_payout - a.thrown_payout) AS intake_strike, sum(a.amount_out) AS out, sum(a.out_payout) AS out_strike,
           sum(a.amount_thrown) AS thrown, sum(a.thrown_payout) AS thrown_strike, sum(a.commission) AS commission
         FROM agg a JOIN tree tr ON tr.user_id = a.bettor_id WHERE a.user_id = $1 GROUP BY ${d}tr.row_user)${keys}
  SELECT ${drawColumns}u.user_id AS "UserId", u.alias_id AS "UserName", u.role AS "Role",
    COALESCE(${ticketsFromBets ? 'tk.tickets' : 'b.tickets'}, 0)::int AS "Tickets", COALESCE(b.bets, 0)::int AS "Bets",
    COALESCE(b.stake, 0)::float8 AS "Stake", COALESCE(lv.commission, 0)::float8 AS "Commission", COALESCE(b.strike, 0)::float8 AS "Strike",
    (COALESCE(b.stake, 0) - COALESCE(lv.commission, 0) - COALESCE(b.strike, 0))::float8 AS "Net",
    COALESCE(lv.intake, 0)::float8 AS "Intake", COALESCE(lv.intake_strike, 0)::float8 AS "IntakeStrike", (COALESCE(lv.intake, 0) - COALESCE(lv.intake_strike, 0))::float8 AS "IntakeNet",
    COALESCE(lv.thrown, 0)::float8 AS "Thrown", COALESCE(lv.thrown_strike, 0)::float8 AS "ThrownStrike",
    COALESCE(me.intake, 0)::float8 AS "MyIntake", COALESCE(me.intake_strike, 0)::float8 AS "MyIntakeStrike",
    COALESCE(me.out, 0)::float8 AS "MyOut", COALESCE(me.out_strike, 0)::float8 AS "MyOutStrike",
    COALESCE(me.thrown, 0)::float8 AS "MyThrown", COALESCE(me.thrown_strike, 0)::float8 AS "MyThrownStrike", COALESCE(me.commission, 0)::float8 AS "MyCommission"
  FROM tree t JOIN users u ON u.user_id = t.user_id${perDraw ? ' JOIN k ON k.row_user = t.user_id JOIN sel ON sel.draw_id = k.draw_id' : ''}
  LEFT JOIN b ON b.row_user = t.user_id${on('b')} LEFT JOIN lv ON lv.row_user = t.user_id${on('lv')} LEFT JOIN me ON me.row_user = t.user_id${on('me')}
  ${ticketsFromBets ? 'LEFT JOIN tk ON tk.row_user = t.user_id' : ''}
  WHERE t.depth <= 1 ORDER BY ${perDraw ? 'sel.draw_date DESC, k.draw_id DESC, ' : ''}t.depth, u.user_id`
}

/** SQL of the full report for one draw or one draw date (the user's row first, then direct downlines by id). */
export const FULL_SQL = sql(false)

/** Whether the report covers at most one draw per series, where summing each draw's ticket count is exact. */
function oneDrawEach (p: ReportParams): boolean {
  const [, , drawId, from, to] = scopeParams(p)
  return drawId !== null || (from !== null && from === to)
}

/** reportFull: stake, commission, strike, net, intake and out per direct downline and for the user. */
export function reportFull (q: Queryable, params: ReportParams): Promise<Report<FullRow>> {
  return runReport<FullRow>(q, oneDrawEach(params) ? FULL_SQL : sql(true), scopeParams(params))
}

/** reportBreakdownFull: the full report's rows for each chosen draw (newest first); per draw each ticket counts once, so its totals equal reportFull's over one draw. */
export function reportBreakdown (q: Queryable, params: ReportParams): Promise<Report<FullRow>> {
  return runReport<FullRow>(q, BREAKDOWN_SQL, scopeParams(params), { skip: ['DrawId'] })
}
const BREAKDOWN_SQL = sql(false, true)

/** reportFull2: the full report over a range of draw dates, both ends required (the range filter of reportFull made explicit). */
export function reportFullRange (q: Queryable, params: ReportParams): Promise<Report<FullRow>> {
  if (!params.drawFrom || !params.drawTo) throw reportErrors.rangeRequired()
  return reportFull(q, { ...params, drawId: null, drawDate: null })
}
