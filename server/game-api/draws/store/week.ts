// A game's draws of one week: listed for the Draw Setting page, and created by the week job.
import type { Queryable } from '../../../shared/db.ts'
import type { DrawSeries, Game } from '../../../../schemas/game/index.ts'
import { SERIES_OF } from '../rules/series.ts'
import { drawDatesOfWeek, type Week } from '../rules/week.ts'
import { ensureDraws, drawsOn } from './draws.ts'
import type { DrawRow } from '../types.ts'

/** The game's draws in the week (of one series when given), by date and series. */
export async function weekDraws (q: Queryable, game: Game, week: Week, series?: DrawSeries): Promise<DrawRow[]> {
  const { rows } = await q.query<DrawRow>(
    `SELECT * FROM draws WHERE game = $1 AND draw_date BETWEEN $2 AND $3 AND ($4::text IS NULL OR series = $4)
     ORDER BY draw_date, series, draw_id`, [game, week.start, week.end, series ?? null])
  return rows
}

/** Creates the week's scheduled draws of every series of the game that are missing (their standing orders queued); answers how many were new. */
export async function createWeekDraws (q: Queryable, game: Game, week: Week, now: Date): Promise<{ created: number, scheduled: number }> {
  let created = 0
  let scheduled = 0
  for (const series of SERIES_OF[game]) {
    const dates = drawDatesOfWeek(series, week)
    const before = (await drawsOn(q, series, dates)).length
    await ensureDraws(q, series, dates, now)
    created += (await drawsOn(q, series, dates)).length - before
    scheduled += dates.length
  }
  return { created, scheduled }
}
