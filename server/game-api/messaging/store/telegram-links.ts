// Linking a Telegram account to a user: a one-time code the site's Mobile page shows (kept hashed, ten minutes, one live code per user),
// sent to the bot as /link CODE (or /start CODE from a t.me deep link).
import { createHash, randomInt } from 'node:crypto'
import type { Queryable } from '../../../shared/db.ts'
import type { Role } from '../../../../schemas/game-api.ts'

/** How long a code may be used. */
export const CODE_TTL_MS = 10 * 60_000

/** Letters and digits nobody misreads (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const CODE_LENGTH = 8

const hashOf = (code: string) => createHash('sha256').update(code.trim().toUpperCase()).digest('hex')

/** A new code for the user (replacing any live one) and when it expires; only its hash is stored. */
export async function issueCode (q: Queryable, userId: string, now: Date): Promise<{ code: string, expiresAt: Date }> {
  const code = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS)
  await q.query(
    `INSERT INTO telegram_codes (user_id, code_hash, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET code_hash = EXCLUDED.code_hash, expires_at = EXCLUDED.expires_at`, [userId, hashOf(code), expiresAt])
  return { code, expiresAt }
}

/** Uses a code up: links the Telegram account to the code's user (moving it from any other) and answers that user; undefined for a wrong or expired code. */
export async function redeemCode (q: Queryable, code: string, telegram: { id: string, name: string }, now: Date): Promise<string | undefined> {
  const { rows: [used] } = await q.query<{ user_id: string, expires_at: Date }>('DELETE FROM telegram_codes WHERE code_hash = $1 RETURNING user_id, expires_at', [hashOf(code)])
  if (!used || new Date(used.expires_at) <= now) return undefined
  await q.query(
    `INSERT INTO telegram_links (telegram_user_id, user_id, telegram_name, linked_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (telegram_user_id) DO UPDATE SET user_id = EXCLUDED.user_id, telegram_name = EXCLUDED.telegram_name, linked_at = EXCLUDED.linked_at`,
    [telegram.id, used.user_id, telegram.name, now])
  return used.user_id
}

/** The user a Telegram account is linked to, with the role placement checks. */
export async function linkedUser (q: Queryable, telegramUserId: string): Promise<{ userId: string, role: Role } | undefined> {
  const { rows: [row] } = await q.query<{ user_id: string, role: Role }>(
    'SELECT l.user_id, u.role FROM telegram_links l JOIN users u ON u.user_id = l.user_id WHERE l.telegram_user_id = $1 AND u.deleted_at IS NULL', [telegramUserId])
  return row && { userId: row.user_id, role: row.role }
}

/** The Telegram accounts linked to a user (names as Telegram gave them). */
export async function linksOf (q: Queryable, userId: string): Promise<string[]> {
  const { rows } = await q.query<{ telegram_name: string }>('SELECT telegram_name FROM telegram_links WHERE user_id = $1 ORDER BY linked_at', [userId])
  return rows.map((r) => r.telegram_name)
}

/** Removes every Telegram account linked to the user; answers how many there were. */
export async function unlinkAll (q: Queryable, userId: string): Promise<number> {
  const { rows } = await q.query('DELETE FROM telegram_links WHERE user_id = $1 RETURNING telegram_user_id', [userId])
  return rows.length
}
