// The by-rules outset jobs: one distributor's rules (PUT distributors/rule/{id}/outset) or every usable distributor's (outsettingProcess2).
import type { Db } from '../../../shared/db.ts'
import { announceDrawChange } from '../../lib/draw-changes.ts'
import type { JobHandler } from '../../jobs/runner.ts'
import { jobMessages } from '../../jobs/messages.ts'
import { throwByRules, type RuleThrowScope } from '../store/rule-throws.ts'
import { appendJobAudit } from '../../lib/store/audit-trail.ts'
import { drawById } from '../../draws/api.ts'

/** The per-distributor job (subject: the distributor) and the whole-level job (subject: the draw). */
export const OUTSET_RULE_JOB = 'outset-rule'
export const OUTSET_PROCESS2_JOB = 'outset-process2'

/** One transaction: a rerun finds each number's excess already thrown, or its distributors' caps already full. */
export function outsetRuleJob (db: Db, now: () => Date, path: string): JobHandler<RuleThrowScope> {
  return {
    async run (job, context) {
      const scope = job.payload
      const message = await db.transaction(async (tx) => {
        const draw = await drawById(tx, scope.drawId)
        if (!draw || draw.is_finalised || draw.result !== null) return jobMessages.outsetSettled({ draw: scope.drawId })
        const outcome = await throwByRules(tx, scope, job.userId ?? scope.userId, now(), async (done, total, numbers) => {
          context.signal.throwIfAborted()
          await context.progress(done, total, jobMessages.outsetRulesGoing({ done, total, numbers }), tx)
        })
        await appendJobAudit(tx, { userId: job.userId, action: `outset.${job.kind}`, path, detail: { JobId: job.id, DrawId: scope.drawId, UserId: scope.userId, DistributorId: scope.distributorId ?? null, ...outcome } }, now())
        if (outcome.numbers === 0) return jobMessages.outsetNothing()
        const kept = outcome.kept === 0 ? jobMessages.outsetKeptNone() : jobMessages.outsetKept({ count: outcome.kept })
        return jobMessages.outsetRulesThrown({ count: outcome.numbers, throws: jobMessages.outsetThrows({ count: outcome.throws }), kept })
      })
      // Committed: the exposure pages read the draw again.
      announceDrawChange(db, { kind: 'thrown', game: scope.game, drawIds: [scope.drawId] })
      return message
    }
  }
}
