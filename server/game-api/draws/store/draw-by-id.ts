// The one lookup of a draw by its id, which every route and job that names a draw goes through.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/game/index.ts'
import type { DrawRow } from '../types.ts'
import { drawErrors } from '../errors.ts'

/** How a lookup reads the draw: only of this game (one of the other game is not found), and locked for the transaction's update. */
export interface DrawLookup { game?: Game, forUpdate?: boolean }

/** The draw with that id, or undefined when there is none (or it is of another game than the one asked). */
export async function drawById (q: Queryable, drawId: number, { game, forUpdate = false }: DrawLookup = {}): Promise<DrawRow | undefined> {
  const { rows: [draw] } = await q.query<DrawRow>(
    `SELECT * FROM draws WHERE draw_id = $1 AND ($2::text IS NULL OR game = $2)${forUpdate ? ' FOR UPDATE' : ''}`, [drawId, game ?? null])
  return draw
}

/** The draw with that id (of the game when asked); 404 naming the id when there is none. */
export async function existingDraw (q: Queryable, drawId: number, lookup: DrawLookup = {}): Promise<DrawRow> {
  const draw = await drawById(q, drawId, lookup)
  if (!draw) throw drawErrors.drawNotFound(drawId)
  return draw
}
