// The betting module's public surface: what other domains may use of it (placing an order, reading bet text, the draw and intake totals, fixed bets on new draws),
// and its use cases, (db, caller, input) → result, each write in its own transaction with its audit record. Its store/ is private.
import type { Db } from '../../shared/db.ts'
import { writeAra } from '../../../schemas/domain/ara.ts'
import { roundMoney, type Game } from './rules/index.ts'
import type { Caller } from '../lib/caller.ts'
import type { UploadForm } from '../lib/upload-form.ts'
import { GameApiError, errors } from '../lib/errors.ts'
import { findRole, isUserLocation, mayPlaceBets } from '../lib/store/users.ts'
import { assertSelfOrDownline, subjectOf, withinReach } from '../lib/downline-access.ts'
import { groupOf } from '../lib/store/downlines.ts'
import { auditCall } from '../lib/store/audit-trail.ts'
import { assertAdminPermission } from '../accounts/api.ts'
import { drawsOfDayCode, existingDraw } from '../draws/api.ts'
import { BACKUP_FIELDS, backupRows } from '../settings/api.ts'
import { bettingErrors } from './errors.ts'
import { DAYS } from './rules/fixed-days.ts'
import type { FileRow, FourDLineInput, TotoLineInput } from './types.ts'
import { findJob } from '../jobs/status.ts'
import { FIXED_JOB, fixedStatus, queueFixedJob, type FixedStatus } from './jobs/fixed.ts'
import { UPLOAD_JOB, betLines, queueUploadJob } from './jobs/upload.ts'
import { dbfBetLines } from './rules/dbf-lines.ts'
import { toFileAnswer, type FileAnswer } from './rules/file-answer.ts'
import { MAX_FILE_NAME, fileNameProblem } from './rules/file-name.ts'
import { readDbfTable } from './store/dbf-table.ts'
import { deleteFile, fileById, filesOfOwners, insertFile, lockFiles, mayUpload, setFileLabels } from './store/files.ts'
import { readLhaArchive } from './store/lha-archive.ts'
import { DETAIL_FIELDS, INTAKE_FIELDS, detailLines, fileOwnerOf, intakeLines } from './store/ara-exports.ts'
import { activeFixed, deleteFixed, fixedBets, fixedById, insertFixed } from './store/fixed-list.ts'
import { toFixed } from './rules/fixed-answer.ts'
import { fixedSettings, liveUserExists, writeFixedSetting, type FixedSetting } from './store/fixed-settings.ts'
import { fourDLinesOf, totoLinesOf, type FourDLineBody, type TotoLineBody } from './rules/lines.ts'
import { lineStake } from './rules/line-stake.ts'
import { placeOrder } from './store/service.ts'

export { lockIntake } from './store/intake-totals.ts'
export { intakeKey } from './rules/intake-keys.ts'
export { takenUnits } from './store/limit-check.ts'
export { limitNumberOf } from './rules/limit-number.ts'
export { placeOrder } from './store/service.ts'
export { parseText, userIdOf } from './store/text.ts'
export { ticketSummary } from './rules/ticket-summary.ts'
export type { FileAnswer } from './rules/file-answer.ts'
export type { ParseBetTextResult } from './rules/parse-bet-text.ts'

/** A standing order as the fixed calls answer it. */
export type FixedAnswer = ReturnType<typeof toFixed>

/** Sets a standing order up on the account (UserId, else the caller's: a staff admin's is the company's), its day code checked now; audited. */
export async function createFixed (db: Db, caller: Caller, input: { game: Game, userId?: string | undefined, dayCode: string, lines: unknown[] }): Promise<FixedAnswer> {
  const { game } = input
  const user = caller.user
  // A staff admin sets fixed bets up on the company's account (subjectOf) and stays the one who placed them.
  const userId = await subjectOf(db, user, input.userId)
  if (!await mayPlaceBets(db, user.userId)) throw bettingErrors.betNotAllowed(user.userId)
  const lines = game === '4D' ? fourDLinesOf(input.lines as FourDLineBody[]) : totoLinesOf(input.lines as TotoLineBody[])
  const perDraw = roundMoney(lines.reduce((sum, line) => sum + lineStake(game, line), 0))
  const saved = await db.transaction(async (tx) => {
    // The day code is checked now, so a fixed bet never holds a code the process cannot place.
    await drawsOfDayCode(tx, game, input.dayCode, caller.now)
    const row = await insertFixed(tx, { userId, placedBy: user.userId, game, dayCode: input.dayCode.toUpperCase(), lines, stakePerDraw: perDraw }, caller.now)
    await auditCall(tx, caller, 'fixed.create', { FixedId: Number(row.fixed_id), UserId: userId })
    return row
  })
  return toFixed(saved)
}

/** The standing orders of UserId's group (else the caller's account's), or only its own. */
export async function fixedBetsOf (db: Db, caller: Caller, input: { game: Game, userId?: string | undefined, ownOnly: boolean }): Promise<FixedAnswer[]> {
  const userId = await subjectOf(db, caller.user, input.userId)
  return fixedBets(db, { userId, game: input.game, ownOnly: input.ownOnly })
}

/** Deletes a standing order of the caller or its downline; audited. */
export async function removeFixed (db: Db, caller: Caller, input: { game: Game, fixedId: number }): Promise<true> {
  const row = await fixedById(db, input.game, input.fixedId)
  if (!row) throw bettingErrors.fixedNotFound(input.fixedId)
  await assertSelfOrDownline(db, caller.user, row.user_id, 'fixed bet')
  await db.transaction(async (tx) => {
    await deleteFixed(tx, row.fixed_id)
    await auditCall(tx, caller, 'fixed.delete', { FixedId: Number(row.fixed_id) })
  })
  return true
}

/** Places every active standing order of the game now, each its own ticket and transaction, as the user who set it up with that user's rights today. */
export async function placeFixedNow (db: Db, caller: Caller, input: { game: Game }): Promise<{ Placed: Array<{ FixedId: number, TicketNo: string }>, Failed: Array<{ FixedId: number, Message: string }> }> {
  const { game } = input
  const placed: Array<{ FixedId: number, TicketNo: string }> = []
  const failed: Array<{ FixedId: number, Message: string }> = []
  for (const row of await activeFixed(db, game)) {
    // One bettor out of credit does not stop the others.
    try {
      const role = await findRole(db, row.placed_by)
      if (role === undefined) throw errors.userNotFound(row.placed_by)
      const answer = await placeOrder(db, {
        user: { userId: row.placed_by, role, tokenHash: '' },
        userId: row.user_id,
        game,
        dayCode: row.day_code,
        source: 'fixed',
        ...(game === '4D' ? { fourD: row.lines as FourDLineInput[] } : { toto: row.lines as TotoLineInput[] })
      }, caller.now)
      placed.push({ FixedId: Number(row.fixed_id), TicketNo: answer.ticketNo })
    } catch (error) {
      if (!(error instanceof GameApiError)) throw error
      failed.push({ FixedId: Number(row.fixed_id), Message: error.message })
    }
  }
  return { Placed: placed, Failed: failed }
}

/** Fixed Setting: every user with a standing order or a setting of the game (an ADMIN granted FixedSetting). */
export async function fixedSettingsOf (db: Db, caller: Caller, input: { game: Game }): Promise<FixedSetting[]> {
  await assertAdminPermission(db, caller.user, 'FixedSetting')
  return fixedSettings(db, input.game)
}

/** Sets whether a user's standing orders are placed and on which draw days (every day ticked, or none sent: every day); audited. */
export async function updateFixedSetting (db: Db, caller: Caller, input: { game: Game, body: Record<string, unknown> & { UserId: string, Enabled: boolean } }): Promise<{ UserId: string, Enabled: boolean, DrawDays: number[] }> {
  const body = input.body
  await assertAdminPermission(db, caller.user, 'FixedSetting')
  if (!await liveUserExists(db, body.UserId)) throw errors.userNotFound(body.UserId)
  const chosen = DAYS.flatMap((d, i) => body[d] === true ? [i] : [])
  if (DAYS.some((d) => body[d] !== undefined) && chosen.length === 0 && body.Enabled) throw errors.fixedNoDay()
  // Every day ticked (or none sent) means every draw the orders' day codes cover.
  const days = chosen.length === DAYS.length ? [] : chosen
  await db.transaction(async (tx) => {
    await writeFixedSetting(tx, input.game, { userId: body.UserId, enabled: body.Enabled, days }, caller.user.userId, caller.now)
    await auditCall(tx, caller, 'fixedSetting.update', { UserId: body.UserId, Enabled: body.Enabled, DrawDays: days })
  })
  return { UserId: body.UserId, Enabled: body.Enabled, DrawDays: days }
}

/** Queues the fixed process of the game (one at a time: a second start answers the running one); audited. The caller wakes the job runner after. */
export async function startFixedProcess (db: Db, caller: Caller, input: { game: Game }): Promise<FixedStatus> {
  await assertAdminPermission(db, caller.user, 'FixedSetting')
  const jobId = await queueFixedJob(db, input.game, caller.user.userId, (tx, id) => auditCall(tx, caller, 'fixed.process', { JobId: id, kind: FIXED_JOB }))
  return fixedStatus(db, input.game, jobId)
}

/** The fixed process job by id, else the game's latest. */
export async function fixedProcessOf (db: Db, caller: Caller, input: { game: Game, jobId: number | null }): Promise<FixedStatus> {
  await assertAdminPermission(db, caller.user, 'FixedSetting')
  return fixedStatus(db, input.game, input.jobId)
}

/**
 * The .ara of one upload page's tickets (fileId), or of the group's tickets on a draw (drawId; with fileId, that page's bets on it): the draw
 * backup's lines, narrowed to those within the caller's reach; audited like the draw backup's.
 */
export async function pageAra (db: Db, caller: Caller, input: { game: Game, fileId?: number | undefined, drawId?: number | undefined, userId?: string | undefined }): Promise<string> {
  const { game, fileId, drawId, userId: named } = input
  const user = caller.user
  if (drawId !== undefined) await existingDraw(db, drawId, { game })
  let userIds: string[] | undefined
  if (fileId !== undefined) {
    const owner = await fileOwnerOf(db, fileId, game)
    if (owner === undefined) throw bettingErrors.fileNotFound(fileId)
    await assertSelfOrDownline(db, user, owner, 'file')
  }
  if (fileId === undefined || named !== undefined) userIds = (await groupOf(db, await subjectOf(db, user, named))).map((m) => m.UserId)
  const rows = await backupRows(db, drawId ?? null, null, false, { ...(fileId === undefined ? {} : { fileId }), ...(userIds === undefined ? {} : { userIds }) })
  // An upload may place for users its text names: the page's lines show only those within the caller's reach.
  const seen = await withinReach(db, user, [...new Set(rows.map((r) => r.UserId))])
  return auditedAra(db, caller, 'bet.exportAra', { FileId: fileId ?? null, DrawId: drawId ?? null }, BACKUP_FIELDS, rows.filter((r) => seen.has(r.UserId)))
}

/** The .ara of the group's (UserId's, else the caller's account's) bets on a draw per number and form; audited. */
export async function detailsAra (db: Db, caller: Caller, input: { game: Game, drawId: number, userId?: string | undefined }): Promise<string> {
  await existingDraw(db, input.drawId, { game: input.game })
  const members = (await groupOf(db, await subjectOf(db, caller.user, input.userId))).map((m) => m.UserId)
  return auditedAra(db, caller, 'bet.exportDetailsAra', { DrawId: input.drawId }, DETAIL_FIELDS, await detailLines(db, input.drawId, members))
}

/** The .ara of a level's (UserId's, else the caller's account's) kept intake on a draw per number; audited. */
export async function intakeAra (db: Db, caller: Caller, input: { game: Game, drawId: number, userId?: string | undefined }): Promise<string> {
  await existingDraw(db, input.drawId, { game: input.game })
  const level = await subjectOf(db, caller.user, input.userId)
  return auditedAra(db, caller, 'bet.exportIntakeAra', { DrawId: input.drawId, UserId: level }, INTAKE_FIELDS, await intakeLines(db, input.drawId, level))
}

/** Records the download (with its line count) and answers the .ara text of the rows. */
async function auditedAra<F extends readonly string[]> (db: Db, caller: Caller, action: string, detail: object, fields: F, rows: Array<Record<F[number], string>>): Promise<string> {
  await db.transaction((tx) => auditCall(tx, caller, action, { ...detail, Lines: rows.length }))
  return writeAra(fields, rows.map((r) => fields.map((f: F[number]) => r[f])))
}

/** The largest bet file taken, and the largest file unpacked from an archive (the service's proxy takes one of 1 MiB too). */
export const MAX_FILE_BYTES = 1024 * 1024

/** Bet Upload: a text file of bet lines stored for processing, with the partner (distributor) it came from when one is named; audited. */
export async function uploadTextFile (db: Db, caller: Caller, input: { game: Game, form: UploadForm, partnerId?: number }): Promise<FileAnswer> {
  const file = sentFile(input.form)
  const [saved] = await saveUploads(db, caller, input.game, input.form.fields, [{ name: file.name, text: textOf(file.content) }], input.partnerId === undefined ? 'text' : 'partner', input.partnerId ?? null)
  return saved as FileAnswer
}

/** A dBase table of bets: its rows become bet text lines (rules/dbf-lines.ts), stored as one file for the same upload job; audited. */
export async function uploadDbfFile (db: Db, caller: Caller, input: { game: Game, form: UploadForm }): Promise<FileAnswer> {
  const file = sentFile(input.form)
  let table: Awaited<ReturnType<typeof readDbfTable>>
  try {
    table = await readDbfTable(file.content)
  } catch (error) {
    throw bettingErrors.fileNotDbf(error instanceof Error ? error.message.replace(/\/[^ ]*upload\.dbf/g, 'the file') : 'unreadable')
  }
  const read = dbfBetLines(table.fields, table.records)
  if ('problem' in read) throw bettingErrors.fileNotDbf(read.problem)
  return (await saveUploads(db, caller, input.game, input.form.fields, [{ name: file.name, text: read.lines.join('\n') }], 'dbf'))[0] as FileAnswer
}

/** An LHA (.lzh) archive of bet files, read with Debian's lhasa: each file in it is stored as a text upload of its own, all or none; audited. */
export async function uploadLzhArchive (db: Db, caller: Caller, input: { game: Game, form: UploadForm }): Promise<FileAnswer[]> {
  const file = sentFile(input.form)
  const texts = (await readLhaArchive(file.content, MAX_FILE_BYTES)).map(({ name, content }) => {
    refuseFileName(name)
    try {
      return { name, text: textOf(content) }
    } catch {
      throw bettingErrors.lzhMemberNotText(name)
    }
  })
  return saveUploads(db, caller, input.game, input.form.fields, texts, 'lzh')
}

/** Labels files with a batch (empty clears it), and renames one when a name is given; the ticked files, or one file; audited. */
export async function relabelFiles (db: Db, caller: Caller, input: { game: Game, fileIds?: number[] | undefined, fileId?: number | undefined, batch: string, fileName?: string | undefined }): Promise<FileAnswer[]> {
  const { fileIds: list, fileId: one, batch, fileName: name } = input
  // A row's dialog sends its one FileId; ticked rows send FileIds.
  if ((list === undefined) === (one === undefined)) throw bettingErrors.filesWhich()
  const ids = list ?? [one as number]
  if (name !== undefined && ids.length !== 1) throw bettingErrors.renameOneFile()
  if (name !== undefined && fileNameProblem(name) !== undefined) throw bettingErrors.fileNameUnreadable()
  const saved = await db.transaction(async (tx) => {
    const rows = await lockFiles(tx, ids, input.game)
    const unique = [...new Set(ids)]
    if (rows.length !== unique.length) throw bettingErrors.filesNotFound(unique.filter((id) => !rows.some((r) => Number(r.file_id) === id)).join(', '))
    for (const row of rows) await assertSelfOrDownline(tx, caller.user, row.user_id, 'file')
    const updated = await setFileLabels(tx, unique, batch.trim(), name ?? null)
    await auditCall(tx, caller, 'file.batch', { FileIds: unique, Batch: batch.trim(), ...(name === undefined ? {} : { FileName: name }) })
    return updated
  })
  return saved.map(toFileAnswer)
}

/** The files of UserId (a downline, or the caller), else of the whole group the Owner picker lists: a file uploaded for a downline is listed where it was uploaded. */
export async function filesOf (db: Db, caller: Caller, input: { game: Game, userId?: string | undefined }): Promise<FileAnswer[]> {
  const root = await subjectOf(db, caller.user, input.userId)
  const owners = input.userId ? [root] : (await groupOf(db, root)).map((m) => m.UserId)
  return (await filesOfOwners(db, owners, input.game)).map(toFileAnswer)
}

/** Deletes a file that is not processing, with its upload job; the tickets placed from it stay and only lose the link to it; audited. */
export async function removeFile (db: Db, caller: Caller, input: { fileId: number }): Promise<true> {
  const file = await reachableFile(db, caller, input.fileId)
  if (file.file_status === 'processing') throw bettingErrors.fileBusy(file.file_id, 'processing')
  await db.transaction(async (tx) => {
    await deleteFile(tx, file.file_id, UPLOAD_JOB)
    await auditCall(tx, caller, 'file.delete', { FileId: Number(file.file_id) })
  })
  return true
}

/** Marks a file processing and queues its upload job (options default to the file's own); the caller wakes the job runner after. */
export async function processFile (db: Db, caller: Caller, input: { fileId: number, strictNumber?: boolean | undefined, acceptDecimals?: boolean | undefined }): Promise<{ JobId: number, FileId: number, Status: string }> {
  const overrides = { strictNumber: input.strictNumber, acceptDecimals: input.acceptDecimals }
  const jobId = await queueUploadJob(db, input.fileId, caller.user, overrides, (tx, owner) => assertSelfOrDownline(tx, caller.user, owner))
  return { JobId: jobId, FileId: input.fileId, Status: 'queued' }
}

/** A file's upload job and figures: its state, progress and message, and the file's status, counts and line errors. */
export async function fileProcessStatus (db: Db, caller: Caller, input: { fileId: number }) {
  // The job is read before the file: a job ends after its file's figures are committed, so a done job never shows a file still processing.
  const job = await findJob(db, { kind: UPLOAD_JOB, subjectId: input.fileId })
  const file = await reachableFile(db, caller, input.fileId)
  if (!job) throw bettingErrors.jobNotFound(file.file_id)
  return {
    JobId: job.JobId,
    FileId: Number(file.file_id),
    Status: job.Status,
    Progress: job.Progress,
    Message: job.Message,
    MessageCode: job.MessageCode,
    MessageValues: job.MessageValues,
    FileStatus: file.file_status,
    Lines: Number(file.line_count),
    Placed: Number(file.placed_count),
    Failed: Number(file.failed_count),
    Errors: file.errors as Array<{ Line: number, Position: number, Message: string }>
  }
}

/** A file of the caller or its downline, of any game. */
async function reachableFile (db: Db, caller: Caller, fileId: number): Promise<FileRow> {
  const file = await fileById(db, fileId)
  if (!file) throw bettingErrors.fileNotFound(fileId)
  await assertSelfOrDownline(db, caller.user, file.user_id, 'file')
  return file
}

/** The form's file, refused when none was sent or its name would be kept badly. */
function sentFile (form: UploadForm): { name: string, content: Buffer } {
  if (!form.file) throw bettingErrors.fileMissing()
  refuseFileName(form.file.name)
  return form.file
}

/** Refuses a file name the store would keep badly: a browser sends an empty one for a file input left empty; an odd one is unreadable or too long. */
function refuseFileName (name: string): void {
  const problem = fileNameProblem(name)
  if (problem === 'empty') throw bettingErrors.fileMissing()
  if (problem === 'unreadable') throw bettingErrors.fileNameUnreadable()
  if (problem === 'long') throw bettingErrors.fileNameLong([...name].length, MAX_FILE_NAME)
}

/** A text upload's content; refused when it is not UTF-8 text. */
function textOf (content: Buffer): string {
  const text = content.toString('utf8')
  if (text.includes('\u0000') || text.includes('\uFFFD')) throw bettingErrors.fileNotText()
  return text
}

/** A form field's yes: what a checkbox or a client may send for true. */
const truthy = (v: unknown) => v === true || v === 'true' || v === '1' || v === 1

/** Stores an upload's bet texts as files to process (all or none, each audited), after the owner, upload right and location checks every format shares. */
async function saveUploads (db: Db, caller: Caller, game: Game, fields: Record<string, string>, texts: Array<{ name: string, text: string }>, format: string, partnerId: number | null = null): Promise<FileAnswer[]> {
  const user = caller.user
  // The named owner (the caller or a downline), else the caller's account: a staff admin uploads onto the company's, as it places fixed bets.
  const owner = await subjectOf(db, user, fields.UserId)
  if (!await mayUpload(db, user.userId)) throw bettingErrors.betNotAllowed(user.userId)
  if (fields.LocId && !await isUserLocation(db, user.userId, fields.LocId)) throw errors.locationNotAvailable(fields.LocId)
  const saved = await db.transaction(async (tx) => {
    const rows: FileRow[] = []
    for (const { name, text } of texts) {
      const lines = betLines(text).length
      const row = await insertFile(tx, {
        userId: owner,
        game,
        name,
        content: text,
        strictNumber: fields.StrictNumber === undefined ? true : truthy(fields.StrictNumber),
        acceptDecimals: truthy(fields.AcceptDecimals),
        remarks: (fields.Remarks ?? '').slice(0, 500),
        lines,
        batch: (fields.Batch ?? '').slice(0, 50),
        partnerId
      }, caller.now)
      await auditCall(tx, caller, 'file.upload', { FileId: Number(row.file_id), name, lines, format, PartnerId: partnerId })
      rows.push(row)
    }
    return rows
  })
  return saved.map(toFileAnswer)
}
