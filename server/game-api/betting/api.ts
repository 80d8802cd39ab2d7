// The betting module's public surface: what other domains may use of it (placing an order, reading bet text, the draw and intake totals, fixed bets on new draws),
// and its use cases, (db, caller, input) → result, each write in its own transaction with its audit record. Its store/ is private.
import type { Db } from '../../shared/db.ts'
import { writeAra } from '../../../schemas/domain/ara.ts'
import { roundMoney, type Game } from './rules/index.ts'
import type { Caller } from '../lib/caller.ts'
import { GameApiError, errors } from '../lib/errors.ts'
import { findRole } from '../lib/users.ts'
import { assertSelfOrDownline, groupOf, mayPlaceBets, subjectOf, withinReach } from '../lib/downline-access.ts'
import { auditCall } from '../lib/store/audit-trail.ts'
import { assertAdminPermission } from '../accounts/api.ts'
import { drawsOfDayCode, existingDraw } from '../draws/api.ts'
import { BACKUP_FIELDS, backupRows } from '../settings/api.ts'
import { bettingErrors } from './errors.ts'
import { DAYS } from './rules/fixed-days.ts'
import type { FourDLineInput, TotoLineInput } from './types.ts'
import { FIXED_JOB, fixedStatus, queueFixedJob, type FixedStatus } from './jobs/fixed.ts'
import { DETAIL_FIELDS, INTAKE_FIELDS, detailLines, fileOwnerOf, intakeLines } from './store/ara-exports.ts'
import { activeFixed, deleteFixed, fixedBets, fixedById, insertFixed, toFixed } from './store/fixed-list.ts'
import { fixedSettings, liveUserExists, writeFixedSetting, type FixedSetting } from './store/fixed-settings.ts'
import { fourDLinesOf, totoLinesOf, type FourDLineBody, type TotoLineBody } from './store/lines.ts'
import { lineStake } from './store/place.ts'
import { placeOrder } from './store/service.ts'

export { addSettledPayouts, clearDrawPayouts } from './store/draw-totals.ts'
export { FIXED_JOB, queueFixedForNewDraws } from './store/fixed-on-new-draws.ts'
export { intakeKey, lockIntake } from './store/intake-totals.ts'
export { placeOrder } from './store/service.ts'
export { parseText, ticketSummary, userIdOf } from './store/text.ts'

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
