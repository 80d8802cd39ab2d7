// When a scheduled config publish may happen: the time an operator writes, read in the operator's zone, and the draw closes
// it must keep clear of. The draw calendar is the one in schemas/domain/calendar.ts.
import { DEFAULT_CLOSE_TIMES, DRAW_WEEKDAYS, isIsoDate, isWallTime, nextDraws, zoneInstant, type CloseTimes, type DrawSeries } from '../../../schemas/domain/calendar.ts'

/** How long before a draw closes a schedule asks for confirmation: users place their last bets then, and a change surprises them. */
export const CLOSE_WINDOW_MS = 30 * 60_000

/** A draw's close: its series and the instant betting stops. */
export interface DrawClose { series: DrawSeries, closesAt: Date }

const ZONED = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2}(\.\d{1,3})?)?$/
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/

/** The instant a schedule names: YYYY-MM-DD HH:mm on the operator's clock (GMT+8, as every time in the product), or ISO 8601 with its offset; undefined when it is neither. */
export function scheduleInstant (text: string): Date | undefined {
  const zoned = ZONED.exec(text)
  if (zoned) {
    const [, date = '', time = '', seconds = ''] = zoned
    if (!isIsoDate(date) || !isWallTime(time)) return undefined
    return new Date(zoneInstant(date, time).getTime() + (seconds === '' ? 0 : Number(seconds.slice(1)) * 1000))
  }
  if (!WITH_OFFSET.test(text)) return undefined
  const instant = new Date(text)
  return Number.isNaN(instant.getTime()) ? undefined : instant
}

/** The series' close times as the game API sets them, over the calendar's defaults for any it did not name. */
export function closeTimesOf (settings: ReadonlyArray<{ Series: string, CloseTime: string }>): CloseTimes {
  const times: CloseTimes = { ...DEFAULT_CLOSE_TIMES }
  for (const { Series, CloseTime } of settings) if (Series in times && isWallTime(CloseTime)) times[Series as DrawSeries] = CloseTime
  return times
}

/** The first close of each series after `at`, as the draw calendar gives it with these close times. */
export function calendarCloses (at: Date, closeTimes: CloseTimes): DrawClose[] {
  return (Object.keys(DRAW_WEEKDAYS) as DrawSeries[]).flatMap((series) => nextDraws(series, at, 1, DRAW_WEEKDAYS[series], closeTimes).map((draw) => ({ series, closesAt: draw.closesAt })))
}

/** The earliest close that `at` lands within CLOSE_WINDOW_MS before (at earlier than the close by at most the window), if any. */
export function closeNear (at: Date, closes: readonly DrawClose[]): DrawClose | undefined {
  const near = closes.filter((c) => c.closesAt.getTime() > at.getTime() && c.closesAt.getTime() - at.getTime() <= CLOSE_WINDOW_MS)
  return near.sort((a, b) => a.closesAt.getTime() - b.closesAt.getTime())[0]
}
