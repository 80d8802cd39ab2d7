// Draw rows: created from the calendar when first needed, and resolved from day codes or ids.
import type { Queryable } from '../../../shared/db.ts'
import type { Read } from '../../../shared/sql-params.ts'
import { DRAW_WEEKDAYS, dayCodesOf, drawOn, drawsForDayCode, nextDraws, resolveDayCode, type DrawSeries, type Game, type IsoDate } from '../../../../schemas/game/index.ts'
import { readCloseTimes } from './close-times.ts'
import { drawCloses } from './draw-closes.ts'
import { drawErrors } from '../errors.ts'
import { announceNewDraws } from './new-draws.ts'
import { SERIES_OF, gameOfSeries } from '../rules/series.ts'
import { assertOpenDrawsOf } from '../rules/draw-status.ts'
import type { DrawRow } from '../types.ts'

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
  await announceNewDraws(q, gameOfSeries(series), rows.map((r) => Number(r.draw_id)), null)
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
  const { series, dates } = await dayCodeDates(q, game, dayCode, now)
  await ensureDraws(q, series, dates, now)
  return drawsOn(q, series, dates)
}

/** The series and dates of the open draws a day code bets on at `now` (whether their rows exist yet or not); 400 for an unknown code. */
export async function dayCodeDates (q: Queryable, game: Game, dayCode: string, now: Date): Promise<{ series: DrawSeries, dates: IsoDate[] }> {
  const meaning = resolveDayCode(game, dayCode)
  if (meaning === undefined) throw drawErrors.badDayCode(game, dayCode, dayCodesOf(game))
  return { series: meaning.series, dates: drawsForDayCode(meaning, now, await drawCloses(q, game, now)).map((d) => d.date) }
}

/** The series' draws on these dates that exist, by date. */
export async function drawsOn (q: Queryable, series: DrawSeries, dates: readonly string[]): Promise<DrawRow[]> {
  const { rows } = await q.query<DrawRow>('SELECT * FROM draws WHERE series = $1 AND draw_date = ANY($2::date[]) ORDER BY draw_date', [series, dates])
  return rows
}

/** Draw rows as a read of readTogether answers them (JSON: the id a number, dates and times as text, which DrawRow allows). */
const drawRowsOf = (rows: Array<Record<string, unknown>>): DrawRow[] => rows.map((r) => ({ ...r, draw_id: Number(r.draw_id) }) as unknown as DrawRow)

/** drawsOn as one read of a statement made of several (readTogether). */
export function drawsOnRead (series: DrawSeries, dates: readonly string[]): Read<DrawRow[]> {
  return {
    sql: (add) => `SELECT * FROM draws WHERE series = ${add(series, 'text')} AND draw_date = ANY(${add(dates, 'date[]')}) ORDER BY draw_date`,
    parse: drawRowsOf
  }
}

/** The draws of these ids that exist, by date and id (drawById reads one). */
export async function drawsByIds (q: Queryable, ids: number[]): Promise<DrawRow[]> {
  const { rows } = await q.query<DrawRow>('SELECT * FROM draws WHERE draw_id = ANY($1::int[]) ORDER BY draw_date, draw_id', [ids])
  return rows
}

/** drawsByIds as one read of a statement made of several (readTogether). */
export function drawsByIdsRead (ids: number[]): Read<DrawRow[]> {
  return {
    sql: (add) => `SELECT * FROM draws WHERE draw_id = ANY(${add(ids, 'int[]')}) ORDER BY draw_date, draw_id`,
    parse: drawRowsOf
  }
}

/** The draws of these ids, each checked to exist, to be of the game and to be open at `now`. */
export async function openDrawsByIds (q: Queryable, game: Game, ids: number[], now: Date): Promise<DrawRow[]> {
  return assertOpenDrawsOf(await drawsByIds(q, ids), game, ids, now)
}
