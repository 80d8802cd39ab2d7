// Which days each draw series runs on, when betting closes, and the next open draws from a given instant.
import { addDays, weekdayOf, zoneDateOf, zoneInstant, type IsoDate } from './timezone.ts'

/** A draw series: Singapore Pools 4D, Magnum 4D (with its Tuesday special) or TOTO. */
export type DrawSeries = 'SG4D' | 'MG4D' | 'TOTO'

/** Betting closes at this wall-clock time (GMT+8) on the draw day. */
export const CLOSE_TIME = '18:30'

/** The days of the week (0 = Sunday) each series draws on, regular draws first. */
export const DRAW_WEEKDAYS: Record<DrawSeries, readonly number[]> = {
  SG4D: [3, 6, 0],
  MG4D: [2, 3, 6, 0],
  TOTO: [1, 4]
}

/** Magnum's Tuesday draw is its special draw (day code 9M). */
export const SPECIAL_WEEKDAY: Partial<Record<DrawSeries, number>> = { MG4D: 2 }

/** One concrete draw: its series, calendar date in GMT+8 and the instant bets close. */
export interface Draw {
  series: DrawSeries
  date: IsoDate
  weekday: number
  special: boolean
  closesAt: Date
}

/** The instant betting closes for a draw held on `drawDate` (18:30 GMT+8 that day). */
export function closeTimeFor (drawDate: IsoDate): Date {
  return zoneInstant(drawDate, CLOSE_TIME)
}

/** Builds the draw of a series on a date (the caller knows the series draws that day). */
export function drawOn (series: DrawSeries, date: IsoDate): Draw {
  const weekday = weekdayOf(date)
  return { series, date, weekday, special: SPECIAL_WEEKDAY[series] === weekday, closesAt: closeTimeFor(date) }
}

/** The next `count` draws of a series still open for betting at `from`, earliest first; only `weekdays` if given. */
export function nextDraws (series: DrawSeries, from: Date, count: number, weekdays: readonly number[] = DRAW_WEEKDAYS[series]): Draw[] {
  const days = new Set(weekdays.filter((day) => DRAW_WEEKDAYS[series].includes(day)))
  const draws: Draw[] = []
  if (days.size === 0) return draws
  // The previous day is looked at too, so a caller in a zone behind GMT+8 never skips today's draw.
  for (let date = addDays(zoneDateOf(from), -1); draws.length < count; date = addDays(date, 1)) {
    if (!days.has(weekdayOf(date))) continue
    const draw = drawOn(series, date)
    if (draw.closesAt.getTime() > from.getTime()) draws.push(draw)
  }
  return draws
}
