// The super password's columns of the users row: its hash, the wrong tries in a row and the lock they set.
import type { Queryable } from '../../../shared/db.ts'

/** The user's super password hash (null when none is set) and the end of its lock, or undefined when there is no such user. */
export async function superPasswordOf (q: Queryable, userId: string): Promise<{ hash: string | null, lockedUntil: Date | null } | undefined> {
  const { rows: [row] } = await q.query<{ super_password_hash: string | null, super_password_locked_until: Date | null }>(
    'SELECT super_password_hash, super_password_locked_until FROM users WHERE user_id = $1', [userId])
  return row && { hash: row.super_password_hash, lockedUntil: row.super_password_locked_until }
}

/** Clears the user's wrong tries and lock (a right one was given). */
export async function clearSuperPasswordFailures (q: Queryable, userId: string): Promise<void> {
  await q.query('UPDATE users SET super_password_failures = 0, super_password_locked_until = NULL WHERE user_id = $1', [userId])
}

/**
 * Counts one wrong try; the one that reaches tries sets the lock until lockUntil and starts the count again. One statement: concurrent
 * wrong tries each count, and the one that reaches the limit sets the lock. Answers the lock's end after it (null when none).
 */
export async function countSuperPasswordFailure (q: Queryable, userId: string, tries: number, lockUntil: Date): Promise<Date | null> {
  const { rows: [counted] } = await q.query<{ super_password_locked_until: Date | null }>(
    `UPDATE users SET
       super_password_locked_until = CASE WHEN super_password_failures + 1 >= $2 THEN $3::timestamptz ELSE super_password_locked_until END,
       super_password_failures = CASE WHEN super_password_failures + 1 >= $2 THEN 0 ELSE super_password_failures + 1 END
     WHERE user_id = $1 RETURNING super_password_locked_until`,
    [userId, tries, lockUntil])
  return counted?.super_password_locked_until ?? null
}

/** Sets the user's super password hash under the user's row lock, starting with no wrong tries and no lock; answers whether one was set before. */
export async function writeSuperPassword (q: Queryable, userId: string, hash: string): Promise<boolean> {
  const { rows: [was] } = await q.query<{ had: boolean }>('SELECT super_password_hash IS NOT NULL AS had FROM users WHERE user_id = $1 FOR UPDATE', [userId])
  await q.query('UPDATE users SET super_password_hash = $2, super_password_failures = 0, super_password_locked_until = NULL WHERE user_id = $1', [userId, hash])
  return was?.had === true
}
