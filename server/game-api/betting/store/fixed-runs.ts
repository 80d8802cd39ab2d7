// Fixed Process's records: the standing orders it places, one run per order and draw (placed with its ticket, or failed with its reason), and its one-at-a-time queue.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../rules/index.ts'
import type { FourDLineInput, TotoLineInput } from '../types.ts'
import type { JobMessage } from '../../jobs/messages.ts'
import { FIXED_JOB } from './fixed-on-new-draws.ts'
import { fixedSubjectOf } from '../rules/fixed-subject.ts'

/** A standing order to place, with its user's Fixed Setting draw days (null: every day). */
export interface OrderRow { fixed_id: number, user_id: string, placed_by: string, day_code: string, lines: Array<FourDLineInput | TotoLineInput>, draw_days: number[] | null }

/** A run as the status reads it. */
export interface RunRow { fixed_id: number, user_id: string, draw_id: number, placed: boolean, message: string, message_code: string, message_values: unknown }

/** Takes the game's fixed-process lock until the transaction ends, so two calls at once cannot both queue. */
export async function lockFixedQueue (q: Queryable, game: Game): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock(7404, $1)', [fixedSubjectOf(game)])
}

/** The game's latest full run queued or running (a job queued for new draws only does not stand in for one). */
export async function activeFullRun (q: Queryable, game: Game): Promise<number | undefined> {
  const { rows: [active] } = await q.query<{ job_id: number }>(
    "SELECT job_id FROM jobs WHERE kind = $1 AND subject_id = $2 AND status IN ('queued', 'running') AND NOT (payload ? 'drawIds') ORDER BY job_id DESC LIMIT 1", [FIXED_JOB, fixedSubjectOf(game)])
  return active ? Number(active.job_id) : undefined
}

/** A job's runs in the order they were made. */
export async function runsOfJob (q: Queryable, jobId: number): Promise<RunRow[]> {
  const { rows } = await q.query<RunRow>(
    'SELECT fixed_id, user_id, draw_id, placed, message, message_code, message_values FROM fixed_runs WHERE job_id = $1 ORDER BY run_id', [jobId])
  return rows
}

/** The game's active standing orders whose users' Fixed Setting is on (or unset), in id order. */
export async function ordersToPlace (q: Queryable, game: Game): Promise<OrderRow[]> {
  const { rows } = await q.query<OrderRow>(
    `SELECT f.fixed_id, f.user_id, f.placed_by, f.day_code, f.lines, s.draw_days FROM fixed_bets f
     LEFT JOIN fixed_settings s ON s.user_id = f.user_id AND s.game = f.game
     WHERE f.game = $1 AND f.active AND COALESCE(s.enabled, true) ORDER BY f.fixed_id`, [game])
  return rows
}

/** Of these draws, those the order is placed on already. */
export async function drawsPlacedOn (q: Queryable, fixedId: number, drawIds: number[]): Promise<Array<{ draw_id: number }>> {
  const { rows } = await q.query<{ draw_id: number }>('SELECT draw_id FROM fixed_runs WHERE fixed_id = $1 AND placed AND draw_id = ANY($2::int[])', [fixedId, drawIds])
  return rows
}

/** A run's job, order and draw. */
export interface RunOf { jobId: number, fixedId: number, userId: string, drawId: number }

/** Records the order placed on the draw (in the ticket's transaction: the unique index refuses a second); answers the run's id. */
export async function recordPlacedRun (q: Queryable, run: RunOf, now: Date): Promise<number> {
  const { rows: [row] } = await q.query<{ run_id: string }>(
    'INSERT INTO fixed_runs (job_id, fixed_id, user_id, draw_id, placed, created_at) VALUES ($1, $2, $3, $4, true, $5) RETURNING run_id',
    [run.jobId, run.fixedId, run.userId, run.drawId, now])
  return Number(row?.run_id)
}

/** Writes the ticket a placed run made. */
export async function setRunTicket (q: Queryable, runId: number, ticketNo: string): Promise<void> {
  await q.query('UPDATE fixed_runs SET ticket_no = $2 WHERE run_id = $1', [runId, ticketNo])
}

/** Records the order refused on the draw, with why. */
export async function recordFailedRun (q: Queryable, run: RunOf, reason: JobMessage, now: Date): Promise<void> {
  await q.query(
    'INSERT INTO fixed_runs (job_id, fixed_id, user_id, draw_id, placed, message, message_code, message_values, created_at) VALUES ($1, $2, $3, $4, false, $5, $6, $7, $8)',
    [run.jobId, run.fixedId, run.userId, run.drawId, reason.text, reason.code, JSON.stringify(reason.values), now])
}
