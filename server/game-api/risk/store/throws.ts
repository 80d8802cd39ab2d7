// Throws by hand (Throw Number): part of a level's own intake of a number in a draw, thrown out to a distributor until the draw's result.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/game/index.ts'

/** A throw with its draw's date and its distributor's name, as the lists read it. */
export interface ThrowRow { throw_id: number, draw_id: number, draw_date: string | Date, game: string, number: string, big: string, small: string, units: string, distributor_id: number, name: string, payout: string | null, created_at: Date }

/** A throw to delete, locked, with whether its draw is settled. */
export interface ThrowToDelete { throw_id: number, draw_id: number, game: Game, is_finalised: boolean, result: unknown }

const THROWS_SQL = 'SELECT t.*, d.draw_date, x.name FROM throws t JOIN draws d ON d.draw_id = t.draw_id JOIN distributors x ON x.distributor_id = t.distributor_id'

/** The account's throws in a draw, by number. */
export async function throwsOf (q: Queryable, userId: string, drawId: number): Promise<ThrowRow[]> {
  return (await q.query<ThrowRow>(`${THROWS_SQL} WHERE t.user_id = $1 AND t.draw_id = $2 ORDER BY t.number, t.throw_id`, [userId, drawId])).rows
}

/** One throw by id. */
export async function throwById (q: Queryable, throwId: number): Promise<ThrowRow | undefined> {
  const { rows: [r] } = await q.query<ThrowRow>(`${THROWS_SQL} WHERE t.throw_id = $1`, [throwId])
  return r
}

/** What the account has thrown of a number in a draw so far. */
export async function thrownOf (q: Queryable, key: { drawId: number, userId: string, number: string }): Promise<{ big: number, small: number, units: number }> {
  const { rows: [done] } = await q.query<{ big: string | null, small: string | null, units: string | null }>(
    'SELECT sum(big) AS big, sum(small) AS small, sum(units) AS units FROM throws WHERE draw_id = $1 AND user_id = $2 AND number = $3', [key.drawId, key.userId, key.number])
  return { big: Number(done?.big ?? 0), small: Number(done?.small ?? 0), units: Number(done?.units ?? 0) }
}

/** Writes a throw; answers its id. */
export async function insertThrow (q: Queryable, t: { drawId: number, userId: string, distributorId: number, game: Game, number: string, big: number, small: number, units: number }, by: string, now: Date): Promise<number> {
  const { rows: [inserted] } = await q.query<{ throw_id: number }>(
    `INSERT INTO throws (draw_id, user_id, distributor_id, game, number, big, small, units, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING throw_id`, [t.drawId, t.userId, t.distributorId, t.game, t.number, t.big, t.small, t.units, by, now])
  return Number(inserted!.throw_id)
}

/** The account's throws among ids, locked in id order, with their draws' state. */
export async function lockThrows (q: Queryable, userId: string, ids: number[]): Promise<ThrowToDelete[]> {
  const { rows } = await q.query<ThrowToDelete>(
    'SELECT t.throw_id, t.draw_id, t.game, d.is_finalised, d.result FROM throws t JOIN draws d ON d.draw_id = t.draw_id WHERE t.throw_id = ANY($1::int[]) AND t.user_id = $2 ORDER BY t.throw_id FOR UPDATE OF t', [ids, userId])
  return rows
}

/** Deletes throws by id. */
export async function deleteThrows (q: Queryable, ids: number[]): Promise<void> {
  await q.query('DELETE FROM throws WHERE throw_id = ANY($1::int[])', [ids])
}
