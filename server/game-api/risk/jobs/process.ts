// Out Setting 2's processing (outsettingProcess1) as a durable job: every number a level keeps above its limit has the excess thrown out to one distributor.
import type { Db } from '../../../shared/db.ts'
import { announceDrawChange } from '../../lib/draw-changes.ts'
import type { Game } from '../../../../schemas/game/index.ts'
import type { JobHandler } from '../../jobs/runner.ts'
import { jobMessages } from '../../jobs/messages.ts'
import { lockLevelIntake, reachedWhere, standings } from '../store/excess.ts'
import { above } from '../rules/limit-excess.ts'
import { insertThrow } from '../store/throws.ts'
import { appendJobAudit } from '../../lib/store/audit-trail.ts'
import { drawById } from '../../draws/api.ts'

/** The job kind the runner knows it by. */
export const OUTSET_PROCESS_JOB = 'outset-process'

/** Whose excess, in which draw and game, thrown to which of that level's distributors. */
export interface OutsetProcessPayload { game: Game, drawId: number, userId: string, distributorId: number }

/** The handler: one transaction that locks the level's intake rows of the draw (as placement and throws do), reads the excess and throws it; a rerun finds nothing left above. */
export function outsetProcessJob (db: Db, now: () => Date): JobHandler<OutsetProcessPayload> {
  return {
    async run (job, context) {
      const { game, drawId, userId, distributorId } = job.payload
      const message = await db.transaction(async (tx) => {
        const draw = await drawById(tx, drawId)
        if (!draw || draw.is_finalised || draw.result !== null) return jobMessages.outsetSettled({ draw: drawId })
        await lockLevelIntake(tx, drawId, userId)
        const rows = await standings(tx, game, drawId, userId, reachedWhere(true))
        let thrown = 0
        for (const [i, r] of rows.entries()) {
          context.signal.throwIfAborted()
          const big = above(r.big, r.lb)
          const small = above(r.small, r.ls)
          const units = above(r.units, r.lu)
          if (big + small + units <= 0) continue
          await insertThrow(tx, { drawId, userId, distributorId, game, number: r.number, big, small, units }, job.userId ?? userId, now())
          thrown++
          await context.progress(i + 1, rows.length, jobMessages.outsetThrowing({ thrown, numbers: rows.length }), tx)
        }
        await appendJobAudit(tx, { userId: job.userId, action: 'outset.process', path: 'outsettingProcess1', detail: { JobId: job.id, DrawId: drawId, UserId: userId, DistributorId: distributorId, Numbers: thrown } }, now())
        return thrown === 0 ? jobMessages.outsetNothing() : jobMessages.outsetThrown({ count: thrown })
      })
      // Committed: the exposure pages read the draw again.
      announceDrawChange(db, { kind: 'thrown', game, drawIds: [drawId] })
      return message
    }
  }
}
