// The draw as stored and as answered: the shapes the draws module's layers share.
import type { DrawSeries, Game } from '../../../schemas/game/index.ts'

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
