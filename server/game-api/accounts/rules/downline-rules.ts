// The rules a parent cannot break when it creates or changes a downline, as pure functions: each answers the coded refusal, or undefined.
import { errors, type GameApiError } from '../../lib/errors.ts'
import { accountErrors } from '../errors.ts'
import { USER_ID_PATTERN } from '../../../../schemas/domain/user-id.ts'
import { inWholeCents } from '../../../../schemas/domain/cents.ts'
import { POSITION_RANGES, type PositionField } from '../../../../schemas/domain/position-ranges.ts'
import { checkValue } from '../../../../schemas/domain/field-constraints.ts'
// GA_BAD_USER_ID (./errors.ts) words this rule again: catalogue messages are literals, as the client's catalogue test reads them.

/** The flags a parent hands down only when it has them itself. */
export const FLAGS = ['EnableCreateAgent', 'EnableCreateDownline', 'EnablePlaceBet', 'EnableUpload'] as const
export type Flag = typeof FLAGS[number]

/** Dollars as the refusals show them: 60,000.00. */
export const dollars = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** Why a requested user id cannot be used, or undefined. */
export function userIdProblem (userId: string): GameApiError | undefined {
  return USER_ID_PATTERN.test(userId) ? undefined : accountErrors.badUserId(userId)
}

/** Why a position value is outside seed 001 §5's range or off its step, or undefined. */
export function rangeProblem (field: PositionField, value: number): GameApiError | undefined {
  const rule = POSITION_RANGES[field]
  const [broken] = checkValue(value, { number: true, ...rule })
  if (broken === undefined) return undefined
  return broken.rule === 'step' ? accountErrors.offStep(field, value, rule.step) : accountErrors.outOfRange(field, value, rule.max)
}

/** Why a downline's position value is above its parent's, or undefined (parentValue undefined: the parent is not bounded). */
export function parentBoundProblem (field: PositionField, value: number, parentId: string, parentValue: number | undefined): GameApiError | undefined {
  if (parentValue === undefined || checkValue(value, { max: parentValue }).length === 0) return undefined
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
