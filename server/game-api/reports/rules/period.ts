// A report's period checked from its dates alone (no draw read), for every share-claim route and the store's closed periods.
import { isIsoDate } from '../../../../schemas/game/index.ts'
import { errors } from '../../lib/errors.ts'

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
