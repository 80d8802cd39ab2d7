// A draw's open and close instants from the times an operator types (GMT+8), checked against each other.
import { isIsoDate, isWallTime, zoneInstant, zoneIso, type IsoDate } from '../../../../../../schemas/domain/calendar.ts'
import { bettingErrors } from './errors.ts'

/** What a create or edit form sends: the draw date, the close time that day, and optionally when betting opens. */
export interface DrawTimesInput { DrawDate: IsoDate, CloseTime: string, OpenDate?: string | undefined, OpenTime?: string | undefined }

/** The draw's close and open instants; 400 naming the field when a value is malformed or betting would open after it closes. */
export function drawTimes (input: DrawTimesInput): { closeAt: Date, openAt: Date | null } {
  if (!isIsoDate(input.DrawDate)) throw bettingErrors.badDrawTimes('body/DrawDate must be a date written YYYY-MM-DD.')
  if (!isWallTime(input.CloseTime)) throw bettingErrors.badDrawTimes('body/CloseTime must be a time written HH:mm (GMT+8), e.g. 18:00.')
  const closeAt = zoneInstant(input.DrawDate, input.CloseTime)
  const openDate = input.OpenDate ?? ''
  if (openDate === '') return { closeAt, openAt: null }
  if (!isIsoDate(openDate)) throw bettingErrors.badDrawTimes('body/OpenDate must be a date written YYYY-MM-DD, or empty to open at once.')
  const openTime = input.OpenTime ?? '00:00'
  if (!isWallTime(openTime)) throw bettingErrors.badDrawTimes('body/OpenTime must be a time written HH:mm (GMT+8).')
  const openAt = zoneInstant(openDate, openTime)
  if (openAt.getTime() >= closeAt.getTime()) throw bettingErrors.badDrawTimes(`body/OpenDate: betting must open before it closes at ${zoneIso(closeAt)}.`)
  return { closeAt, openAt }
}

/** The HH:mm (GMT+8) of an instant, as a form shows it back. */
export function wallTimeOf (instant: Date): string {
  return zoneIso(instant).slice(11, 16)
}
