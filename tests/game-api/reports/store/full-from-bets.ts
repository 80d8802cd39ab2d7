// The Full report counted from the bets (what it ran before the per-draw aggregates): the reference the aggregates must equal.
import { SCOPE } from '../../../../server/game-api/reports/store/scope.ts'

export const FULL_FROM_BETS_SQL = `${SCOPE},
  b AS (SELECT row_user, count(*) AS bets, count(DISTINCT ticket_id) AS tickets, sum(amount) AS stake, sum(payout) AS strike FROM live GROUP BY row_user),
  lv AS (SELECT tr.row_user, sum(l.commission) AS commission, sum(l.amount_intake - l.amount_thrown) AS intake, sum(l.intake_payout - l.thrown_payout) AS intake_strike,
           sum(l.amount_thrown) AS thrown, sum(l.thrown_payout) AS thrown_strike
         FROM bet_levels l JOIN live ON live.bet_id = l.bet_id JOIN tree tr ON tr.user_id = l.user_id GROUP BY tr.row_user),
  me AS (SELECT live.row_user, sum(l.amount_intake - l.amount_thrown) AS intake, sum(l.intake_payout - l.thrown_payout) AS intake_strike, sum(l.amount_out) AS out, sum(l.out_payout) AS out_strike,
           sum(l.amount_thrown) AS thrown, sum(l.thrown_payout) AS thrown_strike, sum(l.commission) AS commission
         FROM bet_levels l JOIN live ON live.bet_id = l.bet_id WHERE l.user_id = $1 GROUP BY live.row_user)
  SELECT u.user_id AS "UserId", u.alias_id AS "UserName", u.role AS "Role",
    COALESCE(b.tickets, 0)::int AS "Tickets", COALESCE(b.bets, 0)::int AS "Bets",
    COALESCE(b.stake, 0)::float8 AS "Stake", COALESCE(lv.commission, 0)::float8 AS "Commission", COALESCE(b.strike, 0)::float8 AS "Strike",
    (COALESCE(b.stake, 0) - COALESCE(lv.commission, 0) - COALESCE(b.strike, 0))::float8 AS "Net",
    COALESCE(lv.intake, 0)::float8 AS "Intake", COALESCE(lv.intake_strike, 0)::float8 AS "IntakeStrike", (COALESCE(lv.intake, 0) - COALESCE(lv.intake_strike, 0))::float8 AS "IntakeNet",
    COALESCE(lv.thrown, 0)::float8 AS "Thrown", COALESCE(lv.thrown_strike, 0)::float8 AS "ThrownStrike",
    COALESCE(me.intake, 0)::float8 AS "MyIntake", COALESCE(me.intake_strike, 0)::float8 AS "MyIntakeStrike",
    COALESCE(me.out, 0)::float8 AS "MyOut", COALESCE(me.out_strike, 0)::float8 AS "MyOutStrike",
    COALESCE(me.thrown, 0)::float8 AS "MyThrown", COALESCE(me.thrown_strike, 0)::float8 AS "MyThrownStrike", COALESCE(me.commission, 0)::float8 AS "MyCommission"
  FROM tree t JOIN users u ON u.user_id = t.user_id
  LEFT JOIN b ON b.row_user = t.user_id LEFT JOIN lv ON lv.row_user = t.user_id LEFT JOIN me ON me.row_user = t.user_id
  WHERE t.depth <= 1 ORDER BY t.depth, u.user_id`
