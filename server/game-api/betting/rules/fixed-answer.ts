// A stored fixed (standing) bet and how the API answers it, apart from the SQL that lists and writes them.
import type { Game } from './index.ts'
import type { FourDLineInput, TotoLineInput } from '../types.ts'
import { zoneIso } from '../../../../schemas/domain/calendar.ts'
import { linesText } from './lines.ts'

/** A fixed_bets row. */
export interface FixedRow { fixed_id: number, user_id: string, placed_by: string, game: Game, day_code: string, lines: Array<FourDLineInput | TotoLineInput>, stake_per_draw: string, active: boolean, created_at: Date }

/** A fixed bet as the API answers it (LinesText: its lines written back as bet text). */
export const toFixed = (r: FixedRow) => ({
  FixedId: Number(r.fixed_id),
  UserId: r.user_id,
  PlacedBy: r.placed_by,
  Game: r.game,
  DayCode: r.day_code,
  Lines: r.lines as unknown as Array<Record<string, unknown>>,
  LinesText: linesText(r.lines),
  StakePerDraw: Number(r.stake_per_draw),
  Active: r.active,
  CreatedDate: zoneIso(new Date(r.created_at))
})
