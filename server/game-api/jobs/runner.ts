// The durable job runner: jobs are rows claimed with FOR UPDATE SKIP LOCKED under a lease, so they survive restarts and run once across instances.
import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import type { Db, Queryable } from '../../shared/db.ts'
import { JobMessageError, jobMessages, reasonOf, type JobMessage } from './messages.ts'

/** How the runner polls and holds jobs; tests shorten them. */
export interface RunnerOptions {
  /** How long an idle runner waits before looking for work again. */
  pollMs: number
  /** How long a claim holds a job without a heartbeat; a job whose process died is claimed again after it. */
  leaseMs: number
  /** How often a running job's lease is renewed (well under leaseMs). */
  heartbeatMs: number
  /** How long a job that threw waits before its next attempt. */
  retryMs: number
}

/** Production timings: a poll a second, and a dead process's job resumed within half a minute. */
export const defaultRunnerOptions: RunnerOptions = { pollMs: 1000, leaseMs: 30_000, heartbeatMs: 10_000, retryMs: 5000 }

/** A claimed job as its handler sees it. */
export interface Job<Payload = unknown> {
  id: number
  kind: string
  subjectId: number | null
  userId: string | null
  payload: Payload
  attempts: number
  maxAttempts: number
}

/** What a handler may do while it runs. */
export interface JobContext {
  /** Aborted when the runner stops or the lease is lost: end at the next step boundary (signal.throwIfAborted()). */
  signal: AbortSignal
  /** Records progress; pass the step's transaction to commit it with the step, which then rolls back if the lease was lost. */
  progress(done: number, total: number, message: JobMessage, q?: Queryable): Promise<void>
}

/** The work of one kind of job: run answers the message the job ends with; failed runs once when the job gives up, in the transaction that marks it failed. */
export interface JobHandler<Payload = unknown> {
  run(job: Job<Payload>, context: JobContext): Promise<JobMessage>
  /** exponential: each retry waits twice as long as the one before (retryMs, 2×, 4×…), for calls to a service that may be down a while; fixed by default. */
  backoff?: 'fixed' | 'exponential'
  /** Given the failed job's message in English (what a record of the failure keeps). */
  failed?(job: Job<Payload>, message: string, tx: Queryable): Promise<void>
}

/** A job to queue. */
export interface NewJob {
  kind: string
  subjectId?: number | null
  userId?: string | null
  payload?: unknown
  maxAttempts?: number
  message?: JobMessage
}

/** Where the runner reports what no caller sees: a claim that failed, a job attempt that threw (Fastify's logger fits). */
export interface RunnerLog {
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

interface JobRow { job_id: number, kind: string, subject_id: number | null, user_id: string | null, payload: unknown, attempts: number, max_attempts: number }

/** The runner lost its hold on a job: another runner has it now, so this one stops without writing. */
export class LeaseLost extends Error {
  constructor (jobId: number) { super(`Job ${jobId}'s lease expired and was taken over by another runner.`); this.name = 'LeaseLost' }
}

/** Thrown by a handler that cannot go on yet (a rate spoken for): the job goes back to the queue for delayMs, this attempt not counted. */
export class RunLater extends Error {
  constructor (readonly delayMs: number, readonly jobMessage: JobMessage) { super(jobMessage.text); this.name = 'RunLater' }
}

/** The runner is stopping: the job goes back to the queue as it was. */
class Stopping extends Error {
  constructor () { super('The job runner is stopping.'); this.name = 'Stopping' }
}

/** The SET of a job's message (its English, code and values) from the parameter at $n on, and those three parameters. */
function messageSet (n: number, message: JobMessage): [string, unknown[]] {
  return [`message = $${n}, message_code = $${n + 1}, message_values = $${n + 2}`, [message.text, message.code, JSON.stringify(message.values)]]
}

/** Queues a job inside the caller's transaction (so it exists exactly when the caller's change does); answers its id. */
export async function enqueueJob (q: Queryable, job: NewJob): Promise<number> {
  const message = job.message ?? jobMessages.waiting()
  const { rows: [row] } = await q.query<{ job_id: number }>(
    `INSERT INTO jobs (kind, subject_id, user_id, payload, max_attempts, status, message, message_code, message_values, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, 'queued', $6, $7, $8, now(), now()) RETURNING job_id`,
    [job.kind, job.subjectId ?? null, job.userId ?? null, JSON.stringify(job.payload ?? {}), job.maxAttempts ?? 3, message.text, message.code, JSON.stringify(message.values)])
  return Number(row?.job_id)
}

/** The progress a status answer shows, 0..100, from the job's counts. */
export function percentDone (status: string, done: number, total: number): number {
  if (status === 'done' || status === 'failed') return 100
  return total > 0 ? Math.min(99, Math.floor((done / total) * 100)) : 0
}

/** One runner per process: register handlers by kind, then start the poll loop (or call runOnce). */
export class JobRunner {
  readonly workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`
  readonly options: RunnerOptions
  private readonly handlers = new Map<string, JobHandler<never>>()
  private loop: Promise<void> | undefined
  private stopping = false
  private current: AbortController | undefined
  private wakeUp: (() => void) | undefined
  private woken = false

  constructor (private readonly db: Db, options: Partial<RunnerOptions> = {}, private readonly log?: RunnerLog) {
    this.options = { ...defaultRunnerOptions, ...options }
  }

  /** Names the handler of a kind; a kind has one handler. */
  register<Payload> (kind: string, handler: JobHandler<Payload>): void {
    if (this.handlers.has(kind)) throw new Error(`A handler for job kind "${kind}" is registered already.`)
    this.handlers.set(kind, handler as JobHandler<never>)
  }

  /** Starts polling for jobs in the background. */
  start (): void {
    if (this.loop) return
    this.stopping = false
    this.loop = this.poll()
  }

  /** Looks for work now instead of at the next poll (after queueing a job). */
  wake (): void {
    this.woken = true
    this.wakeUp?.()
  }

  /** Stops claiming, asks the current job to stop at its next step and waits for it; its lease is released so any runner resumes it. */
  async stop (): Promise<void> {
    this.stopping = true
    this.current?.abort(new Stopping())
    this.wakeUp?.()
    await this.loop
    this.loop = undefined
  }

  /** Claims one due job (queued, or running under an expired lease) and runs it to its end; answers whether there was one. */
  async runOnce (): Promise<boolean> {
    const kinds = [...this.handlers.keys()]
    if (kinds.length === 0) return false
    const { rows: [row] } = await this.db.query<JobRow>(
      `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = $2, locked_until = now() + $3 * interval '1 millisecond', updated_at = now()
       WHERE job_id = (
         SELECT job_id FROM jobs
         WHERE kind = ANY($1::text[]) AND run_at <= now() AND (status = 'queued' OR (status = 'running' AND locked_until < now()))
         ORDER BY run_at, job_id LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING job_id, kind, subject_id, user_id, payload, attempts, max_attempts`,
      [kinds, this.workerId, this.options.leaseMs])
    if (!row) return false
    const job: Job = {
      id: Number(row.job_id),
      kind: row.kind,
      subjectId: row.subject_id === null ? null : Number(row.subject_id),
      userId: row.user_id,
      payload: row.payload,
      attempts: Number(row.attempts),
      maxAttempts: Number(row.max_attempts)
    }
    await this.execute(job, this.handlers.get(job.kind) as JobHandler<unknown>)
    return true
  }

  private async poll (): Promise<void> {
    while (!this.stopping) {
      let found = false
      // A wake during the claim (a job queued just after it looked) means look again instead of sleeping.
      this.woken = false
      try {
        found = await this.runOnce()
      } catch (error) {
        // A failed claim (the database restarting) is tried again at the next poll.
        this.log?.error({ err: error }, 'the job runner could not claim a job')
      }
      if (!found && !this.stopping && !this.woken) {
        await new Promise<void>((resolve) => {
          // Unref'd: an idle runner never keeps a process alive on its own (the server's socket does).
          const timer = setTimeout(resolve, this.options.pollMs).unref()
          this.wakeUp = () => { clearTimeout(timer); resolve() }
        })
        this.wakeUp = undefined
      }
    }
  }

  private async execute (job: Job, handler: JobHandler<unknown>): Promise<void> {
    const controller = new AbortController()
    this.current = controller
    if (this.stopping) controller.abort(new Stopping())
    const mine = (q: Queryable, set: string, params: unknown[]) =>
      q.query(`UPDATE jobs SET ${set}, updated_at = now() WHERE job_id = $1 AND locked_by = $2 AND status = 'running'`, [job.id, this.workerId, ...params])
    const heartbeat = setInterval(() => {
      mine(this.db, "locked_until = now() + $3 * interval '1 millisecond'", [this.options.leaseMs])
        .then((r) => { if (r.rowCount === 0) controller.abort(new LeaseLost(job.id)) })
        .catch(() => {})
    }, this.options.heartbeatMs).unref()
    const context: JobContext = {
      signal: controller.signal,
      progress: async (done, total, message, q = this.db) => {
        const [set, values] = messageSet(5, message)
        const r = await mine(q, `done_count = $3, total_count = $4, ${set}`, [done, total, ...values])
        if (r.rowCount === 0) throw new LeaseLost(job.id)
      }
    }
    try {
      if (job.attempts > job.maxAttempts) throw new JobMessageError(jobMessages.unfinished({ count: job.maxAttempts }))
      const [set, values] = messageSet(3, await handler.run(job, context))
      await mine(this.db, `status = 'done', ${set}, locked_by = NULL, locked_until = NULL`, values)
    } catch (error) {
      const reason = controller.signal.aborted ? controller.signal.reason : error
      if (reason instanceof LeaseLost) return
      if (reason instanceof RunLater) {
        const [set, values] = messageSet(4, reason.jobMessage)
        await mine(this.db, `status = 'queued', attempts = attempts - 1, ${set}, locked_by = NULL, locked_until = NULL, run_at = now() + $3 * interval '1 millisecond'`,
          [reason.delayMs, ...values]).catch(() => {})
        return
      }
      if (reason instanceof Stopping) {
        // Not the job's fault: back in the queue, this attempt not counted.
        await mine(this.db, "status = 'queued', attempts = attempts - 1, locked_by = NULL, locked_until = NULL", []).catch(() => {})
        return
      }
      await this.fail(job, handler, reasonOf(reason), mine)
    } finally {
      clearInterval(heartbeat)
      this.current = undefined
    }
  }

  private async fail (job: Job, handler: JobHandler<unknown>, reason: JobMessage, mine: (q: Queryable, set: string, params: unknown[]) => Promise<{ rowCount: number }>): Promise<void> {
    this.log?.[job.attempts < job.maxAttempts ? 'warn' : 'error']({ jobId: job.id, kind: job.kind, attempt: job.attempts, maxAttempts: job.maxAttempts, reason: reason.text }, 'a job attempt failed')
    if (job.attempts < job.maxAttempts) {
      const [set, values] = messageSet(4, jobMessages.retrying({ attempt: job.attempts, attempts: job.maxAttempts, reason }))
      await mine(this.db, `status = 'queued', ${set}, locked_by = NULL, locked_until = NULL, run_at = now() + $3 * interval '1 millisecond'`,
        [handler.backoff === 'exponential' ? this.options.retryMs * 2 ** (job.attempts - 1) : this.options.retryMs, ...values]).catch(() => {})
      return
    }
    const message = jobMessages.gaveUp({ count: job.maxAttempts, reason })
    const [set, values] = messageSet(3, message)
    await this.db.transaction(async (tx) => {
      const { rowCount } = await mine(tx, `status = 'failed', ${set}, locked_by = NULL, locked_until = NULL`, values)
      if (rowCount > 0) await handler.failed?.(job, message.text, tx)
    }).catch((error: unknown) => this.log?.error({ err: error, jobId: job.id }, 'a failed job could not be recorded'))
  }
}
