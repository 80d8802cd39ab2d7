// Credit recalculation's SQL: what each user's CreditLeft should be, and one correction written with its audit record.
import type { Queryable } from '../../../shared/db.ts'
import { appendJobAudit } from '../../lib/store/audit-trail.ts'

/** What CreditLeft should be for each user of ids (ADMIN users are the company: their credit is not tracked, so they are left out); the users are locked. */
export async function expectedCreditLeft (q: Queryable, ids: string[]): Promise<Map<string, { now: number, expected: number }>> {
  const { rows } = await q.query<{ user_id: string, credit_left: string, expected: string }>(
    `SELECT u.user_id, u.credit_left,
       u.credit + u.acc_bal
       - coalesce((SELECT sum(b.amount) FROM bets b JOIN tickets t ON t.ticket_id = b.ticket_id
                   WHERE b.user_id = u.user_id AND b.status = 'open' AND t.charged AND t.status = 'active'), 0)
       - coalesce((SELECT sum(c.credit) FROM users c WHERE c.parent_id = u.user_id AND c.deleted_at IS NULL), 0) AS expected
     FROM users u WHERE u.user_id = ANY($1::text[]) AND u.role <> 'ADMIN' AND u.deleted_at IS NULL ORDER BY u.user_id FOR UPDATE`, [ids])
  return new Map(rows.map((r) => [r.user_id, { now: Number(r.credit_left), expected: Number(r.expected) }]))
}

/** Sets a user's CreditLeft and records the correction as the job's (audits: credit.recalc, with the job, the user and the amounts from and to). */
export async function correctCreditLeft (q: Queryable, c: { jobId: number, startedBy: string | null, userId: string, from: number, to: number }, now: Date): Promise<void> {
  await q.query('UPDATE users SET credit_left = $2 WHERE user_id = $1', [c.userId, c.to])
  await appendJobAudit(q, { userId: c.startedBy, action: 'credit.recalc', path: 'relcalCredit', detail: { JobId: c.jobId, UserId: c.userId, From: c.from, To: c.to } }, now)
}
