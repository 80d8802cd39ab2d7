// Finalising as a durable job: queued once per draw, run by any instance's runner, resumed after a restart where it stopped.
import { Type, type Static } from 'typebox'
import type { Db, Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/game/index.ts'
import { enqueueJob, type JobHandler } from '../../jobs/runner.ts'
import { activeJobId, findJob, JobMessageSchema, noMessage } from '../../jobs/status.ts'
import { drawErrors } from '../errors.ts'
import { finaliseDraw, lockFinalisable, refreshSettlementStatistics, settleSummary } from '../store/finalise.ts'
import { existingDraw } from '../store/draw-by-id.ts'
import { jobMessages } from '../../jobs/messages.ts'

/** The job kind the runner knows finalising by. */
export const FINALISE_JOB = 'finalise'

// What finalising did, once the draw is finalised (null before): the page words these in the user's language.
const Count = Type.Union([Type.Integer(), Type.Null()])

/** A finalise job's state as the status calls answer it (result/r5, its status, binConfirm's status). */
export const FinaliseStatusSchema = Type.Object({
  JobId: Type.Union([Type.Integer(), Type.Null()]),
  DrawId: Type.Integer(),
  Status: Type.String({ description: 'idle, queued, running, done (the draw is finalised, by a job or otherwise) or failed' }),
  Progress: Type.Integer(),
  ...JobMessageSchema,
  IsFinalised: Type.Boolean(),
  Bets: Count,
  Winners: Count,
  Strikes: Count,
  Payout: Type.Union([Type.Number(), Type.Null()])
})
export type FinaliseStatus = Static<typeof FinaliseStatusSchema>

/** Queues the draw's finalise job (checked finalisable first); a job already queued or running is answered instead of a second one. */
export async function queueFinaliseJob (db: Db, game: Game, drawId: number, userId: string, now: Date, audit: (tx: Queryable, jobId: number) => Promise<void>): Promise<number> {
  return db.transaction(async (tx) => {
    const draw = await lockFinalisable(tx, drawId, now, game)
    if (draw.is_finalised) throw drawErrors.drawFinalised(drawId)
    const active = await activeJobId(tx, FINALISE_JOB, drawId)
    if (active !== undefined) return active
    const jobId = await enqueueJob(tx, { kind: FINALISE_JOB, subjectId: drawId, userId, message: jobMessages.finaliseWaiting() })
    await audit(tx, jobId)
    return jobId
  })
}

/**
 * The draw's finalise state: a queued or running job as it is; else the draw's own state decides, so a draw finalised without a
 * job (the seed, PUT draw IsFinalised) is done with its figures, and one reset after its job is idle again (or failed, if that job failed).
 */
export async function finaliseStatus (q: Queryable, drawId: number): Promise<FinaliseStatus> {
  const draw = await existingDraw(q, drawId)
  const job = await findJob(q, { kind: FINALISE_JOB, subjectId: drawId })
  const none = { Bets: null, Winners: null, Strikes: null, Payout: null }
  const base = { JobId: job?.JobId ?? null, DrawId: drawId, IsFinalised: draw.is_finalised }
  const said = (j: typeof job) => j === undefined ? noMessage : { Message: j.Message, MessageCode: j.MessageCode, MessageValues: j.MessageValues }
  if (job && (job.Status === 'queued' || job.Status === 'running')) return { ...base, Status: job.Status, Progress: job.Progress, ...said(job), ...none }
  if (draw.is_finalised) {
    const { DrawId: _d, ...figures } = await settleSummary(q, drawId)
    return { ...base, Status: 'done', Progress: 100, ...noMessage, ...figures }
  }
  if (job?.Status === 'failed') return { ...base, Status: 'failed', Progress: job.Progress, ...said(job), ...none }
  return { ...base, Status: 'idle', Progress: 0, ...noMessage, ...none }
}

/** The finalise job's handler: the streamed finaliser, its progress committed with each batch. */
export function finaliseJob (db: Db, now: () => Date): JobHandler {
  return {
    async run (job, { signal, progress }) {
      const summary = await finaliseDraw(db, Number(job.subjectId), now(), progress, signal)
      await refreshSettlementStatistics(db)
      return jobMessages.finalised({ count: summary.Bets, winners: summary.Winners, payout: summary.Payout.toFixed(2) })
    }
  }
}
