// Seed 001 §5: the ranges and steps of the position pickers (share, commission, tax), the one copy the client's pickers and
// checks and the game API's account rules read.
import type { Game } from './calendar.ts'

/** A range with a step: a value lies in [min, max] and is a whole number of steps from min. */
export interface StepRule { min: number, max: number, step: number }

export const SHARE: StepRule = { min: 0, max: 1, step: 0.01 }
export const COMMISSION_4D: StepRule = { min: 0, max: 0.2, step: 0.005 }
export const COMMISSION_TOTO: StepRule = { min: 0, max: 0.3, step: 0.01 }
export const TAX: StepRule = { min: 0, max: 0.01, step: 0.001 }

/** What a position picker holds. */
export type PositionKind = 'share' | 'commission' | 'tax'

/** The rule of a picker in a game; only commission differs between 4D and TOTO. */
export function positionRule (kind: PositionKind, game: Game = '4D'): StepRule {
  if (kind === 'share') return SHARE
  if (kind === 'tax') return TAX
  return game === 'TOTO' ? COMMISSION_TOTO : COMMISSION_4D
}

/** The account fields that hold a position (d: 4D, t: TOTO), each with its rule. */
export const POSITION_RANGES = {
  dShare: SHARE,
  tShare: SHARE,
  dCommission: COMMISSION_4D,
  tCommission: COMMISSION_TOTO,
  Tax: TAX
} as const satisfies Record<string, StepRule>
export type PositionField = keyof typeof POSITION_RANGES
