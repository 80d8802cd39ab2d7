// The SMS Agent registry: the phones each user may bet from by SMS; one phone, one user.
import type { Queryable } from '../../../shared/db.ts'

/** A registered phone with its user's role. */
export interface SmsAgentRow { phone_id: string, phone: string, user_id: string, role: string, created_by: string, created_at: Date }

const SELECT = 'SELECT p.*, u.role FROM sms_phones p JOIN users u ON u.user_id = p.user_id'

/** Every registered phone (only the user's, ignoring case, when given), by user and phone. */
export async function smsAgents (q: Queryable, userId: string | null): Promise<SmsAgentRow[]> {
  const { rows } = await q.query<SmsAgentRow>(`${SELECT} WHERE ($1::text IS NULL OR lower(p.user_id) = lower($1)) ORDER BY p.user_id, p.phone`, [userId])
  return rows
}

/** The live user's id as stored, found ignoring case; undefined when there is none. */
export async function liveUserId (q: Queryable, userId: string): Promise<string | undefined> {
  const { rows: [user] } = await q.query<{ user_id: string }>('SELECT user_id FROM users WHERE lower(user_id) = lower($1) AND deleted_at IS NULL', [userId])
  return user?.user_id
}

/** Registers a phone for a user: the row, or the user the phone belongs to already. */
export async function addSmsAgent (q: Queryable, phone: string, userId: string, createdBy: string, now: Date): Promise<{ row: SmsAgentRow | undefined } | { takenBy: string }> {
  const { rows: [inserted] } = await q.query<{ phone_id: string }>(
    'INSERT INTO sms_phones (phone, user_id, created_by, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (phone) DO NOTHING RETURNING phone_id', [phone, userId, createdBy, now])
  if (!inserted) {
    const { rows: [owner] } = await q.query<{ user_id: string }>('SELECT user_id FROM sms_phones WHERE phone = $1', [phone])
    return { takenBy: owner?.user_id ?? 'another user' }
  }
  return { row: (await q.query<SmsAgentRow>(`${SELECT} WHERE p.phone_id = $1`, [inserted.phone_id])).rows[0] }
}

/** Removes a registered phone; answers what it was, or undefined when there was none. */
export async function deleteSmsAgent (q: Queryable, phoneId: number): Promise<{ phone: string, user_id: string } | undefined> {
  const { rows: [removed] } = await q.query<{ phone: string, user_id: string }>('DELETE FROM sms_phones WHERE phone_id = $1 RETURNING phone, user_id', [phoneId])
  return removed
}
