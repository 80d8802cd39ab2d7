// The game API's audit trail: one append per change, written in the changing transaction so the change and its record commit together.
import type { Queryable } from '../../../shared/db.ts'
import type { Caller } from '../caller.ts'

/** One change the game API made. */
export interface AuditEntry {
  userId: string | null
  action: string
  detail?: Record<string, unknown>
}

/** Appends one change to the audits table: its actor and action, the call's path, its detail with the caller's address. */
export async function appendAudit (q: Queryable, call: Pick<Caller, 'path' | 'ip' | 'now'>, entry: AuditEntry): Promise<void> {
  await q.query('INSERT INTO audits (user_id, action, path, detail, created_at) VALUES ($1, $2, $3, $4, $5)',
    [entry.userId, entry.action, call.path, JSON.stringify({ ...entry.detail, ip: call.ip }), call.now])
}

/** Appends the caller's own change: the signed-in user is its actor. */
export async function auditCall (q: Queryable, caller: Caller, action: string, detail?: Record<string, unknown>): Promise<void> {
  await appendAudit(q, caller, { userId: caller.user.userId, action, ...(detail ? { detail } : {}) })
}

/** Appends a durable job's change: it has no request, so the path names the call that started it and the detail carries no address. */
export async function appendJobAudit (q: Queryable, entry: { userId: string | null, action: string, path: string, detail: Record<string, unknown> }, now: Date): Promise<void> {
  await q.query('INSERT INTO audits (user_id, action, path, detail, created_at) VALUES ($1, $2, $3, $4, $5)',
    [entry.userId, entry.action, entry.path, JSON.stringify(entry.detail), now])
}
