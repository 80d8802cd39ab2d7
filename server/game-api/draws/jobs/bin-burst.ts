// Bin burst: applying an imported result to its draw as a durable job (POST result/binBurst starts it, result/binBurst/:id/status polls it).
import type { Db, Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/game/index.ts'
import { enqueueJob, type JobHandler } from '../../jobs/runner.ts'
import { activeJobId, findJob, noMessage, type JobMessageFields } from '../../jobs/status.ts'
import { jobMessages } from '../../jobs/messages.ts'
import { drawErrors } from '../errors.ts'
import { existingImport, markImport } from '../store/result-imports.ts'
import { writeCheckedResult } from '../store/draw-lists.ts'
import { previewDraw } from '../store/preview.ts'
import { FINALISE_JOB, finaliseStatus, type FinaliseStatus } from './finalise.ts'

/** The job kind the runner knows applying an import by; its subject is the import. */
export const BIN_BURST_JOB = 'bin-burst'

/** An apply job's state as result/binBurst/status answers it. */
export interface BinBurstStatus extends JobMessageFields { JobId: number | null, ImportId: number, DrawId: number, Status: string, Progress: number, ImportStatus: string }

/** Queues the import's apply job once it has a preview (one queued or running is answered instead); refused once applied. */
export async function queueBinBurstJob (db: Db, game: Game, importId: number, userId: string, audit: (tx: Queryable, jobId: number) => Promise<void>): Promise<number> {
  return db.transaction(async (tx) => {
    const row = await existingImport(tx, game, importId, true)
    if (row.status === 'imported') throw drawErrors.importNotPreviewed(importId)
    if (row.status !== 'previewed') throw drawErrors.importApplied(importId)
    const active = await activeJobId(tx, BIN_BURST_JOB, importId)
    if (active !== undefined) return active
    const jobId = await enqueueJob(tx, { kind: BIN_BURST_JOB, subjectId: importId, userId, payload: { game }, message: jobMessages.importWaiting({ importId }) })
    await audit(tx, jobId)
    return jobId
  })
}

/** The import's latest apply job (none yet: JobId null, status idle). */
export async function binBurstStatus (q: Queryable, game: Game, importId: number): Promise<BinBurstStatus> {
  const row = await existingImport(q, game, importId)
  const job = await findJob(q, { kind: BIN_BURST_JOB, subjectId: importId })
  const base = { ImportId: importId, DrawId: Number(row.draw_id), ImportStatus: row.status }
  return job ? { ...job, ...base } : { JobId: null, Status: 'idle', Progress: 0, ...noMessage, ...base }
}

/** The confirm of an import: its draw's finalise job, named by the import too, as result/binConfirm/:id/status answers it. */
export async function binConfirmStatus (q: Queryable, game: Game, importId: number): Promise<FinaliseStatus & { ImportId: number }> {
  const row = await existingImport(q, game, importId)
  return { ...await finaliseStatus(q, Number(row.draw_id)), ImportId: importId }
}

/** The handler: the staged result written to the draw (the same checks as entering it by hand) and the report of it, in one transaction. */
export function binBurstJob (db: Db, now: () => Date): JobHandler<{ game: Game }> {
  return {
    async run (job, { progress }) {
      const importId = Number(job.subjectId)
      const report = await db.transaction(async (tx) => {
        const row = await existingImport(tx, job.payload.game, importId, true)
        if (row.status !== 'previewed') return row.report as { Payout: number }
        await writeCheckedResult(tx, job.payload.game, Number(row.draw_id), row.result, now(), FINALISE_JOB)
        const applied = await previewDraw(tx, Number(row.draw_id))
        await markImport(tx, importId, 'applied', { report: applied }, now())
        await progress(1, 1, jobMessages.importApplying(), tx)
        return applied
      })
      return jobMessages.importApplied({ importId, payout: Number(report?.Payout ?? 0).toFixed(2) })
    }
  }
}
