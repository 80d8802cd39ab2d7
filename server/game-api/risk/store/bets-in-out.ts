// Bets In and Bets Out of a level in one draw, per number: what came in from its downline, or what it passed up and threw out.
import type { Queryable } from '../../../shared/db.ts'

/** One number's figures (to_whom: the upline or distributor it went to, for Bets Out; strike: what it won, 0 until finalised). */
export interface InOutRow { number: string, form: string, to_whom: string | null, big: number, small: number, amount: number, strike: number, bets: number }

/** Level rows of the viewer: level 0 is its own bet (nothing comes in to it), level > 0 its downline's. */
export async function betsInOrOut (q: Queryable, direction: 'in' | 'out', userId: string, drawId: number): Promise<InOutRow[]> {
  const sql = direction === 'in'
    ? `SELECT b.number, b.form, NULL AS to_whom, sum(l.big_in)::float8 AS big, sum(l.small_in)::float8 AS small, sum(l.amount_in)::float8 AS amount, sum(l.intake_payout + l.out_payout)::float8 AS strike, count(*)::int AS bets
       FROM bet_levels l JOIN bets b ON b.bet_id = l.bet_id
       WHERE l.user_id = $1 AND l.draw_id = $2 AND l.level > 0 AND b.status <> 'void' AND l.amount_in <> 0
       GROUP BY b.number, b.form ORDER BY b.number, b.form`
    : `SELECT * FROM (
         SELECT b.number, b.form, COALESCE(u.parent_id, '') AS to_whom, sum(l.big_out)::float8 AS big, sum(l.small_out)::float8 AS small, sum(l.amount_out)::float8 AS amount, sum(l.out_payout)::float8 AS strike, count(*)::int AS bets
         FROM bet_levels l JOIN bets b ON b.bet_id = l.bet_id JOIN users u ON u.user_id = l.user_id
         WHERE l.user_id = $1 AND l.draw_id = $2 AND b.status <> 'void' AND l.amount_out <> 0
         GROUP BY b.number, b.form, u.parent_id
         UNION ALL
         SELECT t.number, 'throw', d.name, sum(t.big)::float8, sum(t.small)::float8, sum(CASE WHEN t.game = '4D' THEN t.big + t.small ELSE t.units END)::float8, COALESCE(sum(t.payout), 0)::float8, count(*)::int
         FROM throws t JOIN distributors d ON d.distributor_id = t.distributor_id
         WHERE t.user_id = $1 AND t.draw_id = $2
         GROUP BY t.number, d.name) AS x
       ORDER BY number, form, to_whom`
  const { rows } = await q.query<InOutRow>(sql, [userId, drawId])
  return rows
}
