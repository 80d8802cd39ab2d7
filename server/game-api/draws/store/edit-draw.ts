// Editing a draw by hand: its date and times, or closing and reopening betting, refused once a result or settlement fixes it.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/game/index.ts'
import { dayOfDate, zoneDayTime, zoneIso } from '../../../../schemas/domain/calendar.ts'
import { isoDateOf } from '../rules/draw-answer.ts'
import type { DrawRow } from '../types.ts'
import { drawTimes, wallTimeOf } from '../rules/draw-times.ts'
import { drawErrors } from '../errors.ts'
import { existingDraw } from './draw-by-id.ts'

/** The fields an edit may change; absent ones keep their value (OpenDate '' removes the open time). */
export interface DrawEdit { DrawDate?: string, CloseTime?: string, OpenDate?: string, OpenTime?: string, Closed?: boolean }

/** Applies an edit in the caller's transaction and answers the row as saved. */
export async function editDraw (q: Queryable, game: Game, drawId: number, edit: DrawEdit, now: Date): Promise<DrawRow> {
  const draw = await existingDraw(q, drawId, { game, forUpdate: true })
  if (draw.is_finalised) throw drawErrors.drawFinalised(drawId)
  const { rows: [busy] } = await q.query("SELECT 1 FROM bets WHERE draw_id = $1 AND status IN ('won', 'lost') LIMIT 1", [drawId])
  if (busy) throw drawErrors.drawBusy(drawId)
  const hasResult = draw.result !== null && draw.result !== undefined
  const changesTimes = edit.DrawDate !== undefined || edit.CloseTime !== undefined || edit.OpenDate !== undefined || edit.OpenTime !== undefined
  if (hasResult && (changesTimes || edit.Closed === false)) throw drawErrors.drawHasResult(drawId)

  const closeAt = new Date(draw.close_at)
  const openAt = draw.open_at === null || draw.open_at === undefined ? null : new Date(draw.open_at)
  const times = changesTimes
    ? drawTimes({
      DrawDate: edit.DrawDate ?? isoDateOf(draw.draw_date),
      CloseTime: edit.CloseTime ?? wallTimeOf(closeAt),
      OpenDate: edit.OpenDate ?? (openAt ? zoneIso(openAt).slice(0, 10) : ''),
      OpenTime: edit.OpenTime ?? (openAt ? wallTimeOf(openAt) : undefined)
    })
    : { closeAt, openAt }
  // Reopening needs a close time still ahead: betting never reopens on a draw past its close.
  if (edit.Closed === false && times.closeAt.getTime() <= now.getTime()) throw drawErrors.drawPastClose(drawId, zoneDayTime(times.closeAt))
  const date = edit.DrawDate ?? isoDateOf(draw.draw_date)
  if (date !== isoDateOf(draw.draw_date)) {
    const { rows: [taken] } = await q.query('SELECT 1 FROM draws WHERE series = $1 AND draw_date = $2 AND draw_id <> $3', [draw.series, date, drawId])
    if (taken) throw drawErrors.drawExists(draw.series, dayOfDate(date))
  }
  const { rows: [saved] } = await q.query<DrawRow>(
    'UPDATE draws SET draw_date = $2, close_at = $3, open_at = $4, closed_by_hand = $5 WHERE draw_id = $1 RETURNING *',
    [drawId, date, times.closeAt, times.openAt, edit.Closed ?? draw.closed_by_hand ?? false])
  return saved as DrawRow
}
