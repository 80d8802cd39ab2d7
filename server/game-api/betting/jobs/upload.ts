// The upload job: each line of a file parsed as a bet text and placed as its own ticket, in batches, recorded with its placement so a resumed job skips it.
import type { Db, Queryable } from '../../../shared/db.ts'
import type { Game } from '../rules/index.ts'
import { enqueueJob, type JobHandler } from '../../jobs/runner.ts'
import { jobMessages } from '../../jobs/messages.ts'
import { GameApiError, errors } from '../../lib/errors.ts'
import type { AuthUser } from '../../lib/tokens.ts'
import { findRole } from '../../lib/store/users.ts'
import { bettingErrors } from '../errors.ts'
import { placeOrder, placeOrders, type PlaceOrder } from '../store/service.ts'
import { parseText, textParser, userIdOf, userIdsOf, type TextOptions } from '../store/text.ts'
import { fileToPlace, lockFileToQueue, markFileFailed, markFileProcessed, markFileProcessing } from '../store/files.ts'
import { lineRecords, recordLines, recordedLineNos, type LineProblem } from '../store/upload-lines.ts'

/** The job kind the runner knows the upload by. */
export const UPLOAD_JOB = 'upload'

/** A problem with one line of an uploaded file (1-based line, 0-based position in that line). */
export interface LineError { Line: number, Position: number, Message: string }

/**
 * Lines placed in one transaction: a thousand-line file is ten transactions, each well inside the store's transaction bound.
 * A batch with a refused line is placed again line by line, so each line stays all or nothing on its own.
 */
export const UPLOAD_BATCH_LINES = 100

/** What the job needs besides its file (the job's subject) and the user who started it (the job's user). */
export interface UploadPayload { strictNumber: boolean, acceptDecimals: boolean }

/** The lines of a file that hold a bet text, with their 1-based line numbers. */
export function betLines (content: string): Array<{ text: string, line: number }> {
  return content.split(/\r?\n/).map((text, i) => ({ text, line: i + 1 })).filter((l) => l.text.trim() !== '')
}

/** Marks the file processing and queues its job in one transaction (options default to the file's own); check runs in it too; answers the job id. */
export async function queueUploadJob (db: Db, fileId: number, user: AuthUser, overrides: TextOptions, check: (tx: Queryable, owner: string) => Promise<void>): Promise<number> {
  return db.transaction(async (tx) => {
    const file = await lockFileToQueue(tx, fileId)
    if (!file) throw bettingErrors.fileNotFound(fileId)
    await check(tx, file.user_id)
    if (file.file_status === 'processing') throw bettingErrors.fileBusy(fileId, 'processing')
    if (file.file_status === 'processed') throw bettingErrors.fileAlreadyProcessed(fileId)
    await markFileProcessing(tx, fileId)
    const payload: UploadPayload = { strictNumber: overrides.strictNumber ?? file.strict_number, acceptDecimals: overrides.acceptDecimals ?? file.accept_decimals }
    return enqueueJob(tx, { kind: UPLOAD_JOB, subjectId: fileId, userId: user.userId, payload })
  })
}

/** The upload job's handler: places the file's lines not yet recorded (a failed file processed again resumes), then writes the file's figures. */
export function uploadJob (db: Db, now: () => Date): JobHandler<UploadPayload> {
  return {
    async run (job, { signal, progress }) {
      const fileId = Number(job.subjectId)
      const file = await fileToPlace(db, fileId)
      if (!file) throw bettingErrors.fileNotFound(fileId)
      // The lines are placed as the user who started the job, with that user's rights today.
      const userId = String(job.userId)
      const role = await findRole(db, userId)
      if (role === undefined) throw errors.userNotFound(userId)
      const user: AuthUser = { userId, role, tokenHash: '' }
      const work = betLines(file.content)
      const recorded = await recordedLineNos(db, fileId)
      let done = recorded.size
      await progress(done, work.length, jobMessages.uploadStarting({ lines: work.length }))
      const pending = work.filter((l) => !recorded.has(l.line))
      for (let start = 0; start < pending.length; start += UPLOAD_BATCH_LINES) {
        signal.throwIfAborted()
        const batch = pending.slice(start, start + UPLOAD_BATCH_LINES)
        for (let i = 0; i < batch.length; i++) await lineDelay()
        const step = (count: number) => {
          const at = done + count
          return (q: Queryable) => progress(at, work.length, jobMessages.uploadProcessing({ done: at, lines: work.length }), q)
        }
        await placeBatch(db, { game: file.game, fileId, user, options: job.payload, now: now() }, batch, step)
        done += batch.length
      }
      const figures = await finishFile(db, fileId, work.length, now())
      return figures.failed > 0
        ? jobMessages.uploadPlacedSome({ placed: figures.placed, lines: work.length, failed: figures.failed })
        : jobMessages.uploadPlaced({ placed: figures.placed, lines: work.length })
    },
    async failed (job, _message, tx) {
      await markFileFailed(tx, Number(job.subjectId), now())
    }
  }
}

interface FileToPlace { game: Game, fileId: number, user: AuthUser, options: TextOptions, now: Date }
/** The job's progress after count more of the batch's lines, written in the transaction that records them. */
type Step = (count: number) => (q: Queryable) => Promise<void>

/** Places a batch of lines as their own tickets in one transaction with their records; when one is refused, each line on its own. */
async function placeBatch (db: Db, f: FileToPlace, batch: Array<{ text: string, line: number }>, step: Step): Promise<void> {
  const parse = await textParser(db, f.game, f.options, f.now)
  const parsed = batch.map((l) => ({ ...l, result: parse(l.text) }))
  const ids = await userIdsOf(db, parsed.flatMap((l) => l.result.ok ? [l.result.ticket.userId] : []))
  const orders: PlaceOrder[] = []
  const lines = parsed.map((l) => {
    if (!l.result.ok) return { line: l.line, problems: l.result.errors.map((e) => ({ Position: e.position, Message: e.message })) }
    const { ticket } = l.result
    const userId = ids.get(ticket.userId.toLowerCase())
    if (userId === undefined) return { line: l.line, problems: [{ Position: 0, Message: errors.notYourDownline(ticket.userId).message }] }
    orders.push({
      user: f.user,
      userId,
      game: f.game,
      dayCode: ticket.dayCode,
      draws: ticket.draws,
      source: 'upload',
      text: l.text,
      fileId: f.fileId,
      ...(ticket.game === '4D' ? { fourD: ticket.lines } : { toto: ticket.lines })
    })
    return { line: l.line, problems: [] }
  })
  try {
    await placeOrders(db, orders, f.now, { record: async (tx) => { await recordLines(tx, f.fileId, lines); await step(batch.length)(tx) } })
    return
  } catch (error) {
    if (!(error instanceof GameApiError)) throw error
  }
  for (const [i, l] of batch.entries()) await placeLine(db, { ...f, text: l.text, line: l.line }, step(i + 1))
}

interface LineToPlace extends FileToPlace { text: string, line: number }

/** Parses and places one line; its record (placed, or its problems) and the job's progress commit with the placement or alone. */
async function placeLine (db: Db, l: LineToPlace, step: (q: Queryable) => Promise<void>): Promise<void> {
  const record = (problems: LineProblem[]) => async (tx: Queryable) => {
    await recordLines(tx, l.fileId, [{ line: l.line, problems }])
    await step(tx)
  }
  const parsed = await parseText(db, l.game, l.text, l.options, l.now)
  if (!parsed.ok) return db.transaction(record(parsed.errors.map((e) => ({ Position: e.position, Message: e.message }))))
  try {
    const userId = await userIdOf(db, parsed.ticket.userId)
    if (userId === undefined) throw errors.notYourDownline(parsed.ticket.userId)
    const { ticket } = parsed
    await placeOrder(db, {
      user: l.user,
      userId,
      game: l.game,
      dayCode: ticket.dayCode,
      draws: ticket.draws,
      source: 'upload',
      text: l.text,
      fileId: l.fileId,
      record: record([]),
      ...(ticket.game === '4D' ? { fourD: ticket.lines } : { toto: ticket.lines })
    }, l.now)
  } catch (error) {
    if (!(error instanceof GameApiError)) throw error
    await db.transaction(record([{ Position: 0, Message: error.message }]))
  }
}

/** Writes the file's figures from its line records and marks it processed. */
async function finishFile (db: Db, fileId: number, lines: number, now: Date): Promise<{ placed: number, failed: number }> {
  const rows = await lineRecords(db, fileId)
  const failed = rows.filter((r) => !r.placed)
  const lineErrors: LineError[] = failed.flatMap((r) => r.errors.map((e) => ({ Line: Number(r.line_no), ...e })))
  await markFileProcessed(db, fileId, { lines, placed: rows.length - failed.length, failed: failed.length, errors: lineErrors }, now)
  return { placed: rows.length - failed.length, failed: failed.length }
}

// Test-only: GAME_API_UPLOAD_LINE_DELAY_MS slows each line so a test can kill the process in the middle of a job; unset in production.
const lineDelayMs = Number(process.env.GAME_API_UPLOAD_LINE_DELAY_MS ?? 0)
const lineDelay = () => lineDelayMs > 0 ? new Promise<void>((resolve) => setTimeout(resolve, lineDelayMs)) : Promise.resolve()
