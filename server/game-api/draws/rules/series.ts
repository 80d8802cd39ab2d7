// Which draw series each game runs, and the game of a series: the one statement every list, close and new draw reads.
import type { DrawSeries, Game } from '../../../../schemas/game/index.ts'
import { DEFAULT_CLOSE_TIMES, DRAW_TIMES, type CloseTimes } from '../../../../schemas/domain/calendar.ts'

/** The series of each game's draws: 4D's Singapore and Magnum draws, TOTO's one. */
export const SERIES_OF: Record<Game, DrawSeries[]> = { '4D': ['SG4D', 'MG4D'], TOTO: ['TOTO'] }

/** The game a series' draws are of. */
export const gameOfSeries = (series: DrawSeries): Game => series === 'TOTO' ? 'TOTO' : '4D'

/** A series' setting as the API answers it. */
export function seriesAnswer (series: DrawSeries, times: CloseTimes): { Series: DrawSeries, CloseTime: string, DefaultCloseTime: string, DrawTime: string } {
  return { Series: series, CloseTime: times[series], DefaultCloseTime: DEFAULT_CLOSE_TIMES[series], DrawTime: DRAW_TIMES[series] }
}
