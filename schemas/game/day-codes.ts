// The SMS day codes of seed 001 §5: which series and which days of the week a code bets on.
import { DEFAULT_CLOSE_TIMES, addDays, closeTimeFor, drawOn, weekdayOf, zoneDateOf, type CloseTimes, type Draw, type DrawSeries, type Game, type IsoDate } from '../domain/calendar.ts'

// The game a bet text is written for (4D covers Singapore Pools and Magnum, M codes): the one Game of the draw calendar.
export type { Game }

/** What a day code means: the series it bets on and the days of the week (0 = Sunday). */
export interface DayCodeMeaning {
  series: DrawSeries
  weekdays: readonly number[]
  label: string
}

const FOUR_D_DAYS: Record<string, { weekdays: number[], label: string }> = {
  0: { weekdays: [3, 6, 0], label: 'Wednesday, Saturday and Sunday' },
  2: { weekdays: [6, 0], label: 'Saturday and Sunday' },
  3: { weekdays: [3], label: 'Wednesday' },
  6: { weekdays: [6], label: 'Saturday' },
  7: { weekdays: [0], label: 'Sunday' }
}

const TOTO_DAYS: Record<string, { weekdays: number[], label: string }> = {
  1: { weekdays: [1], label: 'Monday' },
  4: { weekdays: [4], label: 'Thursday' }
}

/** Every day code of a game, as written in a bet text. */
export function dayCodesOf (game: Game): string[] {
  if (game === 'TOTO') return Object.keys(TOTO_DAYS)
  const sg = Object.keys(FOUR_D_DAYS)
  return [...sg, ...sg.map((code) => `${code}M`), '9M']
}

/** The meaning of a day code (case-insensitive M), or undefined when the game has no such code. */
export function resolveDayCode (game: Game, code: string): DayCodeMeaning | undefined {
  const upper = code.toUpperCase()
  if (game === 'TOTO') {
    const days = TOTO_DAYS[upper]
    return days && { series: 'TOTO', ...days }
  }
  if (upper === '9M') return { series: 'MG4D', weekdays: [2], label: 'Magnum Tuesday special' }
  const magnum = upper.endsWith('M')
  const days = FOUR_D_DAYS[magnum ? upper.slice(0, -1) : upper]
  return days && { series: magnum ? 'MG4D' : 'SG4D', weekdays: days.weekdays, label: magnum ? `Magnum ${days.label}` : days.label }
}

/** The day code that bets on exactly these draw dates of a series, each weekday once (a ticket placed on chosen draws reads as a text one does); undefined when no code does. */
export function dayCodeOfDates (series: DrawSeries, dates: readonly IsoDate[]): string | undefined {
  const game: Game = series === 'TOTO' ? 'TOTO' : '4D'
  const days = new Set(dates.map(weekdayOf))
  if (days.size === 0 || days.size !== dates.length) return undefined
  return dayCodesOf(game).find((code) => {
    const meaning = resolveDayCode(game, code)
    return meaning?.series === series && meaning.weekdays.length === days.size && meaning.weekdays.every((d) => days.has(d))
  })
}

/** When a series' draw on a date closes: the draw row's own close once it exists, else the series setting's (store/draw-closes.ts). */
export type CloseOf = (series: DrawSeries, date: IsoDate) => Date

/** The close of every draw under a close-time setting alone, for a caller with no draw rows (the pure parser's default). */
export const settingCloses = (closeTimes: CloseTimes = DEFAULT_CLOSE_TIMES): CloseOf => (series, date) => closeTimeFor(series, date, closeTimes)

/** The concrete draws a day code bets on at `from`: on each of its days the nearest draw still open by its close, earliest first. */
export function drawsForDayCode (meaning: DayCodeMeaning, from: Date, closeOf: CloseOf = settingCloses()): Draw[] {
  const draws: Draw[] = []
  for (const day of meaning.weekdays) {
    // From the day before (a caller behind GMT+8 never skips today's draw), two weeks on: a draw edited to close later stays ahead of the next one.
    for (let i = 0, date = addDays(zoneDateOf(from), -1); i < 16; i++, date = addDays(date, 1)) {
      if (weekdayOf(date) !== day) continue
      const closesAt = closeOf(meaning.series, date)
      if (closesAt.getTime() <= from.getTime()) continue
      draws.push({ ...drawOn(meaning.series, date), closesAt })
      break
    }
  }
  return draws.sort((a, b) => a.date.localeCompare(b.date))
}
