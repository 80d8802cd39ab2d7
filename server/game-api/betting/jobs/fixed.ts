// Fixed Process as a durable job: every enabled standing order placed once on each open draw its day code and its user's draw days cover.
import type { Db, Queryable } from '../../../shared/db.ts'
import { weekdayOf } from '../../../../schemas/domain/calendar.ts'
import type { Game } from '../rules/index.ts'
import { enqueueJob, type JobHandler } from '../../jobs/runner.ts'
import { findJob, messageFieldsOf, noMessage, type JobMessageFields } from '../../jobs/status.ts'
import { jobMessages, reasonOf } from '../../jobs/messages.ts'
import { GameApiError, errors } from '../../lib/errors.ts'
import { findRole } from '../../lib/store/users.ts'
import { resolveDayCode } from '../rules/index.ts'
import { drawsOfDayCode, isoDateOf, type DrawRow, drawsByIds } from '../../draws/api.ts'
import { FIXED_JOB } from '../store/fixed-on-new-draws.ts'
import { fixedSubjectOf } from '../rules/fixed-subject.ts'
import { bettingErrors } from '../errors.ts'
import type { FourDLineInput, TotoLineInput } from '../types.ts'
import { placeOrder } from '../store/service.ts'
import { activeFullRun, drawsPlacedOn, lockFixedQueue, ordersToPlace, recordFailedRun, recordPlacedRun, runsOfJob, setRunTicket } from '../store/fixed-runs.ts'

export { FIXED_JOB } from '../store/fixed-on-new-draws.ts'
const subjectOf = fixedSubjectOf

/** The job's payload: the game whose standing orders it places, and (queued when draws are created) only on these draws. */
export interface FixedJobPayload { game: Game, drawIds?: number[] }

/** A fixed process job's state as the status call answers it, with every line that failed and why. */
export interface FixedStatus extends JobMessageFields {
  JobId: number | null
  Status: string
  Progress: number
  Placed: number
  /** Each refusal with its code and values too, as a job's message has them. */
  Failed: Array<{ FixedId: number, UserId: string, DrawId: number } & JobMessageFields>
}

/** Queues the game's fixed process (one already queued or running is answered instead of a second). */
export async function queueFixedJob (db: Db, game: Game, userId: string, audit: (tx: Queryable, jobId: number) => Promise<void>): Promise<number> {
  return db.transaction(async (tx) => {
    // One lock per game, so two calls at once cannot both queue.
    await lockFixedQueue(tx, game)
    // A job queued for new draws only does not stand in for a full run.
    const active = await activeFullRun(tx, game)
    if (active !== undefined) return active
    const jobId = await enqueueJob(tx, { kind: FIXED_JOB, subjectId: subjectOf(game), userId, payload: { game }, message: jobMessages.fixedWaiting() })
    await audit(tx, jobId)
    return jobId
  })
}

/** A job's status (the game's latest when jobId is null; none yet: JobId null, status idle). */
export async function fixedStatus (q: Queryable, game: Game, jobId: number | null): Promise<FixedStatus> {
  const job = await findJob(q, { kind: FIXED_JOB, subjectId: subjectOf(game), jobId })
  if (!job) {
    if (jobId !== null) throw bettingErrors.fixedJobNotFound(jobId)
    return { JobId: null, Status: 'idle', Progress: 0, ...noMessage, Placed: 0, Failed: [] }
  }
  const rows = await runsOfJob(q, job.JobId)
  return {
    ...job,
    Placed: rows.filter((r) => r.placed).length,
    Failed: rows.filter((r) => !r.placed).map((r) => ({ FixedId: Number(r.fixed_id), UserId: r.user_id, DrawId: Number(r.draw_id), ...messageFieldsOf(r) }))
  }
}

/** The handler: order by order, each draw its own ticket and transaction (one bettor out of credit does not stop the others). */
export function fixedProcessJob (db: Db, now: () => Date): JobHandler<FixedJobPayload> {
  return {
    async run (job, { signal, progress }) {
      const { game, drawIds } = job.payload
      // A job for new draws places on those draws only: each order on the ones its day code covers.
      const newDraws = drawIds === undefined ? undefined : await drawsByIds(db, drawIds)
      const orders = await ordersToPlace(db, game)
      let placed = 0
      let failed = 0
      for (const [i, order] of orders.entries()) {
        signal.throwIfAborted()
        const runOf = (drawId: number) => ({ jobId: job.id, fixedId: order.fixed_id, userId: order.user_id, drawId })
        const fail = (drawId: number, error: GameApiError) => recordFailedRun(db, runOf(drawId), reasonOf(error), now())
        const draws = (newDraws === undefined ? await drawsOfDayCode(db, game, order.day_code, now()) : newDraws.filter((d) => covers(game, order.day_code, d)))
          .filter((d) => (order.draw_days ?? []).length === 0 || (order.draw_days ?? []).includes(weekdayOf(isoDateOf(d.draw_date))))
        const done = await drawsPlacedOn(db, order.fixed_id, draws.map((d) => d.draw_id))
        for (const draw of draws.filter((d) => !done.some((x) => Number(x.draw_id) === Number(d.draw_id)))) {
          try {
            const role = await findRole(db, order.placed_by)
            if (role === undefined) throw errors.userNotFound(order.placed_by)
            let runId = 0
            const answer = await placeOrder(db, {
              user: { userId: order.placed_by, role, tokenHash: '' },
              userId: order.user_id,
              game,
              drawIds: [Number(draw.draw_id)],
              source: 'fixed',
              ...(game === '4D' ? { fourD: order.lines as FourDLineInput[] } : { toto: order.lines as TotoLineInput[] }),
              // Recorded in the ticket's transaction: the unique index makes a second placement on this draw fail with it.
              record: async (tx) => { runId = await recordPlacedRun(tx, runOf(draw.draw_id), now()) }
            }, now())
            await setRunTicket(db, runId, answer.ticketNo)
            placed++
          } catch (error) {
            // Another run placed this order on this draw first (the unique index): nothing to do, nothing failed.
            if ((error as { code?: string }).code === '23505') continue
            if (!(error instanceof GameApiError)) throw error
            await fail(Number(draw.draw_id), error)
            failed++
          }
        }
        await progress(i + 1, orders.length, jobMessages.fixedPlacing({ placed, done: i + 1, count: orders.length, failed }))
      }
      return jobMessages.fixedDone({ placed, count: orders.length, failed })
    }
  }
}

/** Whether a day code bets on a draw: the draw's series and weekday are the code's. */
function covers (game: Game, dayCode: string, draw: DrawRow): boolean {
  const meaning = resolveDayCode(game, dayCode)
  return meaning !== undefined && meaning.series === draw.series && meaning.weekdays.includes(weekdayOf(isoDateOf(draw.draw_date)))
}
