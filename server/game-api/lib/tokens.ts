import { prepared, type Queryable } from '../../shared/db.ts'
import type { Role } from '../../../schemas/game-api.ts'
import { randomSecret, sha256 } from './secrets.ts'

/** A token dies after 30 minutes without use; every authenticated call slides it. */
export const tokenIdleSeconds = 30 * 60
/** How stale a token's last use may be written: a call within this of the last write slides nothing (no write, no commit, per call). */
export const tokenTouchSeconds = 60

/** The signed-in caller of a request. */
export interface AuthUser {
  userId: string
  role: Role
  tokenHash: string
  /** The caller's location ids when its token was read (with it, in one statement); absent for a caller made by a job. */
  locations?: readonly string[]
}

/** Issues a new access token for userId; only its sha256 is stored. */
export async function issueToken (q: Queryable, userId: string, now: Date): Promise<string> {
  const token = randomSecret()
  await q.query('DELETE FROM tokens WHERE last_used_at < $1', [new Date(now.getTime() - 24 * 3600_000)])
  await q.query('INSERT INTO tokens (token_hash, user_id, created_at, last_used_at) VALUES ($1, $2, $3, $3)', [sha256(token), userId, now])
  return token
}

/**
 * The caller behind a live token (sliding its idle time), or undefined when unknown, revoked or idle too long. The slide is
 * written at most once a tokenTouchSeconds, so a token may die up to that much before 30 minutes after its very last call.
 */
export async function useToken (q: Queryable, token: string, now: Date): Promise<AuthUser | undefined> {
  const tokenHash = sha256(token)
  const { rows } = await q.query<{ user_id: string, role: Role, locations: string[] }>(prepared(
    `WITH live AS (
       SELECT t.user_id, u.role, t.last_used_at FROM tokens t JOIN users u ON u.user_id = t.user_id
       WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.last_used_at > $3 AND NOT u.suspended AND u.deleted_at IS NULL),
     touched AS (UPDATE tokens SET last_used_at = $2 WHERE token_hash = $1 AND last_used_at <= $4 AND EXISTS (SELECT 1 FROM live))
     SELECT user_id, role, ARRAY(SELECT loc_id FROM user_locations l WHERE l.user_id = live.user_id) AS locations FROM live`),
  [tokenHash, now, new Date(now.getTime() - tokenIdleSeconds * 1000), new Date(now.getTime() - tokenTouchSeconds * 1000)])
  const row = rows[0]
  return row && { userId: row.user_id, role: row.role, tokenHash, locations: row.locations }
}

/** Revokes one token. */
export async function revokeToken (q: Queryable, tokenHash: string, now: Date): Promise<void> {
  await q.query('UPDATE tokens SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash, now])
}

/** Revokes every live token of the user, except keepHash when given. */
export async function revokeUserTokens (q: Queryable, userId: string, now: Date, keepHash = ''): Promise<number> {
  const { rowCount } = await q.query('UPDATE tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL AND token_hash <> $3', [userId, now, keepHash])
  return rowCount
}
