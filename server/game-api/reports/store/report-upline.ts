// Upline report: the user's group's bets seen from above: what each level over the user holds of them, up to the caller's own level.
import type { Queryable } from '../../../shared/db.ts'
import { uplineCte } from '../../lib/user-tree.ts'
import { SCOPE, runReport, scopeParams, type Report, type ReportParams } from './scope.ts'

/**
 * reportUplineFull: per level above the report user (nearest first, up to and including params.reach, never above it),
 * on the bets of the user's group: what reached it, its commission, what it kept (intake), the intake's strike and net, and what it passed on.
 * With the user's own reportFull, the intakes add up to the group's stake when the reach is the top.
 */
export function reportUpline (q: Queryable, params: ReportParams): Promise<Report> {
  return runReport(q, `${SCOPE},
    ${uplineCte('up', { from: 'SELECT p.user_id, p.parent_id FROM users c JOIN users p ON p.user_id = c.parent_id WHERE c.user_id = $1' })},
    lim AS (SELECT depth FROM up WHERE user_id = $6),
    lv AS (SELECT l.user_id, count(*) AS bets, sum(l.amount_in) AS amount_in, sum(l.commission) AS commission, sum(l.amount_intake) AS intake,
             sum(l.intake_payout) AS intake_strike, sum(l.amount_out) AS out, sum(l.out_payout) AS out_strike
           FROM bet_levels l JOIN live ON live.bet_id = l.bet_id JOIN up ON up.user_id = l.user_id GROUP BY l.user_id)
    SELECT u.user_id AS "UserId", u.alias_id AS "UserName", u.role AS "Role", (up.depth + 1)::int AS "Above", COALESCE(lv.bets, 0)::int AS "Bets",
      COALESCE(lv.amount_in, 0)::float8 AS "AmountIn", COALESCE(lv.commission, 0)::float8 AS "Commission", COALESCE(lv.intake, 0)::float8 AS "Intake",
      COALESCE(lv.intake_strike, 0)::float8 AS "IntakeStrike", (COALESCE(lv.intake, 0) - COALESCE(lv.intake_strike, 0))::float8 AS "IntakeNet",
      COALESCE(lv.out, 0)::float8 AS "Out", COALESCE(lv.out_strike, 0)::float8 AS "OutStrike"
    FROM up JOIN lim ON up.depth <= lim.depth JOIN users u ON u.user_id = up.user_id LEFT JOIN lv ON lv.user_id = up.user_id
    ORDER BY up.depth`, [...scopeParams(params), params.reach ?? params.userId], { skip: ['Above'] })
}
