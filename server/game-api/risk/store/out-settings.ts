// Out settings as stored: a level's default limit ('*') and its per-number limits, per game; a cleared limit is no row.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/game/index.ts'

/** One limit row: number '*' is the level's default for every number. */
export interface OutLimitRow { user_id: string, number: string, big_limit: string | null, small_limit: string | null, unit_limit: string | null }

/** The level's limits of the game, the default first. */
export async function outLimitsOf (q: Queryable, userId: string, game: Game): Promise<OutLimitRow[]> {
  const { rows } = await q.query<OutLimitRow>(
    `SELECT user_id, '*' AS number, big_limit, small_limit, unit_limit FROM out_settings WHERE user_id = $1 AND game = $2
     UNION ALL SELECT user_id, number, big_limit, small_limit, unit_limit FROM out_number_limits WHERE user_id = $1 AND game = $2
     ORDER BY 2`, [userId, game])
  return rows
}

/** Sets (big, small, units) as the level's limit of number ('*': the default), or clears it when limits is null; answers the row set. */
export async function writeOutLimit (q: Queryable, userId: string, game: Game, number: string, limits: Array<number | null> | null, now: Date): Promise<OutLimitRow | undefined> {
  if (number === '*') {
    if (limits === null) {
      await q.query('DELETE FROM out_settings WHERE user_id = $1 AND game = $2', [userId, game])
      return undefined
    }
    return (await q.query<OutLimitRow>(
      `INSERT INTO out_settings (user_id, game, big_limit, small_limit, unit_limit) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, game) DO UPDATE SET big_limit = excluded.big_limit, small_limit = excluded.small_limit, unit_limit = excluded.unit_limit
       RETURNING user_id, '*' AS number, big_limit, small_limit, unit_limit`, [userId, game, ...limits])).rows[0]
  }
  if (limits === null) {
    await q.query('DELETE FROM out_number_limits WHERE user_id = $1 AND game = $2 AND number = $3', [userId, game, number])
    return undefined
  }
  return (await q.query<OutLimitRow>(
    `INSERT INTO out_number_limits (user_id, game, number, big_limit, small_limit, unit_limit, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (user_id, game, number) DO UPDATE SET big_limit = excluded.big_limit, small_limit = excluded.small_limit, unit_limit = excluded.unit_limit, updated_at = excluded.updated_at
     RETURNING user_id, number, big_limit, small_limit, unit_limit`, [userId, game, number, ...limits, now])).rows[0]
}
