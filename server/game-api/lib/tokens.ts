import type { Queryable } from '../../shared/db.ts'
import type { Role } from '../../../schemas/game-api.ts'
import { randomSecret, sha256 } from './secrets.ts'
import { insertToken, touchLiveToken } from './store/tokens.ts'

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
  await insertToken(q, sha256(token), userId, now, new Date(now.getTime() - 24 * 3600_000))
  return token
}

/**
 * The caller behind a live token (sliding its idle time), or undefined when unknown, revoked or idle too long. The slide is
 * written at most once a tokenTouchSeconds, so a token may die up to that much before 30 minutes after its very last call.
 */
export async function useToken (q: Queryable, token: string, now: Date): Promise<AuthUser | undefined> {
  const tokenHash = sha256(token)
  const row = await touchLiveToken(q, tokenHash, now, new Date(now.getTime() - tokenIdleSeconds * 1000), new Date(now.getTime() - tokenTouchSeconds * 1000))
  return row && { userId: row.userId, role: row.role, tokenHash, locations: row.locations }
}
