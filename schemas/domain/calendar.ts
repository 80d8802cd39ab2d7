// The operator's time and draw calendar (GMT+8), the one copy the client, the service and the game API all use.
// Wall-clock times come from Intl, so no zone rule is hand-written here.

/** The zone every draw date, close time, report day and shown time is expressed in (GMT+8). */
export const TIME_ZONE = 'Asia/Singapore'

const dateParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23'
})
const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, timeZoneName: 'longOffset' })
const pad = (n: number) => String(n).padStart(2, '0')

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

/** The zone's wall clock at an instant, as YYYY-MM-DDTHH:mm:ss, with the offset in minutes. */
function wallClock (instant: Date): { wall: string, offset: number } {
  const offset = zoneOffsetMinutes(instant)
  return { wall: new Date(instant.getTime() + offset * 60_000).toISOString().slice(0, 19), offset }
}

/** ISO 8601 in the zone, to the second, with its offset: 2025-01-04T18:30:00+08:00 (every time the game API answers). */
export function zoneIso (instant: Date): string {
  const { wall, offset } = wallClock(instant)
  const abs = Math.abs(offset)
  return `${wall}${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
}

/** MM/DD/YYYY: a calendar date in a message, written as the tables write days (month/day/year, seed 001 §5). */
export function dayOfDate (date: IsoDate): string {
  return `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`
}

/** MM/DD/YYYY HH:mm in the zone: a time in a message, written as the tables write days (month/day/year, seed 001 §5). */
export function zoneDayTime (instant: Date): string {
  const { wall } = wallClock(instant)
  return `${dayOfDate(wall.slice(0, 10))} ${wall.slice(11, 16)}`
}

/** DD/MM/YYYY HH:mm in the zone, as the maintenance message shows it (seed 000 and 001, Maintenance page). */
export function zoneDisplay (instant: Date): string {
  const { wall } = wallClock(instant)
  return `${wall.slice(8, 10)}/${wall.slice(5, 7)}/${wall.slice(0, 4)} ${wall.slice(11, 16)}`
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

// ---------- the draw calendar ----------

/** A draw series: Singapore Pools 4D, Magnum 4D (with its Tuesday special) or TOTO. */
export type DrawSeries = 'SG4D' | 'MG4D' | 'TOTO'

/** A game: 4D (the SG4D and MG4D series; an API prefix 4d) or TOTO (prefix tt). */
export type Game = '4D' | 'TOTO'

/** A game's API prefix (the paths /4d/… and /tt/…, and the session's game): 4d or tt. */
export type GamePrefix = '4d' | 'tt'

/** The game an API prefix stands for. */
export const gameOfPrefix = (prefix: GamePrefix): Game => prefix === 'tt' ? 'TOTO' : '4D'

/** When betting closes (HH:mm, GMT+8, on the draw day) per series: a setting, these are its defaults. */
export type CloseTimes = Record<DrawSeries, string>

/**
 * Default close times: Singapore Pools stops 4D sales at 18:00 for its 18:30 draw; Magnum (19:00 draw) closes at 18:00 with it;
 * TOTO draws at 21:30 and sales stop at 21:00, half an hour before, as for 4D.
 */
export const DEFAULT_CLOSE_TIMES: CloseTimes = { SG4D: '18:00', MG4D: '18:00', TOTO: '21:00' }

/** When each series is drawn (HH:mm, GMT+8): shown beside the close time, never used for the cut-off. */
export const DRAW_TIMES: CloseTimes = { SG4D: '18:30', MG4D: '19:00', TOTO: '21:30' }

/** Whether a string is a wall-clock time written HH:mm (00:00 to 23:59). */
export function isWallTime (value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value)
}

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

/** The instant betting closes for a series' draw held on `drawDate` (its close time, GMT+8, that day). */
export function closeTimeFor (series: DrawSeries, drawDate: IsoDate, closeTimes: CloseTimes = DEFAULT_CLOSE_TIMES): Date {
  return zoneInstant(drawDate, closeTimes[series])
}

/** Builds the draw of a series on a date (the caller knows the series draws that day). */
export function drawOn (series: DrawSeries, date: IsoDate, closeTimes: CloseTimes = DEFAULT_CLOSE_TIMES): Draw {
  const weekday = weekdayOf(date)
  return { series, date, weekday, special: SPECIAL_WEEKDAY[series] === weekday, closesAt: closeTimeFor(series, date, closeTimes) }
}

/** The next `count` draws of a series still open for betting at `from`, earliest first; only `weekdays` if given. */
export function nextDraws (series: DrawSeries, from: Date, count: number, weekdays: readonly number[] = DRAW_WEEKDAYS[series], closeTimes: CloseTimes = DEFAULT_CLOSE_TIMES): Draw[] {
  const days = new Set(weekdays.filter((day) => DRAW_WEEKDAYS[series].includes(day)))
  const draws: Draw[] = []
  if (days.size === 0) return draws
  // The previous day is looked at too, so a caller in a zone behind GMT+8 never skips today's draw.
  for (let date = addDays(zoneDateOf(from), -1); draws.length < count; date = addDays(date, 1)) {
    if (!days.has(weekdayOf(date))) continue
    const draw = drawOn(series, date, closeTimes)
    if (draw.closesAt.getTime() > from.getTime()) draws.push(draw)
  }
  return draws
}

/** The instant the next draw of a series closes: the close time the shell counts down to. */
export function nextClose (series: DrawSeries, from: Date, closeTimes: CloseTimes = DEFAULT_CLOSE_TIMES): Date {
  const [draw] = nextDraws(series, from, 1, DRAW_WEEKDAYS[series], closeTimes)
  if (draw === undefined) throw new Error(`${series} has no draw weekday`)
  return draw.closesAt
}
