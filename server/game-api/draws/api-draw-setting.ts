// The draws module's Draw Setting use cases (the draw lists, close times, a draw's creation, edit, closing and reopening, the week's draws),
// (db, caller, input) → result, each write in its own transaction with its audit record. Beside api.ts rather than in it: a new draw queues
// betting's standing orders and finalising books betting's payouts (betting/api.ts), and betting imports api.ts (its draw lookups), so here they close no import cycle.
import type { Db } from '../../shared/db.ts'
import { drawOn, type Game } from '../../../schemas/game/index.ts'
import { addDays, dayOfDate, isIsoDate, zoneDateOf } from '../../../schemas/domain/calendar.ts'
import type { Caller } from '../lib/caller.ts'
import { errors } from '../lib/errors.ts'
import { auditCall } from '../lib/store/audit-trail.ts'
import { announceNewDraws } from './store/new-draws.ts'
import { drawErrors } from './errors.ts'
import type { DrawAnswer, DrawRow } from './types.ts'
import { toDrawAnswer } from './rules/draw-answer.ts'
import { drawTimes } from './rules/draw-times.ts'
import { SERIES_OF, seriesAnswer } from './rules/series.ts'
import { weekOf } from './rules/week.ts'
import { readCloseTimes, writeCloseTime } from './store/close-times.ts'
import { existingDraw } from './store/draw-by-id.ts'
import { drawsTakingBets, insertDraw, latestDraws, unsettledDraws, type DrawFilter } from './store/draw-lists.ts'
import { ensureUpcomingDraws } from './store/draws.ts'
import { editDraw, type DrawEdit } from './store/edit-draw.ts'
import { finaliseDraw, refreshSettlementStatistics, type SettleSummary } from './store/finalise.ts'
import { weekDraws } from './store/week.ts'
import { queueWeekJob, weekJobStatus, type WeekJobStatus } from './jobs/week.ts'

type Series = DrawRow['series']
/** A series' close time as Draw Setting shows it. */
export type SeriesSetting = ReturnType<typeof seriesAnswer>

/** The series asked (else the game's first), refused unless the game has it. */
function seriesOf (game: Game, series: string | undefined): Series {
  const chosen = (series ?? SERIES_OF[game][0]) as Series
  if (!SERIES_OF[game].includes(chosen)) throw drawErrors.badSeries(SERIES_OF[game].join(', '), game)
  return chosen
}

/** The game's latest draws (of a series, or only those with a result), as answered now. */
async function drawList (db: Db, caller: Caller, game: Game, filter: DrawFilter, limit = 200): Promise<DrawAnswer[]> {
  return (await latestDraws(db, game, filter, limit)).map((r) => toDrawAnswer(r, caller.now))
}

/** The game's latest draws, the upcoming ones made first. */
export async function allDraws (db: Db, caller: Caller, input: { game: Game }): Promise<DrawAnswer[]> {
  await ensureUpcomingDraws(db, input.game, caller.now)
  return drawList(db, caller, input.game, {})
}

/** The game's draws taking bets now, the upcoming ones made first. */
export async function activeDraws (db: Db, caller: Caller, input: { game: Game }): Promise<DrawAnswer[]> {
  await ensureUpcomingDraws(db, input.game, caller.now)
  return (await drawsTakingBets(db, input.game, caller.now)).map((r) => toDrawAnswer(r, caller.now))
}

/** Live Exposure's draws: a closed draw stays until it is finalised, since its exposure matters most before the result. */
export async function drawsUnsettled (db: Db, caller: Caller, input: { game: Game }): Promise<DrawAnswer[]> {
  await ensureUpcomingDraws(db, input.game, caller.now)
  return (await unsettledDraws(db, input.game, caller.now)).map((r) => toDrawAnswer(r, caller.now))
}

/** The game's latest draws with a result. */
export async function drawsWithResults (db: Db, caller: Caller, input: { game: Game }): Promise<DrawAnswer[]> {
  return drawList(db, caller, input.game, { withResult: true })
}

/** The game's latest draws (of one series when named), at most limit. */
export async function latestDrawsOf (db: Db, caller: Caller, input: { game: Game, series?: Series | '' | undefined, limit?: number | undefined }): Promise<DrawAnswer[]> {
  return drawList(db, caller, input.game, input.series ? { series: input.series } : {}, input.limit ?? 200)
}

/** One draw of the game, or 404. */
export async function drawOf (db: Db, caller: Caller, input: { game: Game, drawId: number }): Promise<DrawAnswer> {
  return toDrawAnswer(await existingDraw(db, input.drawId, { game: input.game }), caller.now)
}

/** One draw of the game with its result (null before one is entered), or 404. */
export async function drawWithResult (db: Db, caller: Caller, input: { game: Game, drawId: number }): Promise<DrawAnswer & { Result: Record<string, unknown> | null }> {
  const draw = await existingDraw(db, input.drawId, { game: input.game })
  return { ...toDrawAnswer(draw, caller.now), Result: (draw.result ?? null) as Record<string, unknown> | null }
}

/** The close time of each of the game's series. */
export async function seriesSettings (db: Db, _caller: Caller, input: { game: Game }): Promise<SeriesSetting[]> {
  const times = await readCloseTimes(db)
  return SERIES_OF[input.game].map((s) => seriesAnswer(s, times))
}

/** Sets a series' close time (checked through the one time parser, so a bad value is refused with the field named); audited. */
export async function setCloseTime (db: Db, caller: Caller, input: { game: Game, series: string, closeTime: string }): Promise<SeriesSetting[]> {
  const series = seriesOf(input.game, input.series)
  drawTimes({ DrawDate: '2000-01-01', CloseTime: input.closeTime })
  const times = await db.transaction(async (tx) => {
    await writeCloseTime(tx, series, input.closeTime, caller.now)
    await auditCall(tx, caller, 'draw.closeTime', { series, closeTime: input.closeTime })
    return readCloseTimes(tx)
  })
  return SERIES_OF[input.game].map((s) => seriesAnswer(s, times))
}

/** A new draw. */
export interface NewDraw { DrawDate: string, Series?: string | undefined, CloseTime?: string | undefined, OpenDate?: string | undefined, OpenTime?: string | undefined }

/**
 * Creates a draw (its close time defaults to the series' setting; the special flag follows the calendar, Magnum's Tuesday) and queues the
 * fixed process for the standing orders on it, in the same transaction; audited.
 */
export async function createDraw (db: Db, caller: Caller, input: { game: Game, draw: NewDraw }): Promise<DrawAnswer> {
  const { game, draw } = input
  const series = seriesOf(game, draw.Series)
  const date = draw.DrawDate
  return db.transaction(async (tx) => {
    const closeTime = draw.CloseTime || (await readCloseTimes(tx))[series]
    const { closeAt, openAt } = drawTimes({ DrawDate: date, CloseTime: closeTime, OpenDate: draw.OpenDate, OpenTime: draw.OpenTime })
    const row = await insertDraw(tx, { game, series, date, closeAt, openAt, special: drawOn(series, date).special }, caller.now)
    if (!row) throw drawErrors.drawExists(series, dayOfDate(date))
    await announceNewDraws(tx, game, [Number(row.draw_id)], caller.user.userId)
    await auditCall(tx, caller, 'draw.create', { DrawId: Number(row.draw_id), series, date, closeTime })
    return toDrawAnswer(row, caller.now)
  })
}

/**
 * Edits a draw's dates and times; audited. Finalise: finalises it in this request instead, by the same streamed finaliser as the job,
 * audited before the effect (the figures are in the answer and the ledger).
 */
export async function changeDraw (db: Db, caller: Caller, input: { game: Game, drawId: number, edit: DrawEdit, finalise: boolean }): Promise<DrawAnswer | SettleSummary & { IsFinalised: true }> {
  const { game, drawId, edit } = input
  if (input.finalise) {
    await auditCall(db, caller, 'draw.finalise', { DrawId: drawId, inline: true })
    const summary = await finaliseDraw(db, drawId, caller.now)
    await refreshSettlementStatistics(db)
    return { ...summary, IsFinalised: true }
  }
  const saved = await db.transaction(async (tx) => {
    const row = await editDraw(tx, game, drawId, edit, caller.now)
    await auditCall(tx, caller, 'draw.edit', { DrawId: drawId, ...edit })
    return row
  })
  return toDrawAnswer(saved, caller.now)
}

/** Closes or reopens betting on a draw by hand; audited as the one or the other. */
export async function setDrawClosed (db: Db, caller: Caller, input: { game: Game, drawId: number, closed: boolean }): Promise<DrawAnswer> {
  const { game, drawId, closed } = input
  const saved = await db.transaction(async (tx) => {
    const row = await editDraw(tx, game, drawId, { Closed: closed }, caller.now)
    await auditCall(tx, caller, `draw.${closed ? 'close' : 'reopen'}`, { DrawId: drawId })
    return row
  })
  return toDrawAnswer(saved, caller.now)
}

/** The date asked (checked, naming the field) or the fallback. */
function dateOf (value: string | undefined, field: string, fallback: () => string): string {
  if (value === undefined || value === '') return fallback()
  if (!isIsoDate(value)) throw errors.fieldNotDate(field, value)
  return value
}

/** The draws of the week holding the date (today in the operator's zone when left out), of one series when named. */
export async function drawWeek (db: Db, caller: Caller, input: { game: Game, date?: string | undefined, series?: string | undefined }): Promise<DrawAnswer[]> {
  const { game } = input
  const week = weekOf(dateOf(input.date, 'querystring/Date', () => zoneDateOf(caller.now)))
  const series = input.series || undefined
  if (series !== undefined && !SERIES_OF[game].includes(series as Series)) throw drawErrors.badSeries(SERIES_OF[game].join(', '), game)
  return (await weekDraws(db, game, week, series as Series | undefined)).map((r) => toDrawAnswer(r, caller.now))
}

/** Queues the creation of the scheduled draws of the week holding the date (next week when left out) as a durable job; audited; answers its status. */
export async function queueDrawWeek (db: Db, caller: Caller, input: { game: Game, date?: string | undefined }): Promise<WeekJobStatus> {
  const { game } = input
  const week = weekOf(dateOf(input.date, 'body/Date', () => addDays(zoneDateOf(caller.now), 7)))
  const jobId = await queueWeekJob(db, game, week, caller.user.userId,
    (tx, id) => auditCall(tx, caller, 'draw.week', { WeekStart: week.start, JobId: id }))
  return await weekJobStatus(db, game, jobId) as WeekJobStatus
}

/** A week job's status (the latest when none is named), or 404. */
export async function drawWeekJob (db: Db, _caller: Caller, input: { game: Game, jobId?: number | undefined }): Promise<WeekJobStatus> {
  const status = await weekJobStatus(db, input.game, input.jobId)
  if (!status) throw drawErrors.weekJobNotFound(input.jobId ?? 0)
  return status
}
