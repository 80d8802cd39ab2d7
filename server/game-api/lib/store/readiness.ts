// The readiness probe's one statement: the database answers.
import type { Queryable } from '../../../shared/db.ts'

/** Resolves when the database answers a trivial statement; rejects as the database's failure does. */
export async function pingDatabase (q: Queryable): Promise<void> {
  await q.query('SELECT 1')
}
