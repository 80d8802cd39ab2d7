// Finalising as a durable job: queued once per draw, run by any instance's runner, resumed after a restart where it stopped.
import type { Db, Queryable } from '../../../shared/db.ts'
import type { Game } from '../../betting/rules/index.ts'
import { enqueueJob, type JobHandler } from '../../jobs/runner.ts'
import { activeJobId, findJob } from '../../jobs/status.ts'
import { bettingErrors } from '../../betting/errors.ts'
import { finaliseDraw, lockFinalisable, refreshSettlementStatistics } from '../store/finalise.ts'
import { existingDraw } from '../store/draw-by-id.ts'
import { countOf } from '../../lib/count-of.ts'

/** The job kind the runner knows finalising by. */
export const FINALISE_JOB = 'finalise'

/** A finalise job's state as the status call answers it. */
export interface FinaliseStatus { JobId: number | null, DrawId: number, Status: string, Progress: number, Message: string, IsFinalised: boolean }

/** Queues the draw's finalise job (checked finalisable first); a job already queued or running is answered instead of a second one. */
export async function queueFinaliseJob (db: Db, game: Game, drawId: number, userId: string, now: Date, audit: (tx: Queryable, jobId: number) => Promise<void>): Promise<number> {
  return db.transaction(async (tx) => {
    const draw = await lockFinalisable(tx, drawId, now, game)
    if (draw.is_finalised) throw bettingErrors.drawFinalised(drawId)
    const active = await activeJobId(tx, FINALISE_JOB, drawId)
    if (active !== undefined) return active
    const jobId = await enqueueJob(tx, { kind: FINALISE_JOB, subjectId: drawId, userId, message: 'Waiting to settle the draw.' })
    await audit(tx, jobId)
    return jobId
  })
}

/** The latest finalise job of a draw (none yet: JobId null, status idle). */
export async function finaliseStatus (q: Queryable, drawId: number): Promise<FinaliseStatus> {
  const draw = await existingDraw(q, drawId)
  const job = await findJob(q, { kind: FINALISE_JOB, subjectId: drawId })
  if (!job) return { JobId: null, DrawId: drawId, Status: 'idle', Progress: 0, Message: '', IsFinalised: draw.is_finalised }
  return { JobId: job.JobId, DrawId: drawId, Status: job.Status, Progress: job.Progress, Message: job.Message, IsFinalised: draw.is_finalised }
}

/** The finalise job's handler: the streamed finaliser, its progress committed with each batch. */
export function finaliseJob (db: Db, now: () => Date): JobHandler {
  return {
    async run (job, { signal, progress }) {
      const summary = await finaliseDraw(db, Number(job.subjectId), now(), progress, signal)
      await refreshSettlementStatistics(db)
      return `Finalised: ${countOf(summary.Bets, 'bet')} settled, ${summary.Winners} winning, payout ${summary.Payout.toFixed(2)}.`
    }
  }
}
