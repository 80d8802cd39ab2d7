import type { Queryable } from '../../../shared/db.ts'
import { userKey } from '../rules/user-key.ts'

/**
 * When a sign-in needs a captcha (README, Sign-in). Per user id: after 3 failures in 15 minutes. Per address: only after 10 failures
 * in 15 minutes naming at least 5 different user ids, so one user mistyping behind an office's shared address locks only themself.
 */
export const captchaRule = {
  perUserId: { failures: 3, windowMs: 15 * 60 * 1000 },
  perAddress: { failures: 10, userIds: 5, windowMs: 15 * 60 * 1000 }
} as const

/** Failures older than both windows count for nothing and are deleted. */
const keptMs = Math.max(captchaRule.perUserId.windowMs, captchaRule.perAddress.windowMs)

/** Whether a captcha is mandatory right now for this user id (when one is given) or from this address. */
export async function captchaRequired (q: Queryable, username: string | undefined, address: string, now: Date): Promise<boolean> {
  const userSince = new Date(now.getTime() - captchaRule.perUserId.windowMs)
  const addressSince = new Date(now.getTime() - captchaRule.perAddress.windowMs)
  const { rows } = await q.query<{ by_user: string | number, by_address: string | number, user_ids: string | number }>(
    `SELECT (SELECT count(*) FROM login_failures WHERE user_key = $1 AND at > $3) AS by_user,
            (SELECT count(*) FROM login_failures WHERE address = $2 AND at > $4) AS by_address,
            (SELECT count(DISTINCT user_key) FROM login_failures WHERE address = $2 AND at > $4) AS user_ids`,
    [username === undefined ? null : userKey(username), address, userSince, addressSince])
  const row = rows[0]
  const { perUserId, perAddress } = captchaRule
  return Number(row?.by_user) >= perUserId.failures ||
    (Number(row?.by_address) >= perAddress.failures && Number(row?.user_ids) >= perAddress.userIds)
}

/** Records one failed password (and forgets failures that no longer count); a refused captcha is never recorded. */
export async function recordFailure (q: Queryable, username: string, address: string, now: Date): Promise<void> {
  await q.query('DELETE FROM login_failures WHERE at <= $1', [new Date(now.getTime() - keptMs)])
  await q.query('INSERT INTO login_failures (user_key, address, at) VALUES ($1, $2, $3)', [userKey(username), address, now])
}

/** A successful sign-in clears the failures of that user id (not of the address: others may still be guessing from it). */
export async function clearFailures (q: Queryable, username: string): Promise<void> {
  await q.query('DELETE FROM login_failures WHERE user_key = $1', [userKey(username)])
}
