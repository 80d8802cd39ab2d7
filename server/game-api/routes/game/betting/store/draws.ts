// Draw rows: created from the calendar when first needed, resolved from day codes or ids, and shaped for answers.
import type { Queryable } from '../../../../../shared/db.ts'
import { closeTimeFor, dayCodesOf, drawOn, drawsForDayCode, nextDraws, resolveDayCode, type DrawSeries, type Game, type IsoDate } from '../../../../betting/index.ts'
import { toGmt8Iso } from '../../../../lib/gmt8.ts'
import { bettingErrors } from './errors.ts'

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
}

/** A draw as the API answers it. */
export interface DrawAnswer {
  DrawId: number
  DrawDate: string
  CloseDate: string
  Series: string
  Special: boolean
  IsFinalised: boolean
  HasResult: boolean
}

/** The series a game draws. */
export const SERIES_OF: Record<Game, DrawSeries[]> = { '4D': ['SG4D', 'MG4D'], TOTO: ['TOTO'] }

/** The game of a series. */
export const gameOfSeries = (series: DrawSeries): Game => series === 'TOTO' ? 'TOTO' : '4D'

/** A date column as YYYY-MM-DD whatever the driver hands back (pg gives a local Date, PGlite a UTC one). */
export function isoDateOf (value: string | Date): IsoDate {
  if (typeof value === 'string') return value.slice(0, 10)
  const local = new Date(value.getTime() - value.getTimezoneOffset() * 60_000)
  // pg builds local midnight, PGlite UTC midnight: whichever is a midnight is the one used.
  return (value.getUTCHours() === 0 ? value : local).toISOString().slice(0, 10)
}

/** The answer shape of a draw row. */
export function toDrawAnswer (r: DrawRow): DrawAnswer {
  return {
    DrawId: Number(r.draw_id),
    DrawDate: isoDateOf(r.draw_date),
    CloseDate: toGmt8Iso(new Date(r.close_at)),
    Series: r.series,
    Special: r.special,
    IsFinalised: r.is_finalised,
    HasResult: r.result !== null && r.result !== undefined
  }
}

/** Inserts the draws of a series on these dates unless they exist. */
export async function ensureDraws (q: Queryable, series: DrawSeries, dates: IsoDate[], now: Date): Promise<void> {
  if (dates.length === 0) return
  const draws = dates.map((date) => drawOn(series, date))
  await q.query(
    `INSERT INTO draws (game, series, draw_date, close_at, special, created_at)
     SELECT $1, $2, d::date, c, s, $6 FROM unnest($3::text[], $4::timestamptz[], $5::boolean[]) AS x (d, c, s)
     ON CONFLICT (series, draw_date) DO NOTHING`,
    [gameOfSeries(series), series, draws.map((d) => d.date), draws.map((d) => d.closesAt.toISOString()), draws.map((d) => d.special), now])
}

/** Makes sure the next open draws of every series of the game exist (a week ahead), so pickers never come up empty. */
export async function ensureUpcomingDraws (q: Queryable, game: Game, now: Date): Promise<void> {
  for (const series of SERIES_OF[game]) {
    const count = series === 'TOTO' ? 2 : series === 'MG4D' ? 4 : 3
    await ensureDraws(q, series, nextDraws(series, now, count).map((d) => d.date), now)
  }
}

/** The open draws a day code bets on at `now`, created when missing; 400 for an unknown code. */
export async function drawsOfDayCode (q: Queryable, game: Game, dayCode: string, now: Date): Promise<DrawRow[]> {
  const meaning = resolveDayCode(game, dayCode)
  if (meaning === undefined) throw bettingErrors.badDayCode(game, dayCode, dayCodesOf(game))
  const dates = drawsForDayCode(meaning, now).map((d) => d.date)
  await ensureDraws(q, meaning.series, dates, now)
  const { rows } = await q.query<DrawRow>('SELECT * FROM draws WHERE series = $1 AND draw_date = ANY($2::date[]) ORDER BY draw_date', [meaning.series, dates])
  return rows
}

/** The draws of these ids, each checked to exist, to be of the game and to be open at `now`. */
export async function openDrawsByIds (q: Queryable, game: Game, ids: number[], now: Date): Promise<DrawRow[]> {
  const { rows } = await q.query<DrawRow>('SELECT * FROM draws WHERE draw_id = ANY($1::int[]) ORDER BY draw_date, draw_id', [ids])
  for (const id of ids) {
    const draw = rows.find((r) => Number(r.draw_id) === id)
    if (!draw) throw bettingErrors.drawNotFound(id)
    if (draw.game !== game) throw bettingErrors.drawWrongGame(id, game)
    if (new Date(draw.close_at).getTime() <= now.getTime() || draw.is_finalised) throw bettingErrors.drawClosed(id, toGmt8Iso(new Date(draw.close_at)))
  }
  return rows
}

/** The close instant of a draw date, for draws created by hand. */
export const closeAtOf = (date: IsoDate): Date => closeTimeFor(date)
