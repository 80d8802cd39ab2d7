// The upload job: each line of a file parsed as a bet text and placed on its own, with progress and per-line errors kept on the job and the file.
import type { Db } from '../../../../../shared/db.ts'
import type { Game } from '../../../../betting/index.ts'
import { GameApiError, errors } from '../../../../lib/errors.ts'
import type { AuthUser } from '../../../../lib/tokens.ts'
import { bettingErrors } from './errors.ts'
import { placeOrder } from './service.ts'
import { parseText, userIdOf, type TextOptions } from './text.ts'

/** A problem with one line of an uploaded file (1-based line, 0-based position in that line). */
export interface LineError { Line: number, Position: number, Message: string }

interface FileRow { file_id: number, user_id: string, game: Game, content: string, file_status: string }

/** Marks the file processing and queues its job in one transaction; answers the job id. */
export async function queueUploadJob (db: Db, fileId: number, user: AuthUser, now: Date, check: (owner: string) => Promise<void>): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows: [file] } = await tx.query<FileRow>('SELECT file_id, user_id, file_status FROM files WHERE file_id = $1 FOR UPDATE', [fileId])
    if (!file) throw bettingErrors.fileNotFound(fileId)
    await check(file.user_id)
    if (file.file_status === 'processing') throw bettingErrors.fileBusy(fileId, 'processing')
    if (file.file_status === 'processed') throw bettingErrors.fileAlreadyProcessed(fileId)
    await tx.query("UPDATE files SET file_status = 'processing', placed_count = 0, failed_count = 0, errors = '[]' WHERE file_id = $1", [fileId])
    const { rows: [job] } = await tx.query<{ job_id: number }>(
      "INSERT INTO jobs (kind, subject_id, user_id, status, progress, message, created_at, updated_at) VALUES ('upload', $1, $2, 'queued', 0, 'Waiting to start.', $3, $3) RETURNING job_id",
      [fileId, user.userId, now])
    return Number(job?.job_id)
  })
}

/** Runs a queued upload job to the end: never throws; a fault marks the job and the file failed. */
export async function runUploadJob (db: Db, jobId: number, fileId: number, user: AuthUser, options: TextOptions, now: () => Date): Promise<void> {
  const setJob = (status: string, progress: number, message: string) =>
    db.query('UPDATE jobs SET status = $2, progress = $3, message = $4, updated_at = $5 WHERE job_id = $1', [jobId, status, progress, message, now()])
  try {
    const { rows: [file] } = await db.query<FileRow>('SELECT file_id, user_id, game, content, file_status FROM files WHERE file_id = $1', [fileId])
    if (!file) throw bettingErrors.fileNotFound(fileId)
    const lines = file.content.split(/\r?\n/)
    const work = lines.map((text, i) => ({ text, line: i + 1 })).filter((l) => l.text.trim() !== '')
    await setJob('running', 0, `Processing ${work.length} lines.`)
    const lineErrors: LineError[] = []
    let placed = 0
    const step = Math.max(1, Math.floor(work.length / 20))
    for (const [i, { text, line }] of work.entries()) {
      const problem = await placeLine(db, file.game, text, fileId, user, options, now())
      if (problem === undefined) placed++
      else lineErrors.push(...problem.map((p) => ({ Line: line, ...p })))
      if ((i + 1) % step === 0 && i + 1 < work.length) await setJob('running', Math.floor(((i + 1) / work.length) * 100), `Processed ${i + 1} of ${work.length} lines.`)
    }
    const failedLines = new Set(lineErrors.map((e) => e.Line)).size
    await db.query("UPDATE files SET file_status = 'processed', line_count = $2, placed_count = $3, failed_count = $4, errors = $5, processed_at = $6 WHERE file_id = $1",
      [fileId, work.length, placed, failedLines, JSON.stringify(lineErrors), now()])
    await setJob('done', 100, `Placed ${placed} of ${work.length} lines${failedLines > 0 ? `; ${failedLines} with errors` : ''}.`)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    await db.query("UPDATE files SET file_status = 'failed', processed_at = $2 WHERE file_id = $1", [fileId, now()]).catch(() => {})
    await setJob('failed', 100, `The upload failed: ${message}`).catch(() => {})
  }
}

/** Parses and places one line; answers its problems (position in the line, message), or undefined when placed. */
async function placeLine (db: Db, game: Game, text: string, fileId: number, user: AuthUser, options: TextOptions, now: Date): Promise<Array<{ Position: number, Message: string }> | undefined> {
  const parsed = parseText(game, text, options, now)
  if (!parsed.ok) return parsed.errors.map((e) => ({ Position: e.position, Message: e.message }))
  try {
    const userId = await userIdOf(db, parsed.ticket.userId)
    if (userId === undefined) throw errors.notYourDownline(parsed.ticket.userId)
    const { ticket } = parsed
    await placeOrder(db, {
      user,
      userId,
      game,
      dayCode: ticket.dayCode,
      draws: ticket.draws,
      source: 'upload',
      text,
      fileId,
      ...(ticket.game === '4D' ? { fourD: ticket.lines } : { toto: ticket.lines })
    }, now)
    return undefined
  } catch (error) {
    if (error instanceof GameApiError) return [{ Position: 0, Message: error.message }]
    throw error
  }
}
