// When a draw closes, read one way for the header countdown, the cut-off and every entry path (form, text, upload, SMS, Telegram, fixed bets).
import type { Queryable } from '../../../shared/db.ts'
import { readTogether } from '../../../shared/sql-params.ts'
import { addDays, zoneDateOf, type DrawSeries } from '../../../../schemas/domain/calendar.ts'
import { DRAW_WEEKDAYS, drawsForDayCode, settingCloses, type CloseOf, type Game } from '../../../../schemas/game/index.ts'
import { closeTimesRead } from './close-times.ts'
import { SERIES_OF, gameOfSeries } from '../rules/series.ts'

/**
 * The closes of a game's draws around `now`: a draw row's own close_at where the row exists (edited, or moved with its series), else
 * the series setting's. For the countdown (skipStopped) a draw closed by hand, with a result or finalised counts as closed already.
 */
export async function drawCloses (q: Queryable, game: Game, now: Date, { skipStopped = false } = {}): Promise<CloseOf> {
  const from = addDays(zoneDateOf(now), -1)
  // The draws around now and the series' close times in one round trip.
  const read = await readTogether(q, {
    rows: {
      sql: (add) => `SELECT series, to_char(draw_date, 'YYYY-MM-DD') AS day, close_at, closed_by_hand OR result IS NOT NULL OR is_finalised AS stopped FROM draws
       WHERE series = ANY(${add(SERIES_OF[game], 'text[]')}) AND draw_date BETWEEN ${add(from, 'date')} AND ${add(addDays(from, 16), 'date')}`,
      parse: (rows) => rows as unknown as Array<{ series: DrawSeries, day: string, close_at: string, stopped: boolean }>
    },
    times: closeTimesRead
  })
  const stored = new Map(read.rows.map((r) => [`${r.series} ${r.day}`, skipStopped && r.stopped ? new Date(0) : new Date(r.close_at)]))
  const setting = settingCloses(read.times)
  return (series, date) => stored.get(`${series} ${date}`) ?? setting(series, date)
}

/** The instant the next draw of a series closes, as the header counts down to it: the same close the cut-off reads. */
export async function nextSeriesClose (q: Queryable, series: DrawSeries, now: Date): Promise<Date> {
  const closeOf = await drawCloses(q, gameOfSeries(series), now, { skipStopped: true })
  const [next] = drawsForDayCode({ series, weekdays: DRAW_WEEKDAYS[series], label: series }, now, closeOf)
  if (next === undefined) throw new Error(`${series} has no draw in the next two weeks`)
  return next.closesAt
}
