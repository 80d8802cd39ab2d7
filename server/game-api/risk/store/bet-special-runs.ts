// Bet Special's generations: one run per level and draw (bet_special_runs), made by a durable job whose status the page polls.
import type { Queryable } from '../../../shared/db.ts'
import { drawTakesBetsSql } from '../../draws/api.ts'

/** The job kind the runner knows a generation by. */
export const BET_SPECIAL_JOB = 'bet-special'

/** Whose settings (the level's account), placed on which draw; the job's own user places the ticket. */
export interface BetSpecialPayload { userId: string, drawId: number }

/** A generation's job as its status call reads it, with its run's ticket, lines and stake once placed. */
export interface SpecialJobRow { job_id: number, status: string, done_count: number, total_count: number, message: string, message_code: string, message_values: unknown, ticket_no: string | null, lines: number | null, stake: string | null }

/** The level's run on the draw, if it generated one: its ticket number (null until placed). */
export async function specialRunOf (q: Queryable, userId: string, drawId: number): Promise<{ ticket_no: string | null } | undefined> {
  const { rows: [done] } = await q.query<{ ticket_no: string | null }>('SELECT ticket_no FROM bet_special_runs WHERE user_id = $1 AND draw_id = $2', [userId, drawId])
  return done
}

/** The series' next draw taking bets at now, if any. */
export async function nextSpecialDrawId (q: Queryable, series: string, now: Date): Promise<number | undefined> {
  const { rows: [draw] } = await q.query<{ draw_id: number }>(`SELECT draw_id FROM draws d WHERE series = $1 AND ${drawTakesBetsSql('d', '$2')} ORDER BY close_at LIMIT 1`, [series, now])
  return draw === undefined ? undefined : Number(draw.draw_id)
}

/** Records the level's run on the draw for the job; false when one is recorded already (the primary key lets one generation through). */
export async function recordSpecialRun (q: Queryable, run: BetSpecialPayload & { jobId: number, lines: number }, now: Date): Promise<boolean> {
  const { rows } = await q.query('INSERT INTO bet_special_runs (user_id, draw_id, job_id, lines, stake, created_at) VALUES ($1, $2, $3, $4, 0, $5) ON CONFLICT DO NOTHING RETURNING 1',
    [run.userId, run.drawId, run.jobId, run.lines, now])
  return rows.length > 0
}

/** Writes the placed ticket's number and stake on the run. */
export async function finishSpecialRun (q: Queryable, run: BetSpecialPayload, ticketNo: string, stake: number): Promise<void> {
  await q.query('UPDATE bet_special_runs SET ticket_no = $3, stake = $4 WHERE user_id = $1 AND draw_id = $2', [run.userId, run.drawId, ticketNo, stake])
}

/** The user's generation job by id, with its run. */
export async function specialJobOf (q: Queryable, jobId: number, userId: string): Promise<SpecialJobRow | undefined> {
  const { rows: [job] } = await q.query<SpecialJobRow>(
    `SELECT j.job_id, j.status, j.done_count, j.total_count, j.message, j.message_code, j.message_values, r.ticket_no, r.lines, r.stake FROM jobs j
     LEFT JOIN bet_special_runs r ON r.job_id = j.job_id WHERE j.job_id = $1 AND j.kind = $2 AND j.user_id = $3`, [jobId, BET_SPECIAL_JOB, userId])
  return job
}
