// The period a share-claim call is about (a draw, a draw date or a range), checked once for every share-claim route.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/game/index.ts'
import { periodOf, type PeriodInput } from '../rules/period.ts'
import { isoDateOf, existingDraw } from '../../draws/api.ts'

/** A closed period for recording claims: a draw's own date, or both ends of a range. */
export async function closedPeriodOf (q: Queryable, game: Game, input: PeriodInput, missing: () => Error): Promise<{ drawFrom: string, drawTo: string }> {
  const { drawId, drawFrom, drawTo } = periodOf(input, 'body')
  if (drawId !== null) {
    const draw = await existingDraw(q, drawId, { game })
    const date = isoDateOf(draw.draw_date)
    return { drawFrom: date, drawTo: date }
  }
  if (drawFrom === null || drawTo === null) throw missing()
  return { drawFrom, drawTo }
}
