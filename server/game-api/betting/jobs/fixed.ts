// Fixed Process as a durable job: every enabled standing order placed once on each open draw its day code and its user's draw days cover.
import type { Db, Queryable } from '../../../shared/db.ts'
import { weekdayOf } from '../../../../schemas/domain/calendar.ts'
import type { Game } from '../rules/index.ts'
import { enqueueJob, type JobHandler } from '../../jobs/runner.ts'
import { findJob, messageFieldsOf, noMessage, type JobMessageFields } from '../../jobs/status.ts'
import { jobMessages, reasonOf } from '../../jobs/messages.ts'
import { GameApiError, errors } from '../../lib/errors.ts'
import { findRole } from '../../lib/users.ts'
import { resolveDayCode } from '../rules/index.ts'
import { drawsOfDayCode, isoDateOf, type DrawRow, drawsByIds } from '../../draws/api.ts'
import { FIXED_JOB, fixedSubjectOf } from '../store/fixed-on-new-draws.ts'
import { bettingErrors } from '../errors.ts'
import type { FourDLineInput, TotoLineInput } from '../types.ts'
import { placeOrder } from '../store/service.ts'

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
    await tx.query('SELECT pg_advisory_xact_lock(7404, $1)', [subjectOf(game)])
    const { rows: [active] } = await tx.query<{ job_id: number }>(
      // A job queued for new draws only does not stand in for a full run.
      "SELECT job_id FROM jobs WHERE kind = $1 AND subject_id = $2 AND status IN ('queued', 'running') AND NOT (payload ? 'drawIds') ORDER BY job_id DESC LIMIT 1", [FIXED_JOB, subjectOf(game)])
    if (active) return Number(active.job_id)
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
  const { rows } = await q.query<{ fixed_id: number, user_id: string, draw_id: number, placed: boolean, message: string, message_code: string, message_values: unknown }>(
    'SELECT fixed_id, user_id, draw_id, placed, message, message_code, message_values FROM fixed_runs WHERE job_id = $1 ORDER BY run_id', [job.JobId])
  return {
    ...job,
    Placed: rows.filter((r) => r.placed).length,
    Failed: rows.filter((r) => !r.placed).map((r) => ({ FixedId: Number(r.fixed_id), UserId: r.user_id, DrawId: Number(r.draw_id), ...messageFieldsOf(r) }))
  }
}

interface OrderRow { fixed_id: number, user_id: string, placed_by: string, day_code: string, lines: Array<FourDLineInput | TotoLineInput>, draw_days: number[] | null }

/** The handler: order by order, each draw its own ticket and transaction (one bettor out of credit does not stop the others). */
export function fixedProcessJob (db: Db, now: () => Date): JobHandler<FixedJobPayload> {
  return {
    async run (job, { signal, progress }) {
      const { game, drawIds } = job.payload
      // A job for new draws places on those draws only: each order on the ones its day code covers.
      const newDraws = drawIds === undefined ? undefined : await drawsByIds(db, drawIds)
      const { rows: orders } = await db.query<OrderRow>(
        `SELECT f.fixed_id, f.user_id, f.placed_by, f.day_code, f.lines, s.draw_days FROM fixed_bets f
         LEFT JOIN fixed_settings s ON s.user_id = f.user_id AND s.game = f.game
         WHERE f.game = $1 AND f.active AND COALESCE(s.enabled, true) ORDER BY f.fixed_id`, [game])
      let placed = 0
      let failed = 0
      for (const [i, order] of orders.entries()) {
        signal.throwIfAborted()
        const fail = (drawId: number, error: GameApiError) => {
          const reason = reasonOf(error)
          return db.query(
            'INSERT INTO fixed_runs (job_id, fixed_id, user_id, draw_id, placed, message, message_code, message_values, created_at) VALUES ($1, $2, $3, $4, false, $5, $6, $7, $8)',
            [job.id, order.fixed_id, order.user_id, drawId, reason.text, reason.code, JSON.stringify(reason.values), now()])
        }
        const draws = (newDraws === undefined ? await drawsOfDayCode(db, game, order.day_code, now()) : newDraws.filter((d) => covers(game, order.day_code, d)))
          .filter((d) => (order.draw_days ?? []).length === 0 || (order.draw_days ?? []).includes(weekdayOf(isoDateOf(d.draw_date))))
        const { rows: done } = await db.query<{ draw_id: number }>('SELECT draw_id FROM fixed_runs WHERE fixed_id = $1 AND placed AND draw_id = ANY($2::int[])', [order.fixed_id, draws.map((d) => d.draw_id)])
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
              record: async (tx) => {
                const { rows: [run] } = await tx.query<{ run_id: string }>(
                  'INSERT INTO fixed_runs (job_id, fixed_id, user_id, draw_id, placed, created_at) VALUES ($1, $2, $3, $4, true, $5) RETURNING run_id',
                  [job.id, order.fixed_id, order.user_id, draw.draw_id, now()])
                runId = Number(run?.run_id)
              }
            }, now())
            await db.query('UPDATE fixed_runs SET ticket_no = $2 WHERE run_id = $1', [runId, answer.ticketNo])
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
