// The super password (issue 14): a second secret, hashed like the sign-in password, that confirms destructive calls (a results reset).
import type { Queryable } from '../../shared/db.ts'
import { zoneDayTime } from '../../../schemas/domain/calendar.ts'
import { errors } from './errors.ts'
import { verifyPassword } from './secrets.ts'
import { clearSuperPasswordFailures, countSuperPasswordFailure, superPasswordOf } from './store/super-password.ts'

/** Wrong super passwords in a row that lock it, and for how long: guessing it costs a quarter of an hour per five tries. */
export const SUPER_PASSWORD_TRIES = 5
export const SUPER_PASSWORD_LOCK_MS = 15 * 60_000

/**
 * Throws unless given is the user's super password: required, set, not locked, and matching. q must not be a transaction
 * that a refusal rolls back: a wrong try is counted whatever the call does next.
 */
export async function confirmSuperPassword (q: Queryable, userId: string, given: string | undefined, now: Date): Promise<void> {
  if (given === undefined || given === '') throw errors.superPasswordRequired()
  const row = await superPasswordOf(q, userId)
  if (!row?.hash) throw errors.superPasswordNotSet()
  const lockedUntil = row.lockedUntil
  if (lockedUntil && lockedUntil > now) throw errors.superPasswordLocked(zoneDayTime(lockedUntil))
  if (await verifyPassword(given, row.hash)) {
    await clearSuperPasswordFailures(q, userId)
    return
  }
  const locked = await countSuperPasswordFailure(q, userId, SUPER_PASSWORD_TRIES, new Date(now.getTime() + SUPER_PASSWORD_LOCK_MS))
  if (locked && locked > now) throw errors.superPasswordLocked(zoneDayTime(locked))
  throw errors.superPasswordWrong()
}
