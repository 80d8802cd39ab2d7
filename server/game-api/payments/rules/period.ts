// The statement period: the draw week, Monday to Sunday in the operator's zone (4D draws Wed, Sat, Sun; TOTO Mon, Thu).
import { addDays, isIsoDate, weekdayOf, zoneDateOf, zoneInstant, type IsoDate } from '../../../../schemas/domain/calendar.ts'
import { errors } from '../../lib/errors.ts'
import { paymentErrors } from '../errors.ts'

/** A period of whole days, from and to inclusive, and the instants that bound it (start inclusive, end exclusive). */
export interface Period { from: IsoDate, to: IsoDate, start: Date, end: Date }

/** The draw week holding date: its Monday to its Sunday. */
export function weekOf (date: IsoDate): { from: IsoDate, to: IsoDate } {
  const monday = addDays(date, -((weekdayOf(date) + 6) % 7))
  return { from: monday, to: addDays(monday, 6) }
}

/** The period asked for (DrawFrom and DrawTo, either may be absent: the draw week of the other, or of now); 400 naming the field when wrong. */
export function periodOf (drawFrom: string | undefined, drawTo: string | undefined, now: Date): Period {
  for (const [name, value] of [['DrawFrom', drawFrom], ['DrawTo', drawTo]] as const) {
    if (value !== undefined && !isIsoDate(value)) throw errors.fieldNotDate(`querystring/${name}`, value)
  }
  const week = weekOf(drawFrom ?? drawTo ?? zoneDateOf(now))
  const from = drawFrom ?? week.from
  const to = drawTo ?? (drawFrom === undefined ? week.to : weekOf(drawFrom).to)
  if (from > to) throw errors.periodReversed(from, to)
  return { from, to, start: zoneInstant(from, '00:00'), end: zoneInstant(addDays(to, 1), '00:00') }
}

/** The calendar month asked for (YYYY-MM; absent: the month of now) as a period of its days; 400 naming the field when wrong. */
export function monthPeriodOf (month: string | undefined, now: Date): Period & { month: string } {
  const m = month ?? zoneDateOf(now).slice(0, 7)
  const first = `${m}-01`
  if (!/^[0-9]{4}-[0-9]{2}$/.test(m) || !isIsoDate(first)) throw paymentErrors.fieldNotMonth('querystring/Month', m)
  // The first of the next month, less a day: day 28 plus 4 always lands in the next month.
  const nextFirst = `${addDays(`${m}-28`, 4).slice(0, 7)}-01`
  const to = addDays(nextFirst, -1)
  return { month: m, from: first, to, start: zoneInstant(first, '00:00'), end: zoneInstant(nextFirst, '00:00') }
}
