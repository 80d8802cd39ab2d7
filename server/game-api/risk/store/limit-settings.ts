// Limit Setting's rows (bet_limits): the most units a TOTO number and bet type may take per draw, and the draw a list reports on.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/game/index.ts'
import { drawNotClosedSql } from '../../draws/api.ts'

/** One limit as stored. */
export interface LimitRow { limit_id: number, number: string, bet_type: string, max_units: string, updated_by: string }

/** The game's limits, by bet type and number. */
export async function listLimits (q: Queryable, game: Game): Promise<LimitRow[]> {
  return (await q.query<LimitRow>('SELECT * FROM bet_limits WHERE game = $1 ORDER BY bet_type, number', [game])).rows
}

/** The game's limit on a bet type and number, if set. */
export async function limitByKey (q: Queryable, game: Game, key: { betType: string, number: string }): Promise<LimitRow | undefined> {
  const { rows: [found] } = await q.query<LimitRow>('SELECT * FROM bet_limits WHERE game = $1 AND bet_type = $2 AND number = $3', [game, key.betType, key.number])
  return found
}

/** The game's next draw still open for betting at now, if any. */
export async function nextOpenDrawId (q: Queryable, game: Game, now: Date): Promise<number | null> {
  const { rows: [next] } = await q.query<{ draw_id: number }>(
    `SELECT draw_id FROM draws WHERE game = $1 AND ${drawNotClosedSql('draws', '$2')} ORDER BY close_at, draw_id LIMIT 1`, [game, now])
  return next ? Number(next.draw_id) : null
}

/** Writes a new limit; undefined when the bet type and number have one already. */
export async function insertLimit (q: Queryable, game: Game, key: { betType: string, number: string }, maxUnits: number, by: string, now: Date): Promise<LimitRow | undefined> {
  const { rows: [made] } = await q.query<LimitRow>(
    `INSERT INTO bet_limits (game, number, bet_type, max_units, updated_by, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (game, bet_type, number) DO NOTHING RETURNING *`, [game, key.number, key.betType, maxUnits, by, now])
  return made
}

/** The game's limit by id, locked for a change. */
export async function lockLimit (q: Queryable, game: Game, id: number): Promise<LimitRow | undefined> {
  const { rows: [was] } = await q.query<LimitRow>('SELECT * FROM bet_limits WHERE limit_id = $1 AND game = $2 FOR UPDATE', [id, game])
  return was
}

/** Sets a limit's most units. */
export async function writeLimitMax (q: Queryable, id: number, maxUnits: number, by: string, now: Date): Promise<void> {
  await q.query('UPDATE bet_limits SET max_units = $2, updated_by = $3, updated_at = $4 WHERE limit_id = $1', [id, maxUnits, by, now])
}

/** Deletes the game's limits among ids; answers those deleted. */
export async function deleteLimits (q: Queryable, game: Game, ids: number[]): Promise<LimitRow[]> {
  return (await q.query<LimitRow>('DELETE FROM bet_limits WHERE limit_id = ANY($1::int[]) AND game = $2 RETURNING *', [ids, game])).rows
}
