// A downline's position values and what its parent lets it have, as pure functions (the store reads and writes them).
import type { Role } from '../../../../schemas/game-api.ts'
import { positionRule, type PositionField } from '../../../../schemas/domain/position-ranges.ts'

export type PositionValues = Partial<Record<PositionField, number>>

/** The position fields present in a body. */
export function positionOf (body: PositionValues): PositionValues {
  const out: PositionValues = {}
  for (const f of ['dShare', 'tShare', 'dCommission', 'tCommission', 'Tax'] as const) if (body[f] !== undefined) out[f] = body[f]
  return out
}

/** The most a downline of the parent may stake on one line (undefined: any, the company sets it freely). */
export function lineStakeCap (parent: { role: Role, maxLineStake: number }): number | undefined {
  return parent.role === 'ADMIN' ? undefined : parent.maxLineStake
}

/** The share values a parent may give on the game's side: 0 up to its own share, one step apart (a picker's options). */
export function shareChoices (parentShare: number): number[] {
  const { step } = positionRule('share')
  const steps = Math.round(parentShare / step)
  return Array.from({ length: steps + 1 }, (_, i) => Math.round(i * step * 100) / 100)
}
