// The week job: creates a week's scheduled draws as a durable job (draw/insertProcess starts it, draw/weekJob polls it).
import type { Db, Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/game/index.ts'
import { enqueueJob, type JobHandler } from '../../jobs/runner.ts'
import { activeJobId, findJob, jobPayload, noMessage, type JobMessageFields } from '../../jobs/status.ts'
import { jobMessages } from '../../jobs/messages.ts'
import { dayOfDate } from '../../../../schemas/domain/calendar.ts'
import { weekOf, weekSubject, type Week } from '../rules/week.ts'
import { createWeekDraws } from '../store/week.ts'

/** The job kind per game, so each prefix's status call sees only its own game's weeks. */
export const WEEK_JOB: Record<Game, string> = { '4D': 'draw-week-4d', TOTO: 'draw-week-tt' }

interface WeekPayload { game: Game, week: Week }

/** A week job's state as draw/weekJob answers it. */
export interface WeekJobStatus extends JobMessageFields { JobId: number | null, WeekStart: string | null, Status: string, Progress: number }

/** Queues the week's job; one already queued or running for that week is answered instead of a second. */
export async function queueWeekJob (db: Db, game: Game, week: Week, userId: string, audit: (tx: Queryable, jobId: number) => Promise<void>): Promise<number> {
  return db.transaction(async (tx) => {
    const active = await activeJobId(tx, WEEK_JOB[game], weekSubject(week))
    if (active !== undefined) return active
    const jobId = await enqueueJob(tx, { kind: WEEK_JOB[game], subjectId: weekSubject(week), userId, payload: { game, week }, message: jobMessages.weekWaiting({ week: dayOfDate(week.start) }) })
    await audit(tx, jobId)
    return jobId
  })
}

/** The job asked (or the game's latest week job); none yet: JobId null, status idle. */
export async function weekJobStatus (q: Queryable, game: Game, jobId?: number): Promise<WeekJobStatus | undefined> {
  const job = await findJob(q, { kind: WEEK_JOB[game], jobId })
  if (!job) return jobId === undefined ? { JobId: null, WeekStart: null, Status: 'idle', Progress: 0, ...noMessage } : undefined
  const payload = await jobPayload<WeekPayload>(q, job.JobId)
  return { ...job, WeekStart: payload?.week.start ?? null }
}

/** The handler: the week's draws created in one transaction (a rerun creates only what is still missing). */
export function weekJob (db: Db, now: () => Date): JobHandler<WeekPayload> {
  return {
    async run (job, { progress }) {
      const week = weekOf(job.payload.week.start)
      const { created, scheduled } = await db.transaction(async (tx) => {
        const counts = await createWeekDraws(tx, job.payload.game, week, now())
        await progress(counts.scheduled, counts.scheduled, jobMessages.weekCreating(), tx)
        return counts
      })
      return jobMessages.weekDone({ week: dayOfDate(week.start), created, existed: scheduled - created })
    }
  }
}
