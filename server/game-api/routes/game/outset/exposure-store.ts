// The live exposure of one level in one draw, read from the per-draw aggregates (draw_number_totals), never from the bets.
import type { Queryable } from '../../../../shared/db.ts'
import type { Game } from '../../../betting/index.ts'

/** One played number and bet type as the level sees it: what reached it, kept and passed on, and what its kept part pays per prize tier. */
export interface ExposureRow {
  number: string
  form: string
  bets: number
  intake: number
  kept: number
  passed: number
  first: number
  second: number
  third: number
  starter: number
  consolation: number
  /** The worst case: the most the kept part pays if the number wins (the best tier for 4D, the stored worst case for TOTO). */
  liability: number
  lb: number | null
  ls: number | null
  lu: number | null
  /** What reached the level on the number (every bet type together) is above one of its limits: the rest was passed on. */
  over: boolean
}

/** The level's rows of the draw, largest liability first; limits are its out settings (per number over the default row). */
export async function exposureRows (q: Queryable, game: Game, drawId: number, userId: string): Promise<ExposureRow[]> {
  const { rows } = await q.query<ExposureRow>(
    `WITH agg AS (
       SELECT number, form, sum(bets)::int AS bets, sum(big_in) AS big_in, sum(small_in) AS small_in, sum(amount_in) AS intake, sum(amount_kept) AS kept,
         sum(amount_out) AS passed, sum(max_payout) AS max_payout, sum(pay_first) AS first, sum(pay_second) AS second, sum(pay_third) AS third,
         sum(pay_starter) AS starter, sum(pay_consolation) AS consolation
       FROM draw_number_totals WHERE draw_id = $1 AND user_id = $2 GROUP BY number, form),
     reached AS (SELECT number, sum(big_in) AS big, sum(small_in) AS small, sum(intake) AS units FROM agg GROUP BY number),
     lim AS (
       SELECT r.number, r.big, r.small, r.units, COALESCE(n.big_limit, d.big_limit) AS lb, COALESCE(n.small_limit, d.small_limit) AS ls, COALESCE(n.unit_limit, d.unit_limit) AS lu
       FROM reached r LEFT JOIN out_settings d ON d.user_id = $2 AND d.game = $3 LEFT JOIN out_number_limits n ON n.user_id = $2 AND n.game = $3 AND n.number = r.number)
     SELECT agg.number, agg.form, agg.bets, agg.intake::float8 AS intake, agg.kept::float8 AS kept, agg.passed::float8 AS passed,
       agg.first::float8 AS first, agg.second::float8 AS second, agg.third::float8 AS third, agg.starter::float8 AS starter, agg.consolation::float8 AS consolation,
       (CASE WHEN $3 = '4D' THEN GREATEST(agg.first, agg.second, agg.third, agg.starter, agg.consolation) ELSE agg.max_payout END)::float8 AS liability,
       lim.lb::float8 AS lb, lim.ls::float8 AS ls, lim.lu::float8 AS lu,
       CASE WHEN $3 = '4D' THEN COALESCE(lim.big > lim.lb + 0.005, false) OR COALESCE(lim.small > lim.ls + 0.005, false)
         ELSE COALESCE(lim.units > lim.lu + 0.005, false) END AS over
     FROM agg JOIN lim ON lim.number = agg.number
     WHERE agg.bets > 0
     ORDER BY liability DESC, agg.number, agg.form`, [drawId, userId, game])
  return rows
}
