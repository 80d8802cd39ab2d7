// Who a phone belongs to: the SMS Agent registry first, then a number saved on the profile's Mobile page (seed 001 §5: "registered on the site or in the profile").
import type { Queryable } from '../../../shared/db.ts'
import type { Role } from '../../../../schemas/game-api.ts'
import { normalisePhone } from '../rules/phone.ts'

// Profile numbers are stored as typed; this many trailing digits narrow the candidates before each is normalised.
const TAIL_DIGITS = 7

/** A phone's owner with the role placement checks. */
export interface PhoneOwner { userId: string, role: Role }

async function profileOwners (q: Queryable, phone: string): Promise<PhoneOwner[]> {
  const { rows } = await q.query<{ user_id: string, mobile: string, role: Role }>(
    'SELECT m.user_id, m.mobile, u.role FROM user_mobiles m JOIN users u ON u.user_id = m.user_id WHERE m.mobile LIKE $1', [`%${phone.slice(-TAIL_DIGITS)}`])
  return rows.filter((r) => normalisePhone(r.mobile) === phone).map((r) => ({ userId: r.user_id, role: r.role }))
}

/** The user a normalised phone is registered to, or undefined (a profile number two users share names neither). */
export async function userOfPhone (q: Queryable, phone: string): Promise<PhoneOwner | undefined> {
  const { rows: [registered] } = await q.query<{ user_id: string, role: Role }>('SELECT p.user_id, u.role FROM sms_phones p JOIN users u ON u.user_id = p.user_id WHERE p.phone = $1', [phone])
  if (registered) return { userId: registered.user_id, role: registered.role }
  const owners = await profileOwners(q, phone)
  return owners.length === 1 ? owners[0] : undefined
}

/** Whether a user has any registered phone (the SMS Agent registry or a valid profile number) or a linked Telegram account. */
export async function hasRegisteredPhone (q: Queryable, userId: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM sms_phones WHERE user_id = $1 UNION ALL SELECT 1 FROM telegram_links WHERE user_id = $1 LIMIT 1', [userId])
  if (rows.length > 0) return true
  const { rows: [profile] } = await q.query<{ mobile: string }>('SELECT mobile FROM user_mobiles WHERE user_id = $1', [userId])
  return profile !== undefined && normalisePhone(profile.mobile) !== undefined
}

/** The phone a user's messages go to (E.164 with '+'): the oldest SMS Agent registration, else a valid profile Mobile number; undefined when none. */
export async function phoneOf (q: Queryable, userId: string): Promise<string | undefined> {
  const { rows: [registered] } = await q.query<{ phone: string }>('SELECT phone FROM sms_phones WHERE user_id = $1 ORDER BY phone_id LIMIT 1', [userId])
  if (registered) return `+${registered.phone}`
  const { rows: [profile] } = await q.query<{ mobile: string }>('SELECT mobile FROM user_mobiles WHERE user_id = $1', [userId])
  const phone = profile === undefined ? undefined : normalisePhone(profile.mobile)
  return phone === undefined ? undefined : `+${phone}`
}
