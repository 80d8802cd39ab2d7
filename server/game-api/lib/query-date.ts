import { isIsoDate } from '../../../schemas/domain/calendar.ts'
import { errors } from './errors.ts'

/** The date a query names, refused with its field's name unless it is a calendar date. */
export function queryDate (field: string, value: string): string {
  if (!isIsoDate(value)) throw errors.fieldNotDate(`querystring/${field}`, value)
  return value
}

/** A query's DrawFrom and DrawTo: each a calendar date when given (empty reads as none), the first not later than the second. */
export function drawDateRange (q: { DrawFrom?: string | undefined, DrawTo?: string | undefined }): { from: string | null, to: string | null } {
  const from = q.DrawFrom ? queryDate('DrawFrom', q.DrawFrom) : null
  const to = q.DrawTo ? queryDate('DrawTo', q.DrawTo) : null
  if (from !== null && to !== null && from > to) throw errors.periodReversed(from, to)
  return { from, to }
}
