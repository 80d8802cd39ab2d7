// Wall-clock dates and times in the operator's zone, computed with Intl so no zone rule is hand-written here.

/** The zone every draw date, close time and report day is expressed in (GMT+8). */
export const DRAW_TIME_ZONE = 'Asia/Singapore'

const dateParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: DRAW_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23'
})
const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: DRAW_TIME_ZONE, timeZoneName: 'longOffset' })

/** A calendar date written YYYY-MM-DD. */
export type IsoDate = string

/** The zone's calendar date (YYYY-MM-DD) at an instant. */
export function zoneDateOf (instant: Date): IsoDate {
  const parts = Object.fromEntries(dateParts.formatToParts(instant).map((p) => [p.type, p.value]))
  return `${parts.year}-${parts.month}-${parts.day}`
}

/** The zone's offset from UTC in minutes at an instant (480 for GMT+8). */
export function zoneOffsetMinutes (instant: Date): number {
  const name = offsetFormat.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT'
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name)
  if (match === null) return 0
  const sign = match[1] === '-' ? -1 : 1
  return sign * (Number(match[2]) * 60 + Number(match[3] ?? 0))
}

/** The instant at which the zone's wall clock shows `time` (HH:mm) on `date`. */
export function zoneInstant (date: IsoDate, time: string): Date {
  const [y, m, d] = splitDate(date)
  const [hh, mm] = time.split(':').map(Number)
  const wall = Date.UTC(y, m - 1, d, hh ?? 0, mm ?? 0)
  // The offset is read at the first guess and read again there, so a zone that changes offset would still land right.
  const first = wall - zoneOffsetMinutes(new Date(wall)) * 60_000
  return new Date(wall - zoneOffsetMinutes(new Date(first)) * 60_000)
}

/** The day of the week of a calendar date (0 = Sunday … 6 = Saturday). */
export function weekdayOf (date: IsoDate): number {
  const [y, m, d] = splitDate(date)
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay()
}

/** The calendar date `days` days after `date` (pure calendar arithmetic, no zone involved). */
export function addDays (date: IsoDate, days: number): IsoDate {
  const [y, m, d] = splitDate(date)
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
}

/** Whether a string is a real calendar date written YYYY-MM-DD. */
export function isIsoDate (value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  return addDays(value, 0) === value
}

function splitDate (date: IsoDate): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number)
  return [y ?? 1970, m ?? 1, d ?? 1]
}
