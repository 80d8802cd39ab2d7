// The draws module's result use cases (a result entered, previewed, finalised as a job, reset; bin burst: a result file imported, previewed,
// applied as a job and confirmed through finalising), (db, caller, input) → result, each write in its own transaction with its audit record.
// Also the results SMS string and feed every signed-in user reads. Beside api.ts rather than in it: finalising and resetting book betting's payouts (betting/api.ts), and betting imports api.ts (its draw
// lookups), so here they close no import cycle.
import type { Db } from '../../shared/db.ts'
import { resultSmsString, type FourDResult, type Game, type TotoResult } from '../../../schemas/game/index.ts'
import type { Caller } from '../lib/caller.ts'
import { confirmSuperPassword } from '../lib/super-password.ts'
import { drawDateRange } from '../lib/query-date.ts'
import { auditCall } from '../lib/store/audit-trail.ts'
import { activeJobId } from '../jobs/status.ts'
import { drawErrors } from './errors.ts'
import type { DrawAnswer, DrawRow } from './types.ts'
import { isoDateOf, toDrawAnswer } from './rules/draw-answer.ts'
import { flatResult, resultFileRows, resultOf } from './rules/result-input.ts'
import { existingDraw } from './store/draw-by-id.ts'
import { drawsWithResult, resultsPage, writeCheckedResult } from './store/draw-lists.ts'
import { finaliseReport } from './store/finalise-report.ts'
import { previewDraw, type DrawPreview } from './store/preview.ts'
import { resetDraw, type ResetSummary } from './store/reset.ts'
import { existingImport, insertImport, listImports, markImport } from './store/result-imports.ts'
import { toImport } from './rules/result-import-answer.ts'
import { FINALISE_JOB, finaliseStatus, queueFinaliseJob, type FinaliseStatus } from './jobs/finalise.ts'
import { BIN_BURST_JOB, binBurstStatus, binConfirmStatus, queueBinBurstJob, type BinBurstStatus } from './jobs/bin-burst.ts'

/** An import as the wire shows it. */
export type ResultImport = ReturnType<typeof toImport>

/** Enters (or corrects, before finalising starts) a draw's result, as JSON or the form's flat fields; audited; answers the draw with it. */
export async function enterResult (db: Db, caller: Caller, input: { game: Game, drawId: number, result?: Record<string, unknown> | undefined, flat: Record<string, unknown> }): Promise<DrawAnswer & { Result: Record<string, unknown> }> {
  const { game, drawId } = input
  const result = resultOf(game, input.result ?? flatResult(game, input.flat))
  const saved = await db.transaction(async (tx) => {
    const updated = await writeCheckedResult(tx, game, drawId, result, caller.now, FINALISE_JOB)
    await auditCall(tx, caller, 'draw.result', { DrawId: drawId })
    return updated
  })
  return { ...toDrawAnswer(saved, caller.now), Result: result as unknown as Record<string, unknown> }
}

/** What finalising the draw would pay, tier by tier, with the totals again as a one-row list (so a table shows them under the tiers). */
export async function resultPreview (db: Db, _caller: Caller, input: { game: Game, drawId: number }): Promise<DrawPreview & { Summary: Array<Omit<DrawPreview, 'Tiers' | 'DrawId' | 'IsFinalised'>> }> {
  await existingDraw(db, input.drawId, { game: input.game })
  const preview = await previewDraw(db, input.drawId)
  const { Tiers: _t, DrawId: _d, IsFinalised: _f, ...totals } = preview
  return { ...preview, Summary: [totals] }
}

/** Queues the draw's finalising as a durable job; audited; answers its status. */
export async function queueFinalise (db: Db, caller: Caller, input: { game: Game, drawId: number }): Promise<FinaliseStatus> {
  const { game, drawId } = input
  await queueFinaliseJob(db, game, drawId, caller.user.userId, caller.now,
    (tx, jobId) => auditCall(tx, caller, 'draw.finalise', { DrawId: drawId, JobId: jobId, kind: FINALISE_JOB }))
  return finaliseStatus(db, drawId)
}

/** The draw's finalising status, or 404 when the game has no such draw. */
export async function finaliseStatusOf (db: Db, _caller: Caller, input: { game: Game, drawId: number }): Promise<FinaliseStatus> {
  await existingDraw(db, input.drawId, { game: input.game })
  return finaliseStatus(db, input.drawId)
}

/**
 * Undoes the draw's finalising (reversing the payments booked), keeping its result or clearing it too; confirmed with the super password
 * before anything is read or locked, refused while finalising runs; audited.
 */
export async function resetResult (db: Db, caller: Caller, input: { game: Game, drawId: number, clearResult: boolean, superPassword?: string | undefined }): Promise<ResetSummary> {
  const { game, drawId, clearResult } = input
  await confirmSuperPassword(db, caller.user.userId, input.superPassword, caller.now)
  return db.transaction(async (tx) => {
    if (await activeJobId(tx, FINALISE_JOB, drawId) !== undefined) throw drawErrors.drawBusy(drawId)
    const reset = await resetDraw(tx, game, drawId, clearResult, caller.now)
    await auditCall(tx, caller, clearResult ? 'draw.reset7' : 'draw.reset6', { ...reset })
    return reset
  })
}

/** The game's draws with a result, each with its finalising status (the finalise step's list). */
export async function finaliseSteps (db: Db, _caller: Caller, input: { game: Game }): Promise<Array<FinaliseStatus & { DrawDate: string, Series: string }>> {
  const draws = await drawsWithResult(db, input.game)
  return Promise.all(draws.map(async (d) => ({ ...await finaliseStatus(db, Number(d.draw_id)), DrawDate: isoDateOf(d.draw_date), Series: d.series })))
}

/** The finalised draw's report, the draw named or the import's. */
export async function finaliseReportOf (db: Db, _caller: Caller, input: { game: Game, drawId?: number | undefined, importId?: number | undefined }): Promise<Awaited<ReturnType<typeof finaliseReport>>> {
  const { game, drawId, importId } = input
  const id = drawId ?? (importId === undefined ? undefined : Number((await existingImport(db, game, importId)).draw_id))
  if (id === undefined) throw drawErrors.drawNotFound(0)
  await existingDraw(db, id, { game })
  return finaliseReport(db, id)
}

/** Stages a result file (CSV rows prize,number) for a draw not yet finalised; audited. */
export async function importResultFile (db: Db, caller: Caller, input: { game: Game, drawId: number, content: string, fileName?: string | undefined, locId?: string | undefined }): Promise<ResultImport> {
  const { game, drawId, content } = input
  const rows = resultFileRows(game, content)
  if ('problem' in rows) throw drawErrors.importBadFile(rows.problem)
  const result = resultOf(game, rows.raw)
  const saved = await db.transaction(async (tx) => {
    const draw = await existingDraw(tx, drawId, { game })
    if (draw.is_finalised) throw drawErrors.drawFinalised(drawId)
    const row = await insertImport(tx, { drawId, game, locId: input.locId || null, fileName: input.fileName || 'result.csv', content, result, userId: caller.user.userId, now: caller.now })
    await auditCall(tx, caller, 'result.import', { ImportId: Number(row.import_id), DrawId: drawId })
    return row
  })
  return toImport(saved)
}

/** The game's imports, of one location (the caller's LocId; '' or absent: those of none) or of all when allLocations. */
export async function resultImports (db: Db, _caller: Caller, input: { game: Game, locId?: string | undefined, allLocations?: boolean }): Promise<ResultImport[]> {
  return (await listImports(db, input.game, input.allLocations ? undefined : input.locId || null)).map(toImport)
}

/** The payouts the staged result would make, settled by the same code as finalising, nothing written to the bets; kept on the import; audited. */
export async function previewImport (db: Db, caller: Caller, input: { game: Game, importId: number }): Promise<DrawPreview> {
  const { game, importId } = input
  return db.transaction(async (tx) => {
    const row = await existingImport(tx, game, importId, true)
    if (row.status !== 'imported' && row.status !== 'previewed') throw drawErrors.importApplied(importId)
    const figures = await previewDraw(tx, Number(row.draw_id), row.result)
    await markImport(tx, importId, 'previewed', { preview: figures }, caller.now)
    await auditCall(tx, caller, 'result.importPreview', { ImportId: importId, Payout: figures.Payout })
    return figures
  })
}

/** Queues the import's application (bin burst) as a durable job; audited; answers its status. */
export async function applyImport (db: Db, caller: Caller, input: { game: Game, importId: number }): Promise<BinBurstStatus> {
  const { game, importId } = input
  await queueBinBurstJob(db, game, importId, caller.user.userId,
    (tx, jobId) => auditCall(tx, caller, 'result.importApply', { ImportId: importId, JobId: jobId, kind: BIN_BURST_JOB }))
  return binBurstStatus(db, game, importId)
}

/** An import's bin burst status. */
export async function applyImportStatus (db: Db, _caller: Caller, input: { game: Game, importId: number }): Promise<BinBurstStatus> {
  return binBurstStatus(db, input.game, input.importId)
}

/** Confirms an applied import: finalises its draw through the one finalise job, the import marked confirmed with the job queued; audited. */
export async function confirmImport (db: Db, caller: Caller, input: { game: Game, importId: number }): Promise<FinaliseStatus & { ImportId: number }> {
  const { game, importId } = input
  const row = await existingImport(db, game, importId)
  if (row.status !== 'applied' && row.status !== 'confirmed') throw drawErrors.importNotApplied(importId)
  const drawId = Number(row.draw_id)
  await queueFinaliseJob(db, game, drawId, caller.user.userId, caller.now, async (tx, jobId) => {
    await markImport(tx, importId, 'confirmed', {}, caller.now)
    await auditCall(tx, caller, 'draw.finalise', { DrawId: drawId, JobId: jobId, ImportId: importId, kind: FINALISE_JOB })
  })
  return binConfirmStatus(db, game, importId)
}

/** A confirmed import's finalising status. */
export async function confirmImportStatus (db: Db, _caller: Caller, input: { game: Game, importId: number }): Promise<FinaliseStatus & { ImportId: number }> {
  return binConfirmStatus(db, input.game, input.importId)
}

/** A draw row's SMS string (its result entered). */
const smsOf = (draw: DrawRow) => resultSmsString({ series: draw.series, date: isoDateOf(draw.draw_date), special: draw.special }, draw.result as FourDResult | TotoResult)

/** The whole result of a draw of the game in one SMS, refused while no result is entered. */
export async function resultSms (db: Db, _caller: Caller, input: { game: Game, drawId: number }): Promise<{ DrawId: number, DrawDate: string, Series: string, SMSString: string, Length: number }> {
  const draw = await existingDraw(db, input.drawId, { game: input.game })
  if (draw.result === null || draw.result === undefined) throw drawErrors.resultNotEntered(input.drawId)
  const text = smsOf(draw)
  return { DrawId: Number(draw.draw_id), DrawDate: isoDateOf(draw.draw_date), Series: draw.series, SMSString: text, Length: text.length }
}

/** One entered result as the feed shows it. */
export interface FeedResult { DrawId: number, DrawDate: string, Series: string, Special: boolean, IsFinalised: boolean, Result: Record<string, unknown>, SMSString: string }

/** The game's entered results in a draw date range (DrawFrom, DrawTo) and series, the newest limit of them, with how many the range holds. */
export async function resultsFeed (db: Db, _caller: Caller, input: { game: Game, drawFrom?: string | undefined, drawTo?: string | undefined, series?: string | undefined, limit?: number | undefined }): Promise<{ rows: FeedResult[], count: number }> {
  const range = drawDateRange({ DrawFrom: input.drawFrom, DrawTo: input.drawTo })
  const { rows, count } = await resultsPage(db, input.game, { from: range.from, to: range.to, series: input.series || null, limit: input.limit ?? 50 })
  return {
    rows: rows.map((d) => ({ DrawId: Number(d.draw_id), DrawDate: isoDateOf(d.draw_date), Series: d.series, Special: d.special, IsFinalised: d.is_finalised, Result: d.result as Record<string, unknown>, SMSString: smsOf(d) })),
    count
  }
}
