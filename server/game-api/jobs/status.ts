// What a status call answers about a durable job: the one read of a job's progress every job kind's status route uses.
import { Type } from 'typebox'
import type { Queryable } from '../../shared/db.ts'
import { percentDone } from './runner.ts'
import type { JobMessage, JobValue } from './messages.ts'

/** A job's message as status answers show it: its English, and the code and values a page says it with in the user's language. */
export interface JobMessageFields { Message: string, MessageCode: string, MessageValues: Record<string, JobValue> }

/** The schema of those fields, for every status answer's schema. */
export const JobMessageSchema = {
  Message: Type.String({ description: 'what the job is doing, did or why it failed, in English' }),
  MessageCode: Type.String({ description: 'the message\'s code (the client\'s jobs.<code>, or errors.<code> for a refusal); empty: Message is another system\'s text' }),
  MessageValues: Type.Record(Type.String(), Type.Unknown(), { description: 'the message\'s values by name (by position for a refusal); a value may be a message of its own ({ code, values, text })' })
}

/** No message: a job never started. */
export const noMessage: JobMessageFields = { Message: '', MessageCode: '', MessageValues: {} }

/** A job's state as status answers show it. */
export interface JobState extends JobMessageFields { JobId: number, Status: string, Progress: number }

/** The answer fields of a message said now (not read from a job row). */
export const messageFields = (message: JobMessage): JobMessageFields => ({ Message: message.text, MessageCode: message.code, MessageValues: message.values })

/** The answer fields of a job row's message columns. */
export const messageFieldsOf = (row: { message: string, message_code?: string | null, message_values?: unknown }): JobMessageFields =>
  ({ Message: row.message, MessageCode: row.message_code ?? '', MessageValues: (row.message_values ?? {}) as Record<string, JobValue> })

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
  const { rows: [job] } = await q.query<{ job_id: number, status: string, done_count: number, total_count: number, message: string, message_code: string, message_values: unknown }>(
    `SELECT job_id, status, done_count, total_count, message, message_code, message_values FROM jobs WHERE ${where.join(' AND ')} ORDER BY job_id DESC LIMIT 1`, params)
  return job && { JobId: Number(job.job_id), Status: job.status, Progress: percentDone(job.status, Number(job.done_count), Number(job.total_count)), ...messageFieldsOf(job) }
}

/** The newest job of the kind on the subject that is queued or running, else undefined: what a second start answers instead of a second job. */
export async function activeJobId (q: Queryable, kind: string, subjectId: number): Promise<number | undefined> {
  const { rows: [active] } = await q.query<{ job_id: number }>(
    "SELECT job_id FROM jobs WHERE kind = $1 AND subject_id = $2 AND status IN ('queued', 'running') ORDER BY job_id DESC LIMIT 1", [kind, subjectId])
  return active === undefined ? undefined : Number(active.job_id)
}

/** A job's payload as it was queued (undefined when there is no such job); the caller names its shape. */
export async function jobPayload<Payload> (q: Queryable, jobId: number): Promise<Payload | undefined> {
  const { rows: [row] } = await q.query<{ payload: Payload }>('SELECT payload FROM jobs WHERE job_id = $1', [jobId])
  return row?.payload
}
