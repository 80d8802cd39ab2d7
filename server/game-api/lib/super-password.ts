// The super password (issue 14): a second secret, hashed like the sign-in password, that confirms destructive calls (a results reset).
import type { Queryable } from '../../shared/db.ts'
import { errors } from './errors.ts'
import { verifyPassword } from './secrets.ts'

/** Throws unless given is the user's super password: required, set, and matching. */
export async function confirmSuperPassword (q: Queryable, userId: string, given: string | undefined): Promise<void> {
  if (given === undefined || given === '') throw errors.superPasswordRequired()
  const { rows: [row] } = await q.query<{ super_password_hash: string | null }>('SELECT super_password_hash FROM users WHERE user_id = $1', [userId])
  if (!row?.super_password_hash) throw errors.superPasswordNotSet()
  if (!await verifyPassword(given, row.super_password_hash)) throw errors.superPasswordWrong()
}
