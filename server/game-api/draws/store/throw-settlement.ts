// Settling a draw's throws at finalise, set-based: what each level threw to a distributor leaves its book with the payout that goes with it.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/game/index.ts'

/**
 * Per bet level and thrown number: the fractions (fb, fs, fu) of the level's kept Big, Small and units of that number that it threw,
 * its kept part of the number (kb, ks, ku) and of the number's payout (kbp, ksp, kup: its share of the strikes on that number, Big and
 * Small apart as the payout was shared). Only bets written with a number that plays a thrown one are read: the number itself, its roll
 * family, its orderings for iBet and kBet (4D), the entry itself (TOTO). $1 draw, $2 game.
 */
const THROWN_PARTS = `WITH th AS (SELECT user_id, number, sum(big) AS big, sum(small) AS small, sum(units) AS units FROM throws WHERE draw_id = $1 GROUP BY user_id, number),
  f AS (SELECT th.*, COALESCE(LEAST(1, th.big / NULLIF(ni.big, 0)), 0) AS fb, COALESCE(LEAST(1, th.small / NULLIF(ni.small, 0)), 0) AS fs,
      COALESCE(LEAST(1, th.units / NULLIF(ni.units, 0)), 0) AS fu
    FROM th JOIN number_intake ni ON ni.draw_id = $1 AND ni.user_id = th.user_id AND ni.number = th.number),
  c AS (SELECT f.user_id, f.number, f.fb, f.fs, f.fu, w.num, w.form FROM f CROSS JOIN LATERAL (
      SELECT f.number AS num, CASE WHEN $2::text = '4D' THEN 'straight' END AS form
      UNION ALL SELECT substr(f.number, 1, 3) || d::text, 'roll' FROM generate_series(0, 9) AS d WHERE $2::text = '4D'
      UNION ALL SELECT DISTINCT substr(f.number, i, 1) || substr(f.number, j, 1) || substr(f.number, k, 1) || substr(f.number, 10 - i - j - k, 1), x.form
        FROM generate_series(1, 4) AS i, generate_series(1, 4) AS j, generate_series(1, 4) AS k, (VALUES ('ibet'), ('kbet')) AS x (form)
        WHERE $2::text = '4D' AND i <> j AND j <> k AND i <> k) AS w),
  bl AS (SELECT l.bet_id, l.level, l.user_id, c.number, c.fb, c.fs, c.fu, b.user_id AS bettor_id,
      CASE WHEN $2::text = '4D' THEN l.big_intake / b.combinations ELSE 0 END AS kb, CASE WHEN $2::text = '4D' THEN l.small_intake / b.combinations ELSE 0 END AS ks,
      CASE WHEN $2::text = 'TOTO' THEN l.amount_intake ELSE 0 END AS ku,
      COALESCE(sp.big_pay * l.big_intake / NULLIF(l0.big_in, 0), 0) AS kbp, COALESCE(sp.small_pay * l.small_intake / NULLIF(l0.small_in, 0), 0) AS ksp,
      CASE WHEN $2::text = 'TOTO' THEN COALESCE(sp.pay * l.amount_intake / NULLIF(l0.amount_in, 0), 0) ELSE 0 END AS kup
    FROM c JOIN bets b ON b.draw_id = $1 AND b.number = c.num AND (c.form IS NULL OR b.form = c.form) AND b.status <> 'void'
    JOIN bet_levels l ON l.bet_id = b.bet_id AND l.user_id = c.user_id
    JOIN bet_levels l0 ON l0.bet_id = b.bet_id AND l0.level = 0
    CROSS JOIN LATERAL (SELECT sum(s.big_payout) AS big_pay, sum(s.payout - s.big_payout) AS small_pay, sum(s.payout) AS pay
      FROM strikes s WHERE s.bet_id = b.bet_id AND s.number = c.number) AS sp),
  parts AS (SELECT bet_id, level, bettor_id, user_id, number, kb * fb + ks * fs + ku * fu AS thrown, kbp * fb + ksp * fs + kup * fu AS thrown_pay,
      kbp * fb AS big_pay, ksp * fs AS small_pay, kup * fu AS unit_pay FROM bl)`

/**
 * Books the draw's throws in the finalising transaction: each bet level's thrown intake and payout, their sums per bettor and level,
 * and what the distributor owes back on each throw (its share of its number's thrown payout, Big, Small and units apart, in cents).
 */
export async function settleThrows (q: Queryable, drawId: number, game: Game): Promise<void> {
  await q.query(`${THROWN_PARTS},
    lv AS (UPDATE bet_levels x SET amount_thrown = y.thrown, thrown_payout = y.pay
      FROM (SELECT bet_id, level, sum(thrown) AS thrown, sum(thrown_pay) AS pay FROM parts GROUP BY bet_id, level) AS y
      WHERE x.bet_id = y.bet_id AND x.level = y.level RETURNING x.bet_id),
    tot AS (UPDATE draw_user_totals t SET amount_thrown = z.thrown, thrown_payout = z.pay
      FROM (SELECT bettor_id, user_id, level, sum(thrown) AS thrown, sum(thrown_pay) AS pay FROM parts GROUP BY bettor_id, user_id, level) AS z
      WHERE t.draw_id = $1 AND t.bettor_id = z.bettor_id AND t.user_id = z.user_id AND t.level = z.level RETURNING t.user_id),
    per AS (SELECT user_id, number, sum(big_pay) AS big_pay, sum(small_pay) AS small_pay, sum(unit_pay) AS unit_pay FROM parts GROUP BY user_id, number)
    UPDATE throws t SET payout = COALESCE((SELECT round(COALESCE(per.big_pay * t.big / NULLIF(th.big, 0), 0) + COALESCE(per.small_pay * t.small / NULLIF(th.small, 0), 0)
        + COALESCE(per.unit_pay * t.units / NULLIF(th.units, 0), 0), 2)
      FROM per JOIN th ON th.user_id = per.user_id AND th.number = per.number WHERE per.user_id = t.user_id AND per.number = t.number), 0)
    WHERE t.draw_id = $1`, [drawId, game])
}

/** A reset draw's throws are unsettled again (finalising books them afresh). */
export async function unsettleThrows (q: Queryable, drawId: number): Promise<void> {
  await q.query('UPDATE throws SET payout = NULL WHERE draw_id = $1 AND payout IS NOT NULL', [drawId])
  await q.query('UPDATE bet_levels SET amount_thrown = 0, thrown_payout = 0 WHERE draw_id = $1 AND (amount_thrown <> 0 OR thrown_payout <> 0)', [drawId])
  await q.query('UPDATE draw_user_totals SET amount_thrown = 0, thrown_payout = 0 WHERE draw_id = $1 AND (amount_thrown <> 0 OR thrown_payout <> 0)', [drawId])
}
