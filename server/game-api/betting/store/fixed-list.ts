// Standing (fixed) bets as the pages list them: a group's (fixed/page3) or one user's own (fixed/view).
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../rules/index.ts'
import type { FourDLineInput, TotoLineInput } from '../types.ts'
import { toFixed, type FixedRow } from '../rules/fixed-answer.ts'
import { downlineCte } from '../../lib/user-tree.ts'

/** The fixed bets of the game of `userId` and its whole downline, or (ownOnly) of that user alone; newest first, 1,000 at most. */
export async function fixedBets (q: Queryable, p: { userId: string, game: Game, ownOnly: boolean }): Promise<Array<ReturnType<typeof toFixed>>> {
  const { rows } = await q.query<FixedRow>(
    `WITH RECURSIVE ${downlineCte('down', { from: 'SELECT $1::text' })}
     SELECT f.* FROM fixed_bets f WHERE f.game = $2 AND (CASE WHEN $3::boolean THEN f.user_id = $1 ELSE f.user_id IN (SELECT user_id FROM down) END)
     ORDER BY f.fixed_id DESC LIMIT 1000`, [p.userId, p.game, p.ownOnly])
  return rows.map(toFixed)
}

/** Writes a standing order of lines on a day code; answers it. */
export async function insertFixed (q: Queryable, f: { userId: string, placedBy: string, game: Game, dayCode: string, lines: Array<FourDLineInput | TotoLineInput>, stakePerDraw: number }, now: Date): Promise<FixedRow> {
  const { rows: [row] } = await q.query<FixedRow>(
    'INSERT INTO fixed_bets (user_id, placed_by, game, day_code, lines, stake_per_draw, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *',
    [f.userId, f.placedBy, f.game, f.dayCode, JSON.stringify(f.lines), f.stakePerDraw, now])
  return row as FixedRow
}

/** The game's standing order by id. */
export async function fixedById (q: Queryable, game: Game, fixedId: number): Promise<FixedRow | undefined> {
  const { rows: [row] } = await q.query<FixedRow>('SELECT * FROM fixed_bets WHERE fixed_id = $1 AND game = $2', [fixedId, game])
  return row
}

/** The game's active standing orders, by id. */
export async function activeFixed (q: Queryable, game: Game): Promise<FixedRow[]> {
  return (await q.query<FixedRow>('SELECT * FROM fixed_bets WHERE game = $1 AND active ORDER BY fixed_id', [game])).rows
}

/** Deletes a standing order. */
export async function deleteFixed (q: Queryable, fixedId: number): Promise<void> {
  await q.query('DELETE FROM fixed_bets WHERE fixed_id = $1', [fixedId])
}
