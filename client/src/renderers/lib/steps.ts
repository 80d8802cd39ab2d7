// The number pickers of seed 001 §5: share, commission (4D and TOTO) and tax, each a range with a step.

/** A range with a step; values must be a whole number of steps from min. */
export interface StepRule { min: number, max: number, step: number }

export const SHARE: StepRule = { min: 0, max: 1, step: 0.01 }
export const COMMISSION_4D: StepRule = { min: 0, max: 0.2, step: 0.005 }
export const COMMISSION_TT: StepRule = { min: 0, max: 0.3, step: 0.01 }
export const TAX: StepRule = { min: 0, max: 0.01, step: 0.001 }

export type StepKind = 'share' | 'commission' | 'tax'

/** The rule for a picker; TOTO has its own commission range. */
export function stepRule (kind: StepKind, game: '4d' | 'tt' = '4d'): StepRule {
  if (kind === 'share') return SHARE
  if (kind === 'tax') return TAX
  return game === 'tt' ? COMMISSION_TT : COMMISSION_4D
}

/** Why a value breaks its rule ('min', 'max', 'step'), or null when it fits; floating error is tolerated. */
export function checkStep (value: number, rule: StepRule): 'min' | 'max' | 'step' | null {
  const eps = 1e-9
  if (!Number.isFinite(value) || value < rule.min - eps) return 'min'
  if (value > rule.max + eps) return 'max'
  const steps = (value - rule.min) / rule.step
  return Math.abs(steps - Math.round(steps)) < 1e-6 ? null : 'step'
}

/** Every allowed value, for the picker's options (rounded to the step's decimals). */
export function stepValues (rule: StepRule): number[] {
  const decimals = (String(rule.step).split('.')[1] ?? '').length
  const count = Math.round((rule.max - rule.min) / rule.step)
  return Array.from({ length: count + 1 }, (_, i) => Number((rule.min + i * rule.step).toFixed(decimals)))
}
