// The report of a finalised draw (result/r5/report, result/binConfirm/report): what settling applied, per prize and in total.
import type { Queryable } from '../../../shared/db.ts'
import { drawErrors } from '../errors.ts'
import { existingDraw } from './draw-by-id.ts'
import { settleSummary } from './finalise.ts'
import { previewDraw, type DrawPreview } from './preview.ts'

/** The figures finalising applied: the prize tiers and totals read from the strikes, with the bets settled; 409 before the draw is finalised. */
export async function finaliseReport (q: Queryable, drawId: number): Promise<DrawPreview & { Bets: number, Winners: number, Strikes: number }> {
  const draw = await existingDraw(q, drawId)
  if (!draw.is_finalised) throw drawErrors.notFinalised(drawId)
  const { Bets, Winners, Strikes } = await settleSummary(q, drawId)
  return { ...await previewDraw(q, drawId), Bets, Winners, Strikes }
}
