// Sub shares: the company's share of a game split among named holders.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/domain/calendar.ts'

/** A sub share as stored. */
export interface SubShareRow { sub_share_id: number, game: string, holder: string, share: string, created_by: string, created_at: Date }

/** The game's sub shares in the order they were added. */
export async function subSharesOf (q: Queryable, game: Game): Promise<SubShareRow[]> {
  const { rows } = await q.query<SubShareRow>('SELECT * FROM sub_shares WHERE game = $1 ORDER BY sub_share_id', [game])
  return rows
}

/** Takes the game's sub-share lock for the transaction and answers the share given so far: two additions at once cannot both fit under 100 %. */
export async function lockedSubShareSum (q: Queryable, game: Game): Promise<number> {
  await q.query('SELECT pg_advisory_xact_lock(7403, $1)', [game === '4D' ? 4 : 7])
  const { rows: [sum] } = await q.query<{ s: string | null }>('SELECT sum(share) AS s FROM sub_shares WHERE game = $1', [game])
  return Number(sum?.s ?? 0)
}

/** Adds a holder's share of the game; answers the row. */
export async function insertSubShare (q: Queryable, game: Game, holder: string, share: number, createdBy: string, now: Date): Promise<SubShareRow | undefined> {
  const { rows: [inserted] } = await q.query<SubShareRow>('INSERT INTO sub_shares (game, holder, share, created_by, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING *', [game, holder, share, createdBy, now])
  return inserted
}

/** Removes a sub share of the game; answers whether there was one. */
export async function deleteSubShare (q: Queryable, game: Game, id: number): Promise<boolean> {
  const { rowCount } = await q.query('DELETE FROM sub_shares WHERE sub_share_id = $1 AND game = $2', [id, game])
  return rowCount !== 0
}
