// Draw rows: created from the calendar when first needed, resolved from day codes or ids, and shaped for answers.
import type { Queryable } from '../../../shared/db.ts'
import { DRAW_WEEKDAYS, dayCodesOf, drawOn, drawsForDayCode, nextDraws, resolveDayCode, type DrawSeries, type Game, type IsoDate } from '../../betting/rules/index.ts'
import { zoneDayTime, zoneIso } from '../../../../schemas/domain/calendar.ts'
import { readCloseTimes } from './close-times.ts'
import { drawCloses } from './draw-closes.ts'
import { wallTimeOf } from './draw-times.ts'
import { bettingErrors } from '../../betting/errors.ts'
import { queueFixedForNewDraws } from '../../betting/store/fixed-on-new-draws.ts'
import { SERIES_OF, gameOfSeries } from '../rules/series.ts'

/** A draw as stored. */
export interface DrawRow {
  draw_id: number
  game: Game
  series: DrawSeries
  draw_date: string | Date
  close_at: Date | string
  special: boolean
  result: unknown
  is_finalised: boolean
  open_at?: Date | string | null
  closed_by_hand?: boolean
  finalise_count?: number
}

/** Where a draw stands: betting not yet open, open, closed (by time or by hand), result entered, finalised. */
export type DrawStatus = 'pending' | 'open' | 'closed' | 'result' | 'finalised'

/** A draw as the API answers it. */
export interface DrawAnswer {
  DrawId: number
  Game: Game
  DrawDate: string
  CloseDate: string
  Series: string
  Special: boolean
  IsFinalised: boolean
  HasResult: boolean
  OpenDate: string | null
  CloseTime: string
  ClosedByHand: boolean
  Status: DrawStatus
}

/** A date column as YYYY-MM-DD whatever the driver hands back (pg gives a local Date, PGlite a UTC one). */
export function isoDateOf (value: string | Date): IsoDate {
  if (typeof value === 'string') return value.slice(0, 10)
  const local = new Date(value.getTime() - value.getTimezoneOffset() * 60_000)
  // pg builds local midnight, PGlite UTC midnight: whichever is a midnight is the one used.
  return (value.getUTCHours() === 0 ? value : local).toISOString().slice(0, 10)
}

/** The status of a draw at `now`: the one reading the cut-off, the lists and the pages share. */
export function drawStatus (r: DrawRow, now: Date): DrawStatus {
  if (r.is_finalised) return 'finalised'
  if (r.result !== null && r.result !== undefined) return 'result'
  if (r.closed_by_hand === true || new Date(r.close_at).getTime() <= now.getTime()) return 'closed'
  if (r.open_at !== null && r.open_at !== undefined && new Date(r.open_at).getTime() > now.getTime()) return 'pending'
  return 'open'
}

/** Refuses a bet on any draw not open at `now` (closed, by hand or by time, not yet open, with a result or finalised). */
export function assertOpen (draws: DrawRow[], now: Date): void {
  for (const d of draws) {
    const status = drawStatus(d, now)
    // Times in a refusal are written as the user reads them; a draw stopped before its close time names no time at all.
    if (status === 'pending') throw bettingErrors.drawNotOpen(Number(d.draw_id), zoneDayTime(new Date(d.open_at as Date)))
    if (status === 'open') continue
    const closeAt = new Date(d.close_at)
    throw closeAt.getTime() <= now.getTime() ? bettingErrors.drawClosed(Number(d.draw_id), zoneDayTime(closeAt)) : bettingErrors.drawClosedEarly(Number(d.draw_id))
  }
}

/** Refuses to void a ticket on a draw that no longer takes bets, saying why (closed by hand or by time, result entered, finalised). */
export function assertVoidable (ticketNo: string, d: DrawRow, now: Date): void {
  const drawId = Number(d.draw_id)
  const status = drawStatus(d, now)
  if (status === 'finalised') throw bettingErrors.voidFinalised(ticketNo, drawId)
  if (status === 'result') throw bettingErrors.voidAfterResult(ticketNo, drawId)
  if (status === 'closed') throw d.closed_by_hand === true ? bettingErrors.voidClosedByHand(ticketNo, drawId) : bettingErrors.voidClosed(ticketNo, drawId, zoneDayTime(new Date(d.close_at)))
  if (status === 'pending') throw bettingErrors.drawNotOpen(drawId, zoneDayTime(new Date(d.open_at as Date)))
}

/** The answer shape of a draw row; its status is read at `now`. */
export function toDrawAnswer (r: DrawRow, now: Date = new Date()): DrawAnswer {
  return {
    DrawId: Number(r.draw_id),
    Game: r.game,
    DrawDate: isoDateOf(r.draw_date),
    CloseDate: zoneIso(new Date(r.close_at)),
    Series: r.series,
    Special: r.special,
    IsFinalised: r.is_finalised,
    HasResult: r.result !== null && r.result !== undefined,
    OpenDate: r.open_at === null || r.open_at === undefined ? null : zoneIso(new Date(r.open_at)),
    CloseTime: wallTimeOf(new Date(r.close_at)),
    ClosedByHand: r.closed_by_hand === true,
    Status: drawStatus(r, now)
  }
}

/** Inserts the draws of a series on these dates unless they exist; the new ones get the fixed process queued for them. */
export async function ensureDraws (q: Queryable, series: DrawSeries, dates: IsoDate[], now: Date): Promise<void> {
  if (dates.length === 0) return
  const closeTimes = await readCloseTimes(q)
  const draws = dates.map((date) => drawOn(series, date, closeTimes))
  const { rows } = await q.query<{ draw_id: number }>(
    `INSERT INTO draws (game, series, draw_date, close_at, special, created_at)
     SELECT $1, $2, d::date, c, s, $6 FROM unnest($3::text[], $4::timestamptz[], $5::boolean[]) AS x (d, c, s)
     ON CONFLICT (series, draw_date) DO NOTHING RETURNING draw_id`,
    [gameOfSeries(series), series, draws.map((d) => d.date), draws.map((d) => d.closesAt.toISOString()), draws.map((d) => d.special), now])
  await queueFixedForNewDraws(q, gameOfSeries(series), rows.map((r) => Number(r.draw_id)), null)
}

/** Makes sure the next open draws of every series of the game exist (a week ahead), so pickers never come up empty. */
export async function ensureUpcomingDraws (q: Queryable, game: Game, now: Date): Promise<void> {
  const closeTimes = await readCloseTimes(q)
  for (const series of SERIES_OF[game]) {
    const count = series === 'TOTO' ? 2 : series === 'MG4D' ? 4 : 3
    await ensureDraws(q, series, nextDraws(series, now, count, DRAW_WEEKDAYS[series], closeTimes).map((d) => d.date), now)
  }
}

/** The open draws a day code bets on at `now`, created when missing; 400 for an unknown code. */
export async function drawsOfDayCode (q: Queryable, game: Game, dayCode: string, now: Date): Promise<DrawRow[]> {
  const meaning = resolveDayCode(game, dayCode)
  if (meaning === undefined) throw bettingErrors.badDayCode(game, dayCode, dayCodesOf(game))
  const dates = drawsForDayCode(meaning, now, await drawCloses(q, game, now)).map((d) => d.date)
  await ensureDraws(q, meaning.series, dates, now)
  return drawsOn(q, meaning.series, dates)
}

/** The series' draws on these dates that exist, by date. */
export async function drawsOn (q: Queryable, series: DrawSeries, dates: readonly string[]): Promise<DrawRow[]> {
  const { rows } = await q.query<DrawRow>('SELECT * FROM draws WHERE series = $1 AND draw_date = ANY($2::date[]) ORDER BY draw_date', [series, dates])
  return rows
}

/** The draws of these ids that exist, by date and id (drawById reads one). */
export async function drawsByIds (q: Queryable, ids: number[]): Promise<DrawRow[]> {
  const { rows } = await q.query<DrawRow>('SELECT * FROM draws WHERE draw_id = ANY($1::int[]) ORDER BY draw_date, draw_id', [ids])
  return rows
}

/** The draws of these ids, each checked to exist, to be of the game and to be open at `now`. */
export async function openDrawsByIds (q: Queryable, game: Game, ids: number[], now: Date): Promise<DrawRow[]> {
  const rows = await drawsByIds(q, ids)
  for (const id of ids) {
    const draw = rows.find((r) => Number(r.draw_id) === id)
    if (!draw) throw bettingErrors.drawNotFound(id)
    if (draw.game !== game) throw bettingErrors.drawWrongGame(id, game)
  }
  assertOpen(rows, now)
  return rows
}
