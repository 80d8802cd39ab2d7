// Where a draw stands at a moment, and the refusals that follow from it: the one reading the cut-off, the lists and the pages share.
import { zoneDayTime } from '../../../../schemas/domain/calendar.ts'
import { drawErrors } from '../errors.ts'
import type { Game } from '../../../../schemas/game/index.ts'
import type { DrawRow, DrawStatus } from '../types.ts'

/** The status of a draw at `now`. */
export function drawStatus (r: DrawRow, now: Date): DrawStatus {
  if (r.is_finalised) return 'finalised'
  if (r.result !== null && r.result !== undefined) return 'result'
  if (r.closed_by_hand === true || new Date(r.close_at).getTime() <= now.getTime()) return 'closed'
  if (r.open_at !== null && r.open_at !== undefined && new Date(r.open_at).getTime() > now.getTime()) return 'pending'
  return 'open'
}

/** Refuses a bet on any draw not open at `now` (closed, by hand or by time, not yet open, with a result or finalised). */
export function assertOpen (draws: DrawRow[], now: Date): void {
  for (const d of draws) {
    const status = drawStatus(d, now)
    // Times in a refusal are written as the user reads them; a draw stopped before its close time names no time at all.
    if (status === 'pending') throw drawErrors.drawNotOpen(Number(d.draw_id), zoneDayTime(new Date(d.open_at as Date)))
    if (status === 'open') continue
    const closeAt = new Date(d.close_at)
    throw closeAt.getTime() <= now.getTime() ? drawErrors.drawClosed(Number(d.draw_id), zoneDayTime(closeAt)) : drawErrors.drawClosedEarly(Number(d.draw_id))
  }
}

/** The draws read for these ids, once each is checked to exist, to be of the game and to be open at `now`. */
export function assertOpenDrawsOf (rows: DrawRow[], game: Game, ids: number[], now: Date): DrawRow[] {
  for (const id of ids) {
    const draw = rows.find((r) => Number(r.draw_id) === id)
    if (!draw) throw drawErrors.drawNotFound(id)
    if (draw.game !== game) throw drawErrors.drawWrongGame(id, game)
  }
  assertOpen(rows, now)
  return rows
}

/** Refuses to void a ticket on a draw that no longer takes bets, saying why (closed by hand or by time, result entered, finalised). */
export function assertVoidable (ticketNo: string, d: DrawRow, now: Date): void {
  const drawId = Number(d.draw_id)
  const status = drawStatus(d, now)
  if (status === 'finalised') throw drawErrors.voidFinalised(ticketNo, drawId)
  if (status === 'result') throw drawErrors.voidAfterResult(ticketNo, drawId)
  if (status === 'closed') throw d.closed_by_hand === true ? drawErrors.voidClosedByHand(ticketNo, drawId) : drawErrors.voidClosed(ticketNo, drawId, zoneDayTime(new Date(d.close_at)))
  if (status === 'pending') throw drawErrors.drawNotOpen(drawId, zoneDayTime(new Date(d.open_at as Date)))
}
