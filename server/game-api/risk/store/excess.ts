// What a level keeps of each number of a draw, net of its throws, beside its effective limits: the one query Out Setting 2 and its job read.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/game/index.ts'

/** One played number: kept (less what was thrown) and the limits in force (null: none). */
export interface NumberStanding { number: string, big: number, small: number, units: number, lb: number | null, ls: number | null, lu: number | null }

/** Locks the level's intake rows of the draw in number order (as placement and throws do), so its kept amounts hold still while its excess is thrown. */
export async function lockLevelIntake (q: Queryable, drawId: number, userId: string): Promise<void> {
  await q.query('SELECT 1 FROM number_intake WHERE draw_id = $1 AND user_id = $2 ORDER BY number FOR UPDATE', [drawId, userId])
}

/** The numbers of a draw the level keeps something of, filtered by `where` over big, small, units, lb, ls, lu. */
export async function standings (q: Queryable, game: Game, drawId: number, userId: string, where: string): Promise<NumberStanding[]> {
  const { rows } = await q.query<NumberStanding>(
    `WITH kept AS (
       SELECT k.number, k.big - COALESCE(th.big, 0) AS big, k.small - COALESCE(th.small, 0) AS small, k.units - COALESCE(th.units, 0) AS units
       FROM number_intake k
       LEFT JOIN (SELECT number, sum(big) AS big, sum(small) AS small, sum(units) AS units FROM throws WHERE draw_id = $1 AND user_id = $2 GROUP BY number) th ON th.number = k.number
       WHERE k.draw_id = $1 AND k.user_id = $2 AND (k.big <> 0 OR k.small <> 0 OR k.units <> 0)),
     lim AS (
       SELECT kept.number, kept.big::float8 AS big, kept.small::float8 AS small, kept.units::float8 AS units,
         COALESCE(n.big_limit, d.big_limit)::float8 AS lb, COALESCE(n.small_limit, d.small_limit)::float8 AS ls, COALESCE(n.unit_limit, d.unit_limit)::float8 AS lu
       FROM kept
       LEFT JOIN out_settings d ON d.user_id = $2 AND d.game = $3
       LEFT JOIN out_number_limits n ON n.user_id = $2 AND n.game = $3 AND n.number = kept.number)
     SELECT * FROM lim WHERE ${where} ORDER BY number`, [drawId, userId, game])
  return rows
}

/** The condition "kept has reached a limit" (full) or "kept is above it" (exceed), with half a cent of tolerance for intake / n. */
export function reachedWhere (exceed: boolean): string {
  const reached = (kept: string, limit: string) => `(${limit} IS NOT NULL AND ${exceed ? `${kept} > ${limit} + 0.005` : `${kept} >= ${limit} - 0.005`})`
  return `${reached('big', 'lb')} OR ${reached('small', 'ls')} OR ${reached('units', 'lu')}`
}
