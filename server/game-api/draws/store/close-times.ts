// The close time per series: the one setting behind the bet cut-off (close_at of new draws), settings CloseDate and the header countdown.
import type { Queryable } from '../../../shared/db.ts'
import { readTogether, type Read } from '../../../shared/sql-params.ts'
import { DEFAULT_CLOSE_TIMES, zoneInstant, type CloseTimes, type DrawSeries } from '../../../../schemas/domain/calendar.ts'
import { wallTimeOf } from '../rules/draw-times.ts'
import { drawNotClosedSql } from './draw-conditions.ts'

/** Every series, in the order lists show them. */
export const ALL_SERIES: readonly DrawSeries[] = ['SG4D', 'MG4D', 'TOTO']

/** The close times in force: the operator's rows over the calendar's defaults. */
export async function readCloseTimes (q: Queryable): Promise<CloseTimes> {
  return (await readTogether(q, { times: closeTimesRead })).times
}

/** readCloseTimes as one read of a statement made of several (drawCloses reads it with the draws around now). */
export const closeTimesRead: Read<CloseTimes> = {
  sql: () => 'SELECT series, close_time FROM draw_series',
  parse: (rows) => {
    const times: CloseTimes = { ...DEFAULT_CLOSE_TIMES }
    for (const r of rows) times[r.series as DrawSeries] = String(r.close_time)
    return times
  }
}

/**
 * Sets one series' close time and moves the draws that followed the old one and still take bets (or open later) to it, so the countdown,
 * the cut-off and every entry path keep reading one close; a draw edited to another time, closed by hand or with a result keeps its own.
 */
export async function writeCloseTime (q: Queryable, series: DrawSeries, closeTime: string, now: Date): Promise<void> {
  const before = (await readCloseTimes(q))[series]
  const { rows } = await q.query<{ draw_id: number, day: string, close_at: Date, open_at: Date | null }>(
    `SELECT draw_id, to_char(draw_date, 'YYYY-MM-DD') AS day, close_at, open_at FROM draws
     WHERE series = $1 AND ${drawNotClosedSql('draws', '$2')} FOR UPDATE`, [series, now])
  for (const draw of rows) {
    if (wallTimeOf(new Date(draw.close_at)) !== before) continue
    const closeAt = zoneInstant(draw.day, closeTime)
    // Betting must still open before it closes; such a draw is left for the operator to edit.
    if (draw.open_at !== null && new Date(draw.open_at).getTime() >= closeAt.getTime()) continue
    await q.query('UPDATE draws SET close_at = $2 WHERE draw_id = $1', [draw.draw_id, closeAt])
  }
  await q.query(
    `INSERT INTO draw_series (series, close_time, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (series) DO UPDATE SET close_time = EXCLUDED.close_time, updated_at = EXCLUDED.updated_at`, [series, closeTime, now])
}
