// The rules a parent cannot break when it creates or changes a downline, as pure functions: each answers the coded refusal, or undefined.
import { errors, type GameApiError } from '../../lib/errors.ts'
import { accountErrors } from '../errors.ts'
import { USER_ID_PATTERN } from '../../../../schemas/domain/user-id.ts'
import { inWholeCents } from '../../../../schemas/domain/cents.ts'
// GA_BAD_USER_ID (./errors.ts) words this rule again: catalogue messages are literals, as the client's catalogue test reads them.

/** The flags a parent hands down only when it has them itself. */
export const FLAGS = ['EnableCreateAgent', 'EnableCreateDownline', 'EnablePlaceBet', 'EnableUpload'] as const
export type Flag = typeof FLAGS[number]

/** Seed 001 §5: the ranges and steps of the position pickers. */
export const POSITION_RANGES = {
  dShare: { max: 1, step: 0.01 },
  tShare: { max: 1, step: 0.01 },
  dCommission: { max: 0.2, step: 0.005 },
  tCommission: { max: 0.3, step: 0.01 },
  Tax: { max: 0.01, step: 0.001 }
} as const
export type PositionField = keyof typeof POSITION_RANGES

/** Dollars as the refusals show them: 60,000.00. */
export const dollars = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** Why a requested user id cannot be used, or undefined. */
export function userIdProblem (userId: string): GameApiError | undefined {
  return USER_ID_PATTERN.test(userId) ? undefined : accountErrors.badUserId(userId)
}

/** Why a position value is outside seed 001 §5's range or off its step, or undefined. */
export function rangeProblem (field: PositionField, value: number): GameApiError | undefined {
  const { max, step } = POSITION_RANGES[field]
  if (value < 0 || value > max) return accountErrors.outOfRange(field, value, max)
  const steps = value / step
  // Compared in whole steps with a tolerance, as 0.015 / 0.005 is not exactly 3 in binary.
  if (Math.abs(steps - Math.round(steps)) > 1e-6) return accountErrors.offStep(field, value, step)
  return undefined
}

/** Why a downline's position value is above its parent's, or undefined (parentValue undefined: the parent is not bounded). */
export function parentBoundProblem (field: PositionField, value: number, parentId: string, parentValue: number | undefined): GameApiError | undefined {
  if (parentValue === undefined || value <= parentValue + 1e-9) return undefined
  return accountErrors.aboveParent(field, value, parentId, parentValue)
}

/** Why a flag turned on is more than the parent has (the first such flag, so the form can name it), or undefined. */
export function flagsProblem (flags: Partial<Record<Flag, number>>, parentId: string, parentFlags: Record<Flag, number>): GameApiError | undefined {
  const extra = FLAGS.find((f) => (flags[f] ?? 0) === 1 && parentFlags[f] !== 1)
  return extra === undefined ? undefined : accountErrors.flagNotHeld(extra, parentId)
}

/** Why the locations are empty or outside the parent's, or undefined. */
export function locationsProblem (locations: string[], parentId: string, parentLocations: string[]): GameApiError | undefined {
  if (locations.length === 0) return accountErrors.noLocations()
  const extra = locations.filter((l) => !parentLocations.includes(l))
  return extra.length === 0 ? undefined : accountErrors.locationsNotParents(extra.join(', '), parentId, parentLocations.join(', '))
}

/** Why a change of credit is refused: more than the parent has left (parentLeft undefined: unbounded), or less than the downline has in use. */
export function creditProblem (change: { userId: string, credit: number, oldCredit: number, creditLeft: number }, parentId: string, parentLeft: number | undefined): GameApiError | undefined {
  if (change.credit < 0) return accountErrors.creditNegative(dollars(change.credit))
  if (!inWholeCents(change.credit)) return errors.fieldNotCents('Credit', change.credit)
  const delta = change.credit - change.oldCredit
  if (parentLeft !== undefined && delta > parentLeft + 1e-9) {
    return change.oldCredit === 0
      ? accountErrors.creditOverParent(dollars(change.credit), parentId, dollars(parentLeft))
      : accountErrors.creditAddsOverParent(dollars(change.credit), dollars(delta), parentId, dollars(parentLeft))
  }
  const inUse = change.oldCredit - change.creditLeft
  if (change.creditLeft + delta < -1e-9) return accountErrors.creditBelowInUse(dollars(change.credit), change.userId, dollars(inUse))
  return undefined
}
