// The shapes the betting domain's store, jobs and routes share, kept apart so no two of them import each other for a type.
import type { DrawSeries, FourDLine, Game, TotoLine } from './rules/index.ts'

/** A 4D line to place: number, form and the Big and Small dollars on each number it plays. */
export type FourDLineInput = Pick<FourDLine, 'number' | 'form' | 'big' | 'small'>

/** A TOTO line to place: type, numbers, System size and units per combination. */
export type TotoLineInput = Pick<TotoLine, 'type' | 'numbers' | 'units'> & { system?: number | undefined }

/** One ticket to place on already-resolved open draws. */
export interface TicketRequest {
  userId: string
  placedBy: string
  game: Game
  series: DrawSeries
  drawIds: number[]
  dayCode: string | null
  locId: string | null
  source: 'web' | 'sms' | 'upload' | 'fixed' | 'special'
  text: string | null
  fileId?: number | null
  fourD?: FourDLineInput[]
  toto?: TotoLineInput[]
}

/** A files row: an uploaded bet file, its options and labels, and (once processed) its figures and line errors. */
export interface FileRow { file_id: number, user_id: string, name: string, game: Game, file_status: string, strict_number: boolean, accept_decimals: boolean, remarks: string, batch: string, content: string, line_count: number, placed_count: number, failed_count: number, uploaded_at: Date, errors: unknown, partner_id: number | null }
