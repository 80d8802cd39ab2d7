// The credit recalculation runs as a history: each job of the kind with its subtree and how many corrections its audits record.
import type { Queryable } from '../../../shared/db.ts'
import { zoneIso } from '../../../../schemas/domain/calendar.ts'

/** One difference a recalculation corrected. */
export interface Correction { UserId: string, From: number, To: number }

export interface RecalcRun { JobId: number, UserId: string | null, Root: string, Status: string, Message: string, Corrections: number, CreatedDate: string }

/** The newest runs of the job kind (the credit recalculation's, which its job module names) first, at most limit. */
export async function recalcRuns (q: Queryable, kind: string, limit: number): Promise<RecalcRun[]> {
  const { rows } = await q.query<{ job_id: number, user_id: string | null, root: string, status: string, message: string, corrections: string, created_at: Date }>(
    `SELECT j.job_id, j.user_id, j.payload->>'root' AS root, j.status, j.message, j.created_at,
       (SELECT count(*) FROM audits a WHERE a.action = 'credit.recalc' AND a.detail->>'JobId' = j.job_id::text) AS corrections
     FROM jobs j WHERE j.kind = $1 ORDER BY j.job_id DESC LIMIT $2`, [kind, limit])
  return rows.map((r) => ({ JobId: Number(r.job_id), UserId: r.user_id, Root: r.root, Status: r.status, Message: r.message, Corrections: Number(r.corrections), CreatedDate: zoneIso(new Date(r.created_at)) }))
}

/** The corrections a job made, in the order it made them. */
export async function correctionsOf (q: Queryable, jobId: number): Promise<Correction[]> {
  const { rows } = await q.query<{ detail: { UserId: string, From: number, To: number } }>(
    "SELECT detail FROM audits WHERE action = 'credit.recalc' AND detail->>'JobId' = $1 ORDER BY audit_id", [String(jobId)])
  return rows.map((r) => ({ UserId: r.detail.UserId, From: Number(r.detail.From), To: Number(r.detail.To) }))
}
