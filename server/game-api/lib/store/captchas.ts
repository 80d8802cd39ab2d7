// The captchas table: each row is one issued captcha's token hash, the digest of its answer, and when it was issued and used.
import type { Queryable } from '../../../shared/db.ts'

/** Stores a new captcha, first dropping those issued before staleBefore. */
export async function insertCaptcha (q: Queryable, tokenHash: string, answerHash: string, now: Date, staleBefore: Date): Promise<void> {
  await q.query('DELETE FROM captchas WHERE created_at < $1', [staleBefore])
  await q.query('INSERT INTO captchas (token_hash, answer_hash, created_at) VALUES ($1, $2, $3)', [tokenHash, answerHash, now])
}

/** Uses up the unused captcha of tokenHash issued after issuedAfter, answering its answer's digest; undefined when unknown, used or expired. */
export async function useCaptcha (q: Queryable, tokenHash: string, now: Date, issuedAfter: Date): Promise<string | undefined> {
  const { rows } = await q.query<{ answer_hash: string }>(
    'UPDATE captchas SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND created_at > $3 RETURNING answer_hash',
    [tokenHash, now, issuedAfter])
  return rows[0]?.answer_hash
}
