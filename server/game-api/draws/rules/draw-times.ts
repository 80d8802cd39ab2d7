// A draw's open and close instants from the times an operator types (GMT+8), checked against each other.
import { isIsoDate, isWallTime, zoneDayTime, zoneInstant, zoneIso, type IsoDate } from '../../../../schemas/domain/calendar.ts'
import { errors } from '../../lib/errors.ts'
import { drawErrors } from '../errors.ts'

/** What a create or edit form sends: the draw date, the close time that day, and optionally when betting opens. */
export interface DrawTimesInput { DrawDate: IsoDate, CloseTime: string, OpenDate?: string | undefined, OpenTime?: string | undefined }

/** The draw's close and open instants; 400 naming the field when a value is malformed or betting would open after it closes. */
export function drawTimes (input: DrawTimesInput): { closeAt: Date, openAt: Date | null } {
  if (!isIsoDate(input.DrawDate)) throw errors.fieldNotDate('body/DrawDate', input.DrawDate)
  if (!isWallTime(input.CloseTime)) throw errors.fieldNotTime('body/CloseTime', input.CloseTime)
  const closeAt = zoneInstant(input.DrawDate, input.CloseTime)
  const openDate = input.OpenDate ?? ''
  if (openDate === '') return { closeAt, openAt: null }
  if (!isIsoDate(openDate)) throw errors.fieldNotDate('body/OpenDate', openDate)
  const openTime = input.OpenTime ?? '00:00'
  if (!isWallTime(openTime)) throw errors.fieldNotTime('body/OpenTime', openTime)
  const openAt = zoneInstant(openDate, openTime)
  if (openAt.getTime() >= closeAt.getTime()) throw drawErrors.drawOpensAfterClose(zoneDayTime(closeAt))
  return { closeAt, openAt }
}

/** The HH:mm (GMT+8) of an instant, as a form shows it back. */
export function wallTimeOf (instant: Date): string {
  return zoneIso(instant).slice(11, 16)
}
