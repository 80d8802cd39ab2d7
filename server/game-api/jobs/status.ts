// What a status call answers about a durable job: the one read of a job's progress every job kind's status route uses.
import type { Queryable } from '../../shared/db.ts'
import { percentDone } from './runner.ts'

/** A job's state as status answers show it. */
export interface JobState { JobId: number, Status: string, Progress: number, Message: string }

/** Which job: the latest of the kind that has the id, subject and owner given (each optional). */
export interface JobMatch { kind: string, jobId?: number | null, subjectId?: number, userId?: string }

/** The newest job matching, with its progress; undefined when there is none. */
export async function findJob (q: Queryable, match: JobMatch): Promise<JobState | undefined> {
  const params: unknown[] = [match.kind]
  const where = ['kind = $1']
  const add = (column: string, value: unknown) => { params.push(value); where.push(`${column} = $${params.length}`) }
  if (match.jobId !== undefined && match.jobId !== null) add('job_id', match.jobId)
  if (match.subjectId !== undefined) add('subject_id', match.subjectId)
  if (match.userId !== undefined) add('user_id', match.userId)
  const { rows: [job] } = await q.query<{ job_id: number, status: string, done_count: number, total_count: number, message: string }>(
    `SELECT job_id, status, done_count, total_count, message FROM jobs WHERE ${where.join(' AND ')} ORDER BY job_id DESC LIMIT 1`, params)
  return job && { JobId: Number(job.job_id), Status: job.status, Progress: percentDone(job.status, Number(job.done_count), Number(job.total_count)), Message: job.message }
}

/** The newest job of the kind on the subject that is queued or running, else undefined: what a second start answers instead of a second job. */
export async function activeJobId (q: Queryable, kind: string, subjectId: number): Promise<number | undefined> {
  const { rows: [active] } = await q.query<{ job_id: number }>(
    "SELECT job_id FROM jobs WHERE kind = $1 AND subject_id = $2 AND status IN ('queued', 'running') ORDER BY job_id DESC LIMIT 1", [kind, subjectId])
  return active === undefined ? undefined : Number(active.job_id)
}
