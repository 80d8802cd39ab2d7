// Resetting a finalised draw: reversing ledger entries for what finalising booked, and its bets open again, so a re-finalise gives the same figures.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/game/index.ts'
import { clearDrawPayouts } from './settled-totals.ts'
import { drawErrors } from '../errors.ts'
import { reverseDrawMoney } from './ledger.ts'
import { unsettleThrows } from './throw-settlement.ts'
import { existingDraw } from './draw-by-id.ts'

/** What a reset undid. */
export interface ResetSummary { DrawId: number, Reversed: number, Bets: number, ResultCleared: boolean }

/** Undoes finalising in the caller's transaction; with clearResult the result goes too (the draw is back to closed). */
export async function resetDraw (q: Queryable, game: Game, drawId: number, clearResult: boolean, now: Date): Promise<ResetSummary> {
  const draw = await existingDraw(q, drawId, { game, forUpdate: true })
  if (!draw.is_finalised) throw drawErrors.drawNotFinalised(drawId)
  const reversed = await reverseDrawMoney(q, drawId, now)
  const { rowCount } = await q.query("UPDATE bets SET status = 'open', payout = 0, settled_at = NULL WHERE draw_id = $1 AND status IN ('won', 'lost')", [drawId])
  await q.query('DELETE FROM strikes WHERE draw_id = $1', [drawId])
  await q.query('UPDATE bet_levels SET intake_payout = 0, out_payout = 0 WHERE draw_id = $1 AND (intake_payout <> 0 OR out_payout <> 0)', [drawId])
  await clearDrawPayouts(q, drawId)
  await unsettleThrows(q, drawId)
  await q.query(`UPDATE draws SET is_finalised = false, finalised_at = NULL${clearResult ? ', result = NULL, result_entered_at = NULL' : ''} WHERE draw_id = $1`, [drawId])
  return { DrawId: drawId, Reversed: reversed, Bets: rowCount, ResultCleared: clearResult }
}
