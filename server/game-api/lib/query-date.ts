import { isIsoDate } from '../../../schemas/domain/calendar.ts'
import { errors } from './errors.ts'

/** The date a query names, refused with its field's name unless it is a calendar date. */
export function queryDate (field: string, value: string): string {
  if (!isIsoDate(value)) throw errors.fieldNotDate(`querystring/${field}`, value)
  return value
}
