// The live exposure of one level in one draw, read from the per-draw aggregates (draw_number_totals), never from the bets.
import type { Queryable } from '../../../shared/db.ts'
import { SINGAPORE_4D_PAY_TABLE, type Game } from '../../../../schemas/game/index.ts'

/** One played number and bet type as the level sees it: what reached it, kept and passed on, and what its kept part pays per prize tier. */
export interface ExposureRow {
  number: string
  form: string
  bets: number
  intake: number
  kept: number
  passed: number
  /** What the level threw out of this number by hand (on the number's straight row, else its largest); kept and the pays are net of it. */
  thrown: number
  first: number
  second: number
  third: number
  starter: number
  consolation: number
  /** The worst case: the most the kept part pays if the number wins (its best tier for 4D, the stored worst case for TOTO). */
  liability: number
  lb: number | null
  ls: number | null
  lu: number | null
  /** What reached the level on the number (every bet type together) is above one of its limits: the rest was passed on. */
  over: boolean
}

/** The level's exposure in the draw: the `limit` rows of largest liability, and the count and totals of every row. */
export interface Exposure { rows: ExposureRow[], count: number, intake: number, kept: number, passed: number }

/** The level's largest liabilities by index (no sort of the whole draw), limits looked up only for the rows answered. */
export async function exposureOf (q: Queryable, game: Game, drawId: number, userId: string, limit: number): Promise<Exposure> {
  const { rows } = await q.query<ExposureRow & { total_count: string, total_intake: number, total_kept: number, total_passed: number }>(
    `WITH top AS (
       SELECT * FROM draw_number_totals WHERE draw_id = $1 AND user_id = $2 AND bets > 0 ORDER BY liability DESC, number, form LIMIT $4),
     -- What reached the level on the answered numbers, every bet type together (what a limit is about).
     reached AS (
       SELECT number, sum(big_in) AS rb, sum(small_in) AS rs, sum(amount_in) AS ru FROM draw_number_totals
       WHERE draw_id = $1 AND user_id = $2 AND number IN (SELECT number FROM top) GROUP BY number),
     -- Every row counted, and the level's sums from draw_user_totals (a few rows per bettor), not from the numbers.
     totals AS (
       SELECT (SELECT count(*) FROM draw_number_totals WHERE draw_id = $1 AND user_id = $2 AND bets > 0) AS total_count,
         sum(amount_in)::float8 AS total_intake, sum(amount_kept)::float8 AS total_kept, sum(amount_out)::float8 AS total_passed
       FROM draw_user_totals WHERE draw_id = $1 AND user_id = $2)
     SELECT top.number, top.form, top.bets, top.amount_in::float8 AS intake, top.amount_kept::float8 AS kept, top.amount_out::float8 AS passed,
       top.pay_first::float8 AS first, top.pay_second::float8 AS second, top.pay_third::float8 AS third, top.pay_starter::float8 AS starter,
       top.pay_consolation::float8 AS consolation, top.liability::float8 AS liability,
       COALESCE(n.big_limit, d.big_limit)::float8 AS lb, COALESCE(n.small_limit, d.small_limit)::float8 AS ls, COALESCE(n.unit_limit, d.unit_limit)::float8 AS lu,
       CASE WHEN $3 = '4D' THEN COALESCE(r.rb > COALESCE(n.big_limit, d.big_limit) + 0.005, false) OR COALESCE(r.rs > COALESCE(n.small_limit, d.small_limit) + 0.005, false)
         ELSE COALESCE(r.ru > COALESCE(n.unit_limit, d.unit_limit) + 0.005, false) END AS over,
       totals.*
     FROM totals LEFT JOIN top ON true
     LEFT JOIN reached r ON r.number = top.number
     LEFT JOIN out_settings d ON d.user_id = $2 AND d.game = $3
     LEFT JOIN out_number_limits n ON n.user_id = $2 AND n.game = $3 AND n.number = top.number
     ORDER BY top.liability DESC, top.number, top.form`, [drawId, userId, game, limit])
  const first = rows[0]
  const answered = rows.filter((r) => r.number !== null).map((r) => ({ ...r, thrown: 0 }))
  if (game === '4D') await netOfThrows(q, drawId, userId, answered)
  return {
    rows: answered.sort((a, b) => b.liability - a.liability || a.number.localeCompare(b.number) || a.form.localeCompare(b.form)),
    count: Number(first?.total_count ?? 0),
    intake: Number(first?.total_intake ?? 0),
    kept: Number(first?.total_kept ?? 0),
    passed: Number(first?.total_passed ?? 0)
  }
}

/**
 * Takes the level's 4D throws off its rows: a throw of a number leaves what the level keeps, and the distributor pays the thrown
 * Big and Small at the ordinary table, so each tier's pay drops by that much. A throw lands on the number's straight row, or on
 * its largest row when the number is played only by other forms.
 */
async function netOfThrows (q: Queryable, drawId: number, userId: string, rows: ExposureRow[]): Promise<void> {
  const { rows: throws } = await q.query<{ number: string, big: number, small: number }>(
    'SELECT number, sum(big)::float8 AS big, sum(small)::float8 AS small FROM throws WHERE draw_id = $1 AND user_id = $2 GROUP BY number', [drawId, userId])
  const { big, small } = SINGAPORE_4D_PAY_TABLE
  for (const t of throws) {
    const ofNumber = rows.filter((r) => r.number === t.number)
    const row = ofNumber.find((r) => r.form === 'straight') ?? ofNumber.sort((a, b) => b.liability - a.liability)[0]
    if (!row) continue
    const less = (pay: number, cut: number) => Math.max(0, pay - cut)
    row.thrown = t.big + t.small
    row.kept = less(row.kept, row.thrown)
    row.first = less(row.first, t.big * big.first + t.small * small.first)
    row.second = less(row.second, t.big * big.second + t.small * small.second)
    row.third = less(row.third, t.big * big.third + t.small * small.third)
    row.starter = less(row.starter, t.big * big.starter)
    row.consolation = less(row.consolation, t.big * big.consolation)
    row.liability = Math.max(row.first, row.second, row.third, row.starter, row.consolation)
  }
}
