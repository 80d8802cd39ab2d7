import type { Queryable } from '../../../shared/db.ts'

/** Failures older than this stop counting. */
export const failureWindowMs = 15 * 60 * 1000
/** From this many recent failures on a user id or an address, a captcha is mandatory. */
export const failuresBeforeCaptcha = 3

/** The key failures are counted under: the typed user id, case folded. */
export const userKey = (username: string) => username.trim().toLowerCase()

/** Whether a captcha is mandatory for this user id or this address right now. */
export async function captchaRequired (q: Queryable, username: string, address: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - failureWindowMs)
  const { rows } = await q.query<{ by_user: string | number, by_address: string | number }>(
    `SELECT (SELECT count(*) FROM login_failures WHERE user_key = $1 AND at > $3) AS by_user,
            (SELECT count(*) FROM login_failures WHERE address = $2 AND at > $3) AS by_address`, [userKey(username), address, since])
  const row = rows[0]
  return Number(row?.by_user) >= failuresBeforeCaptcha || Number(row?.by_address) >= failuresBeforeCaptcha
}

/** Records one failed sign-in (and forgets failures that no longer count). */
export async function recordFailure (q: Queryable, username: string, address: string, now: Date): Promise<void> {
  await q.query('DELETE FROM login_failures WHERE at <= $1', [new Date(now.getTime() - failureWindowMs)])
  await q.query('INSERT INTO login_failures (user_key, address, at) VALUES ($1, $2, $3)', [userKey(username), address, now])
}

/** A successful sign-in clears the failures of that user id (not of the address: others may still be guessing from it). */
export async function clearFailures (q: Queryable, username: string): Promise<void> {
  await q.query('DELETE FROM login_failures WHERE user_key = $1', [userKey(username)])
}
