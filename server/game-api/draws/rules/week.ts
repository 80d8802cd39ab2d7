// The draw week: Monday to Sunday around a calendar date, the week the Draw Setting page shows and the week job creates.
import { DRAW_WEEKDAYS, addDays, weekdayOf, type DrawSeries, type IsoDate } from '../../../../schemas/domain/calendar.ts'

/** A week's first and last day (Monday, Sunday). */
export interface Week { start: IsoDate, end: IsoDate }

/** The Monday–Sunday week holding the date. */
export function weekOf (date: IsoDate): Week {
  // weekdayOf: 0 = Sunday, so Sunday belongs to the week that started six days before.
  const start = addDays(date, -((weekdayOf(date) + 6) % 7))
  return { start, end: addDays(start, 6) }
}

/** The dates of the week on which the series draws. */
export function drawDatesOfWeek (series: DrawSeries, week: Week): IsoDate[] {
  return [0, 1, 2, 3, 4, 5, 6].map((d) => addDays(week.start, d)).filter((date) => DRAW_WEEKDAYS[series].includes(weekdayOf(date)))
}

/** The week's Monday as the job's subject number (20300107), so one week has one job at a time. */
export const weekSubject = (week: Week): number => Number(week.start.replaceAll('-', ''))
