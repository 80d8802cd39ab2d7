// The period a share-claim call is about (a draw, a draw date or a range), checked once for every share-claim route.
import type { Queryable } from '../../../shared/db.ts'
import { isIsoDate, type Game } from '../../../../schemas/game/index.ts'
import { errors } from '../../lib/errors.ts'
import { isoDateOf, existingDraw } from '../../draws/api.ts'

export interface PeriodInput { DrawId?: number | undefined, DrawFrom?: string | undefined, DrawTo?: string | undefined }

/** Checks the dates (GA_FIELD_NOT_DATE, GA_PERIOD_REVERSED) and answers the report filter: a draw, or a range either end of which may be open. */
export function periodOf (input: PeriodInput, where: 'querystring' | 'body'): { drawId: number | null, drawFrom: string | null, drawTo: string | null } {
  for (const key of ['DrawFrom', 'DrawTo'] as const) {
    const value = input[key]
    if (value && !isIsoDate(value)) throw errors.fieldNotDate(`${where}/${key}`, value)
  }
  if (input.DrawFrom && input.DrawTo && input.DrawFrom > input.DrawTo) throw errors.periodReversed(input.DrawFrom, input.DrawTo)
  return { drawId: input.DrawId ?? null, drawFrom: input.DrawFrom || null, drawTo: input.DrawTo || null }
}

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
