// The mobile number a user keeps on the profile's Mobile page.
import type { Queryable } from '../../../shared/db.ts'

/** The user's mobile number, '' when none is on file. */
export async function mobileOf (q: Queryable, userId: string): Promise<string> {
  const { rows: [row] } = await q.query<{ mobile: string }>('SELECT mobile FROM user_mobiles WHERE user_id = $1', [userId])
  return row?.mobile ?? ''
}

/** Sets the user's mobile number. */
export async function writeMobile (q: Queryable, userId: string, mobile: string): Promise<void> {
  await q.query('INSERT INTO user_mobiles (user_id, mobile, updated_at) VALUES ($1, $2, now()) ON CONFLICT (user_id) DO UPDATE SET mobile = EXCLUDED.mobile, updated_at = now()', [userId, mobile])
}
