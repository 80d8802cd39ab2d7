// The tokens table: each row is one access token's sha256, its user and its last use.
import { prepared, type Queryable } from '../../../shared/db.ts'
import type { Role } from '../../../../schemas/game-api.ts'

/** Stores a new token's hash for userId, first dropping the tokens unused since staleBefore. */
export async function insertToken (q: Queryable, tokenHash: string, userId: string, now: Date, staleBefore: Date): Promise<void> {
  await q.query('DELETE FROM tokens WHERE last_used_at < $1', [staleBefore])
  await q.query('INSERT INTO tokens (token_hash, user_id, created_at, last_used_at) VALUES ($1, $2, $3, $3)', [tokenHash, userId, now])
}

/**
 * The user behind a live token (unrevoked, used after idleSince, its user neither suspended nor deleted) with its location ids, in one
 * statement that also sets its last use to now when the stored one is at or before touchBefore; undefined when not live.
 */
export async function touchLiveToken (q: Queryable, tokenHash: string, now: Date, idleSince: Date, touchBefore: Date): Promise<{ userId: string, role: Role, locations: string[] } | undefined> {
  const { rows } = await q.query<{ user_id: string, role: Role, locations: string[] }>(prepared(
    `WITH live AS (
       SELECT t.user_id, u.role, t.last_used_at FROM tokens t JOIN users u ON u.user_id = t.user_id
       WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.last_used_at > $3 AND NOT u.suspended AND u.deleted_at IS NULL),
     touched AS (UPDATE tokens SET last_used_at = $2 WHERE token_hash = $1 AND last_used_at <= $4 AND EXISTS (SELECT 1 FROM live))
     SELECT user_id, role, ARRAY(SELECT loc_id FROM user_locations l WHERE l.user_id = live.user_id) AS locations FROM live`),
  [tokenHash, now, idleSince, touchBefore])
  const row = rows[0]
  return row && { userId: row.user_id, role: row.role, locations: row.locations }
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
