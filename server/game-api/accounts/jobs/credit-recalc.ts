// Credit recalculation (relcalCredit) as a durable job: CreditLeft = Credit + AccBal − open stakes − credit given to live downline, for a subtree.
import type { Db } from '../../../shared/db.ts'
import type { JobHandler } from '../../jobs/runner.ts'
import { jobMessages } from '../../jobs/messages.ts'
import { groupOf } from '../../lib/store/downlines.ts'
import { correctCreditLeft, expectedCreditLeft } from '../store/credit-left.ts'

/** The job kind the runner knows it by. */
export const CREDIT_RECALC_JOB = 'credit-recalc'

/** The subtree's root (the user who started it, or one of their tree). */
export interface CreditRecalcPayload { root: string }

const BATCH = 200

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
            await correctCreditLeft(tx, { jobId: job.id, startedBy: job.userId, userId, from: current, to: expected }, now())
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
