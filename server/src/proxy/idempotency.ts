import { createHash } from 'node:crypto'
import type { Queryable } from '../../shared/db.ts'

/** How long a key and its answer are kept: a retry within this time gets the first answer. */
export const IDEMPOTENCY_KEY_HOURS = 24

/** The answer kept for a key. */
export interface StoredAnswer { status: number, contentType: string, body: Buffer }

/** Whose key: the signed-in user's, so two users' keys never meet. */
export interface KeyRef { userId: string, key: string }

/** What claiming a key found: it is this request's to run, or another request's (running, done with its answer, or for another request). */
export type Claim =
  | { kind: 'claimed' }
  | { kind: 'running' }
  | { kind: 'done', answer: StoredAnswer }
  | { kind: 'mismatch' }

/** The request a key was first used for: method, path with query, and body; a repeat must match it. */
export function fingerprint (method: string, url: string, body: Buffer | string): string {
  return createHash('sha256').update(`${method} ${url}\n`).update(body).digest('hex')
}

interface KeyRow { fingerprint: string, state: 'running' | 'done', status: number | null, content_type: string | null, body: string | null }

/** What the row of a key says to a request with this fingerprint, or undefined when there is no row. */
async function read (db: Queryable, ref: KeyRef, print: string): Promise<Claim | undefined> {
  const { rows } = await db.query<KeyRow>('SELECT fingerprint, state, status, content_type, body FROM idempotency_keys WHERE user_id = $1 AND key = $2', [ref.userId, ref.key])
  const row = rows[0]
  if (!row) return undefined
  if (row.fingerprint !== print) return { kind: 'mismatch' }
  if (row.state === 'running') return { kind: 'running' }
  return { kind: 'done', answer: { status: row.status ?? 200, contentType: row.content_type ?? 'application/json', body: Buffer.from(row.body ?? '', 'base64') } }
}

// Expired keys are swept at most this often per store, not on every write.
const SWEEP_EVERY_MS = 60_000
const sweptAt = new WeakMap<Queryable, number>()

/**
 * Claims a key for a request with one INSERT … ON CONFLICT DO NOTHING, so instances sharing the store agree on who runs
 * it; otherwise says what the existing row holds. Keys past IDEMPOTENCY_KEY_HOURS are swept now and then. A key found
 * still running after staleAfterMs (longer than any held write waits) lost its instance: it keeps `unknown` as its answer,
 * so its retries hear that the outcome is unknown instead of 409 for a day.
 */
export async function claimKey (db: Queryable, ref: KeyRef, print: string, stale?: { afterMs: number, unknown: StoredAnswer }): Promise<Claim> {
  if (Date.now() - (sweptAt.get(db) ?? 0) > SWEEP_EVERY_MS) {
    sweptAt.set(db, Date.now())
    await db.query(`DELETE FROM idempotency_keys WHERE created_at < now() - interval '${IDEMPOTENCY_KEY_HOURS} hours'`)
  }
  // A row released between the insert and the read is claimed again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await db.query('INSERT INTO idempotency_keys (user_id, key, fingerprint, state) VALUES ($1, $2, $3, \'running\') ON CONFLICT DO NOTHING', [ref.userId, ref.key, print])
    if (inserted.rowCount === 1) return { kind: 'claimed' }
    const found = await read(db, ref, print)
    if (found?.kind === 'running' && stale && await settleStale(db, ref, stale)) return await read(db, ref, print) ?? found
    if (found) return found
  }
  return { kind: 'running' }
}

/** Keeps `unknown` as the answer of a key running longer than afterMs; whether it did. */
async function settleStale (db: Queryable, ref: KeyRef, stale: { afterMs: number, unknown: StoredAnswer }): Promise<boolean> {
  const settled = await db.query(
    `UPDATE idempotency_keys SET state = 'done', status = $3, content_type = $4, body = $5
     WHERE user_id = $1 AND key = $2 AND state = 'running' AND created_at < now() - make_interval(secs => $6::float8 / 1000)`,
    [ref.userId, ref.key, stale.unknown.status, stale.unknown.contentType, stale.unknown.body.toString('base64'), stale.afterMs])
  return settled.rowCount === 1
}

/** Polls a running key until its answer is kept or waitMs pass (then still running); a released key reads as running too, for the caller to claim again. */
export async function awaitKey (db: Queryable, ref: KeyRef, print: string, waitMs: number, pollMs = 100): Promise<Claim> {
  const until = Date.now() + waitMs
  for (;;) {
    const found = await read(db, ref, print) ?? { kind: 'running' }
    if (found.kind !== 'running' || Date.now() + pollMs > until) return found
    await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
}

/** Keeps the answer of a claimed key: every later request with it gets this answer. */
export async function keepAnswer (db: Queryable, ref: KeyRef, answer: StoredAnswer): Promise<void> {
  await db.query('UPDATE idempotency_keys SET state = \'done\', status = $3, content_type = $4, body = $5 WHERE user_id = $1 AND key = $2', [ref.userId, ref.key, answer.status, answer.contentType, answer.body.toString('base64')])
}

/** Gives a claimed key up when its write never reached the game API or no answer came: a retry with it runs afresh. */
export async function releaseKey (db: Queryable, ref: KeyRef): Promise<void> {
  await db.query('DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND state = \'running\'', [ref.userId, ref.key])
}
