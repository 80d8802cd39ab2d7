// The one rule for 4D amounts on every entry path (form, JSON bet, bet text, upload, fixed bets) and the per-line maximum stake.
import { inWholeCents } from '../domain/cents.ts'

/** Big is bet in the seed's units: 1, H (0.5) and Q (0.25), so any sum of them is a multiple of this. */
export const BIG_STEP = 0.25

/** The per-line maximum stake (dollars a line may stake in one draw) a user has until a parent sets another. */
export const DEFAULT_MAX_LINE_STAKE = 50000

/** The most any line may stake in one draw, whoever sets the maximum: the bound of every Big, Small and maximum line stake field. */
export const LINE_STAKE_BOUND = 1e9

/** The Big amounts the Place Bets form accepts as typed: whole dollars, or .25, .5 (.50) or .75 (the form's pattern, checked against bigProblem by a test). */
export const BIG_PATTERN = '^[0-9]+(\\.(0|00|25|5|50|75))?$|^\\.(25|5|50|75)$'

/** Options of the amount rule. */
export interface AmountRule {
  /** The upload's AcceptDecimals: any amount in cents is taken (Big and Small). */
  acceptDecimals?: boolean | undefined
}

const multipleOf = (v: number, step: number): boolean => Math.abs(Math.round(v / step) * step - v) < 1e-9

/** Why a Big amount is refused ('negative', 'step': not a multiple of 0.25, 'cents': more than 2 decimals), or undefined when it is good. */
export function bigProblem (big: number, rule: AmountRule = {}): 'negative' | 'step' | 'cents' | undefined {
  if (!Number.isFinite(big) || big < 0) return 'negative'
  if (rule.acceptDecimals === true) return inWholeCents(big) ? undefined : 'cents'
  return multipleOf(big, BIG_STEP) ? undefined : 'step'
}

/** Why a Small amount is refused ('negative', 'whole': Small is whole dollars, 'cents'), or undefined when it is good. */
export function smallProblem (small: number, rule: AmountRule = {}): 'negative' | 'whole' | 'cents' | undefined {
  if (!Number.isFinite(small) || small < 0) return 'negative'
  if (rule.acceptDecimals === true) return inWholeCents(small) ? undefined : 'cents'
  return Number.isInteger(small) ? undefined : 'whole'
}

/** True when a line's stake in one draw is over the user's maximum (compared in cents, so 0.1 + 0.2 is not over 0.3). */
export function overLineMaximum (stake: number, maximum: number): boolean {
  return Math.round(stake * 100) > Math.round(maximum * 100)
}
