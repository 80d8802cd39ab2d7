// Draws of a game as the lists read them: newest first (all, of a series, with a result), those taking bets, and the results feed.
import type { Queryable } from '../../../shared/db.ts'
import type { DrawSeries, Game } from '../../../../schemas/game/index.ts'
import { drawNotClosedSql, drawTakesBetsSql } from './draw-conditions.ts'
import type { DrawRow } from '../types.ts'
import { existingDraw } from './draw-by-id.ts'
import { drawErrors } from '../errors.ts'
import { zoneDayTime } from '../../../../schemas/domain/calendar.ts'

/** Which draws a list shows. */
export interface DrawFilter { series?: DrawSeries, withResult?: boolean }

/** The game's draws, newest first, at most limit. */
export async function latestDraws (q: Queryable, game: Game, { series, withResult = false }: DrawFilter = {}, limit = 200): Promise<DrawRow[]> {
  const { rows } = await q.query<DrawRow>(
    `SELECT * FROM draws WHERE game = $1 AND ($2::text IS NULL OR series = $2)${withResult ? ' AND result IS NOT NULL' : ''}
     ORDER BY draw_date DESC, draw_id DESC LIMIT ${limit}`, [game, series ?? null])
  return rows
}

/** The game's draws that take bets at now, the next to close first. */
export async function drawsTakingBets (q: Queryable, game: Game, now: Date): Promise<DrawRow[]> {
  const { rows } = await q.query<DrawRow>(
    `SELECT * FROM draws WHERE game = $1 AND ${drawTakesBetsSql('draws', '$2')}
     ORDER BY close_at, series`, [game, now])
  return rows
}

/**
 * The game's draws whose outcome is still open at now: those taking bets and those closed awaiting their result or their
 * finalising (when exposure matters most), the closed ones first, then the first to close.
 */
export async function unsettledDraws (q: Queryable, game: Game, now: Date): Promise<DrawRow[]> {
  const { rows } = await q.query<DrawRow>(
    `SELECT * FROM draws WHERE game = $1 AND NOT is_finalised AND (${drawTakesBetsSql('draws', '$2')} OR NOT ${drawNotClosedSql('draws', '$2')})
     ORDER BY ${drawNotClosedSql('draws', '$2')}, close_at, series`, [game, now])
  return rows
}

/** A page of the game's draws with a result (newest first), within the dates and series when given, and how many there are in all. */
export async function resultsPage (q: Queryable, game: Game, filter: { from: string | null, to: string | null, series: string | null, limit: number }): Promise<{ rows: DrawRow[], count: number }> {
  const { rows } = await q.query<DrawRow & { total: string }>(
    `SELECT *, count(*) OVER () AS total FROM draws
     WHERE game = $1 AND result IS NOT NULL AND ($2::date IS NULL OR draw_date >= $2) AND ($3::date IS NULL OR draw_date <= $3) AND ($4::text IS NULL OR series = $4)
     ORDER BY draw_date DESC, draw_id DESC LIMIT $5`, [game, filter.from, filter.to, filter.series, filter.limit])
  return { rows, count: Number(rows[0]?.total ?? 0) }
}

/** A draw added by hand; undefined when the series has one on that date already. */
export async function insertDraw (q: Queryable, draw: { game: Game, series: DrawSeries, date: string, closeAt: Date, openAt: Date | null, special: boolean }, now: Date): Promise<DrawRow | undefined> {
  const { rows: [row] } = await q.query<DrawRow>(
    `INSERT INTO draws (game, series, draw_date, close_at, open_at, special, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (series, draw_date) DO NOTHING RETURNING *`, [draw.game, draw.series, draw.date, draw.closeAt, draw.openAt, draw.special, now])
  return row
}

/** Whether finalising has started on the draw: a settled bet, or a finalise job waiting or running. */
export async function finalisingStarted (q: Queryable, drawId: number, finaliseJob: string): Promise<boolean> {
  const { rows: [busy] } = await q.query(
    `SELECT 1 FROM bets WHERE draw_id = $1 AND status IN ('won', 'lost')
     UNION ALL SELECT 1 FROM jobs WHERE kind = $2 AND subject_id = $1 AND status IN ('queued', 'running') LIMIT 1`, [drawId, finaliseJob])
  return busy !== undefined
}

/** Writes the draw's result; answers the row after. */
export async function writeResult (q: Queryable, drawId: number, result: unknown, now: Date): Promise<DrawRow> {
  const { rows: [updated] } = await q.query<DrawRow>('UPDATE draws SET result = $2, result_entered_at = $3 WHERE draw_id = $1 RETURNING *', [drawId, JSON.stringify(result), now])
  return updated as DrawRow
}

/** Writes a result entered by hand or applied from an import, after the checks both share: not finalised, closed, finalising not started. */
export async function writeCheckedResult (q: Queryable, game: Game, drawId: number, result: unknown, now: Date, finaliseJob: string): Promise<DrawRow> {
  const draw = await existingDraw(q, drawId, { game, forUpdate: true })
  if (draw.is_finalised) throw drawErrors.drawFinalised(drawId)
  // Closed by hand counts as closed: the result may come before the scheduled close.
  if (new Date(draw.close_at).getTime() > now.getTime() && draw.closed_by_hand !== true) throw drawErrors.drawNotClosed(drawId, zoneDayTime(new Date(draw.close_at)))
  // Settled bets or a finalise job waiting mean finalising has started: the result it uses may no longer change.
  if (await finalisingStarted(q, drawId, finaliseJob)) throw drawErrors.drawBusy(drawId)
  return writeResult(q, drawId, result, now)
}

/** The game's draws with a result entered (the finalise step's list), newest first. */
export async function drawsWithResult (q: Queryable, game: Game, limit = 50): Promise<DrawRow[]> {
  const { rows } = await q.query<DrawRow>(
    `SELECT * FROM draws WHERE game = $1 AND result IS NOT NULL ORDER BY is_finalised, draw_date DESC, draw_id DESC LIMIT ${limit}`, [game])
  return rows
}
