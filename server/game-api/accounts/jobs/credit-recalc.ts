// Credit recalculation (relcalCredit) as a durable job: CreditLeft = Credit + AccBal − open stakes − credit given to live downline, for a subtree.
import type { Db, Queryable } from '../../../shared/db.ts'
import type { JobHandler } from '../../jobs/runner.ts'
import { jobMessages } from '../../jobs/messages.ts'
import { groupOf } from '../../lib/downline-access.ts'

/** The job kind the runner knows it by. */
export const CREDIT_RECALC_JOB = 'credit-recalc'

/** The subtree's root (the user who started it, or one of their tree). */
export interface CreditRecalcPayload { root: string }

/** One difference the job corrected. */
export interface Correction { UserId: string, From: number, To: number }

const BATCH = 200

/** What CreditLeft should be for each user of ids (ADMIN users are the company: their credit is not tracked, so they are left out). */
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

/** The handler: batches of users, each corrected and audited in its own transaction with the job's progress, so a restart resumes safely (a corrected user has nothing left to correct). */
export function creditRecalcJob (db: Db, now: () => Date): JobHandler<CreditRecalcPayload> {
  return {
    async run (job, context) {
      const users = (await groupOf(db, job.payload.root)).map((m) => m.UserId)
      let corrected = 0
      for (let start = 0; start < users.length; start += BATCH) {
        context.signal.throwIfAborted()
        const batch = users.slice(start, start + BATCH)
        corrected += await db.transaction(async (tx) => {
          let n = 0
          for (const [userId, { now: current, expected }] of await expectedCreditLeft(tx, batch)) {
            if (Math.round(current * 100) === Math.round(expected * 100)) continue
            await tx.query('UPDATE users SET credit_left = $2 WHERE user_id = $1', [userId, expected])
            await tx.query('INSERT INTO audits (user_id, action, path, detail, created_at) VALUES ($1, $2, $3, $4, $5)',
              [job.userId, 'credit.recalc', 'relcalCredit', JSON.stringify({ JobId: job.id, UserId: userId, From: current, To: expected }), now()])
            n++
          }
          await context.progress(Math.min(start + BATCH, users.length), users.length, jobMessages.recalcChecking({ done: Math.min(start + BATCH, users.length), users: users.length }), tx)
          return n
        })
      }
      return jobMessages.recalcDone({ users: users.length, corrected })
    }
  }
}

/** The corrections a job made, in the order it made them. */
export async function correctionsOf (q: Queryable, jobId: number): Promise<Correction[]> {
  const { rows } = await q.query<{ detail: { UserId: string, From: number, To: number } }>(
    "SELECT detail FROM audits WHERE action = 'credit.recalc' AND detail->>'JobId' = $1 ORDER BY audit_id", [String(jobId)])
  return rows.map((r) => ({ UserId: r.detail.UserId, From: Number(r.detail.From), To: Number(r.detail.To) }))
}
