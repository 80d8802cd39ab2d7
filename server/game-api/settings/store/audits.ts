// The game API's own change log, read newest first.
import type { Queryable } from '../../../shared/db.ts'

/** An audit record as stored. */
export interface AuditRow { audit_id: string | number, user_id: string | null, action: string, path: string, detail: unknown, created_at: Date }

/** Up to limit records, newest first, of the user and action when given, older than the record before when given. */
export async function auditsPage (q: Queryable, filter: { userId: string | null, action: string | null, before: number | null, limit: number }): Promise<AuditRow[]> {
  const { rows } = await q.query<AuditRow>(
    `SELECT * FROM audits WHERE ($1::text IS NULL OR user_id = $1) AND ($2::text IS NULL OR action = $2) AND ($3::bigint IS NULL OR audit_id < $3)
     ORDER BY audit_id DESC LIMIT $4`, [filter.userId, filter.action, filter.before, filter.limit])
  return rows
}
