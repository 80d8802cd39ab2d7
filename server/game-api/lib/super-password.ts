// The super password (issue 14): a second secret, hashed like the sign-in password, that confirms destructive calls (a results reset).
import type { Queryable } from '../../shared/db.ts'
import { zoneDayTime } from '../../../schemas/domain/calendar.ts'
import { errors } from './errors.ts'
import { verifyPassword } from './secrets.ts'

/** Wrong super passwords in a row that lock it, and for how long: guessing it costs a quarter of an hour per five tries. */
export const SUPER_PASSWORD_TRIES = 5
export const SUPER_PASSWORD_LOCK_MS = 15 * 60_000

/**
 * Throws unless given is the user's super password: required, set, not locked, and matching. q must not be a transaction
 * that a refusal rolls back: a wrong try is counted whatever the call does next.
 */
export async function confirmSuperPassword (q: Queryable, userId: string, given: string | undefined, now: Date): Promise<void> {
  if (given === undefined || given === '') throw errors.superPasswordRequired()
  const { rows: [row] } = await q.query<{ super_password_hash: string | null, super_password_locked_until: Date | null }>(
    'SELECT super_password_hash, super_password_locked_until FROM users WHERE user_id = $1', [userId])
  if (!row?.super_password_hash) throw errors.superPasswordNotSet()
  const lockedUntil = row.super_password_locked_until
  if (lockedUntil && lockedUntil > now) throw errors.superPasswordLocked(zoneDayTime(lockedUntil))
  if (await verifyPassword(given, row.super_password_hash)) {
    await q.query('UPDATE users SET super_password_failures = 0, super_password_locked_until = NULL WHERE user_id = $1', [userId])
    return
  }
  // One statement: concurrent wrong tries each count, and the one that reaches the limit sets the lock.
  const { rows: [counted] } = await q.query<{ super_password_locked_until: Date | null }>(
    `UPDATE users SET
       super_password_locked_until = CASE WHEN super_password_failures + 1 >= $2 THEN $3::timestamptz ELSE super_password_locked_until END,
       super_password_failures = CASE WHEN super_password_failures + 1 >= $2 THEN 0 ELSE super_password_failures + 1 END
     WHERE user_id = $1 RETURNING super_password_locked_until`,
    [userId, SUPER_PASSWORD_TRIES, new Date(now.getTime() + SUPER_PASSWORD_LOCK_MS)])
  const locked = counted?.super_password_locked_until
  if (locked && locked > now) throw errors.superPasswordLocked(zoneDayTime(locked))
  throw errors.superPasswordWrong()
}

/** Sets the user's super password hash under the user's row lock, starting with no wrong tries and no lock; answers whether one was set before. */
export async function writeSuperPassword (q: Queryable, userId: string, hash: string): Promise<boolean> {
  const { rows: [was] } = await q.query<{ had: boolean }>('SELECT super_password_hash IS NOT NULL AS had FROM users WHERE user_id = $1 FOR UPDATE', [userId])
  await q.query('UPDATE users SET super_password_hash = $2, super_password_failures = 0, super_password_locked_until = NULL WHERE user_id = $1', [userId, hash])
  return was?.had === true
}
