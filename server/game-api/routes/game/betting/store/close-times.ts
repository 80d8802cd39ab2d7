// The close time per series: the one setting behind the bet cut-off (close_at of new draws), settings CloseDate and the header countdown.
import type { Queryable } from '../../../../../shared/db.ts'
import { DEFAULT_CLOSE_TIMES, DRAW_TIMES, nextClose, type CloseTimes, type DrawSeries } from '../../../../../../schemas/domain/calendar.ts'

/** Every series, in the order lists show them. */
export const ALL_SERIES: readonly DrawSeries[] = ['SG4D', 'MG4D', 'TOTO']

/** The close times in force: the operator's rows over the calendar's defaults. */
export async function readCloseTimes (q: Queryable): Promise<CloseTimes> {
  const { rows } = await q.query<{ series: DrawSeries, close_time: string }>('SELECT series, close_time FROM draw_series')
  const times: CloseTimes = { ...DEFAULT_CLOSE_TIMES }
  for (const r of rows) times[r.series] = r.close_time
  return times
}

/** Sets one series' close time; draws already created keep theirs (edit them one by one). */
export async function writeCloseTime (q: Queryable, series: DrawSeries, closeTime: string, now: Date): Promise<void> {
  await q.query(
    `INSERT INTO draw_series (series, close_time, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (series) DO UPDATE SET close_time = EXCLUDED.close_time, updated_at = EXCLUDED.updated_at`, [series, closeTime, now])
}

/** A series' setting as the API answers it. */
export function seriesAnswer (series: DrawSeries, times: CloseTimes): { Series: DrawSeries, CloseTime: string, DefaultCloseTime: string, DrawTime: string } {
  return { Series: series, CloseTime: times[series], DefaultCloseTime: DEFAULT_CLOSE_TIMES[series], DrawTime: DRAW_TIMES[series] }
}

/** The next close of a series at `now`: the earliest open draw row (which may have been edited or closed by hand) or the calendar's next draw under the setting. */
export async function nextSeriesClose (q: Queryable, series: DrawSeries, now: Date): Promise<Date> {
  const { rows } = await q.query<{ close_at: Date | null }>(
    `SELECT min(close_at) AS close_at FROM draws
     WHERE series = $1 AND close_at > $2 AND NOT closed_by_hand AND result IS NULL AND NOT is_finalised AND (open_at IS NULL OR open_at <= $2)`, [series, now])
  const fromCalendar = nextClose(series, now, await readCloseTimes(q))
  const stored = rows[0]?.close_at
  if (stored === null || stored === undefined) return fromCalendar
  return new Date(Math.min(new Date(stored).getTime(), fromCalendar.getTime()))
}
