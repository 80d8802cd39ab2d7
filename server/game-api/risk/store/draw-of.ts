// The draw an OutSet view or throw is about: the one asked for (checked to be of the game), else the next to close, else the latest.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/game/index.ts'
import { drawErrors } from '../../draws/errors.ts'
import { outsetErrors } from '../errors.ts'
import { type DrawRow, drawById } from '../../draws/api.ts'

/** The draw row; 404 when DrawId names none, 400 when it is of the other game. */
export async function drawOf (q: Queryable, game: Game, drawId: number | undefined, now: Date): Promise<DrawRow | undefined> {
  if (drawId !== undefined) {
    const draw = await drawById(q, drawId)
    if (!draw) throw drawErrors.drawNotFound(drawId)
    if (draw.game !== game) throw drawErrors.drawWrongGame(drawId, game)
    return draw
  }
  const { rows: [draw] } = await q.query<DrawRow>(
    `SELECT * FROM draws WHERE game = $1 ORDER BY (NOT is_finalised AND result IS NULL AND close_at > $2) DESC,
       CASE WHEN NOT is_finalised AND result IS NULL AND close_at > $2 THEN close_at END, draw_date DESC, draw_id DESC LIMIT 1`, [game, now])
  return draw
}

/** The draw a process throws in (the next to close by default): one without a result yet, since throws end with the result. */
export async function unsettledDraw (q: Queryable, game: Game, drawId: number | undefined, now: Date): Promise<DrawRow> {
  const draw = await drawOf(q, game, drawId, now)
  if (!draw) throw outsetErrors.noDraw(game)
  if (draw.is_finalised || (draw.result !== null && draw.result !== undefined)) throw outsetErrors.drawSettled(Number(draw.draw_id))
  return draw
}
