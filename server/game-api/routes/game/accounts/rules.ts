// The rules a parent cannot break when it creates or changes a downline, as pure functions: each answers the refusal sentence, or undefined.

/** User ids: a letter, then 2 to 19 letters, digits or underscores; unique without regard to case (checked in the store). */
export const USER_ID_PATTERN = /^[A-Za-z][A-Za-z0-9_]{2,19}$/
export const USER_ID_RULE = 'a letter followed by 2 to 19 letters, digits or underscores'

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
export function userIdProblem (userId: string): string | undefined {
  return USER_ID_PATTERN.test(userId) ? undefined : `UserId "${userId}" must be ${USER_ID_RULE}.`
}

/** Why a position value is outside seed 001 §5's range or off its step, or undefined. */
export function rangeProblem (field: PositionField, value: number): string | undefined {
  const { max, step } = POSITION_RANGES[field]
  if (value < 0 || value > max) return `${field} ${value} is outside 0 to ${max}.`
  const steps = value / step
  // Compared in whole steps with a tolerance, as 0.015 / 0.005 is not exactly 3 in binary.
  if (Math.abs(steps - Math.round(steps)) > 1e-6) return `${field} ${value} must be a multiple of ${step}.`
  return undefined
}

/** Why a downline's position value is above its parent's, or undefined (parentValue undefined: the parent is not bounded). */
export function parentBoundProblem (field: PositionField, value: number, parentId: string, parentValue: number | undefined): string | undefined {
  if (parentValue === undefined || value <= parentValue + 1e-9) return undefined
  return `${field} ${value} is more than ${parentId}'s ${field}, ${parentValue}.`
}

/** Why the flags turned on are more than the parent has, or undefined. */
export function flagsProblem (flags: Partial<Record<Flag, number>>, parentId: string, parentFlags: Record<Flag, number>): string | undefined {
  const extra = FLAGS.filter((f) => (flags[f] ?? 0) === 1 && parentFlags[f] !== 1)
  return extra.length === 0 ? undefined : `${extra.join(', ')} cannot be given: ${parentId} does not have ${extra.length === 1 ? 'it' : 'them'}.`
}

/** Why the locations are empty or outside the parent's, or undefined. */
export function locationsProblem (locations: string[], parentId: string, parentLocations: string[]): string | undefined {
  if (locations.length === 0) return 'Locations must name at least one location.'
  const extra = locations.filter((l) => !parentLocations.includes(l))
  return extra.length === 0 ? undefined : `Locations ${extra.join(', ')} are not among ${parentId}'s locations (${parentLocations.join(', ')}).`
}

/** Why a change of credit is refused: more than the parent has left (parentLeft undefined: unbounded), or less than the downline has in use. */
export function creditProblem (change: { userId: string, credit: number, oldCredit: number, creditLeft: number }, parentId: string, parentLeft: number | undefined): string | undefined {
  if (change.credit < 0) return `Credit ${dollars(change.credit)} must not be negative.`
  if (Math.abs(change.credit * 100 - Math.round(change.credit * 100)) > 1e-6) return `Credit ${change.credit} must be in cents at most.`
  const delta = change.credit - change.oldCredit
  if (parentLeft !== undefined && delta > parentLeft + 1e-9) {
    return change.oldCredit === 0
      ? `Credit ${dollars(change.credit)} is more than ${parentId}'s credit left, ${dollars(parentLeft)}.`
      : `Credit ${dollars(change.credit)} adds ${dollars(delta)}, more than ${parentId}'s credit left, ${dollars(parentLeft)}.`
  }
  const inUse = change.oldCredit - change.creditLeft
  if (change.creditLeft + delta < -1e-9) return `Credit ${dollars(change.credit)} is less than what ${change.userId} has in use, ${dollars(inUse)}.`
  return undefined
}
