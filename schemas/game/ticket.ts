// The shape of a parsed bet: a ticket with its draws and one line per number (4D) or entry (TOTO).
import type { Draw, DrawSeries } from '../domain/calendar.ts'
import type { TotoBetType } from '../domain/toto-bets.ts'

/** How a 4D number is played: as written, rolled (r), iBet (i) or kBet (k). */
export type NumberForm = 'straight' | 'roll' | 'ibet' | 'kbet'

export type { TotoBetType }

/** Where a line was written in the bet text (0-based character offset and length). */
export interface TextSpan {
  position: number
  length: number
}

/** One 4D bet line: a number, its form and the Big and Small amounts in dollars. */
export interface FourDLine extends TextSpan {
  number: string
  form: NumberForm
  big: number
  small: number
}

/** One TOTO bet line: the chosen numbers, the bet type, System size when SYSTEM, and units per combination. */
export interface TotoLine extends TextSpan {
  type: TotoBetType
  numbers: number[]
  system?: number
  units: number
  text: string
}

interface TicketBase {
  userId: string
  dayCode: string
  series: DrawSeries
  draws: Draw[]
}

/** A 4D ticket. */
export interface FourDTicket extends TicketBase {
  game: '4D'
  lines: FourDLine[]
}

/** A TOTO ticket. */
export interface TotoTicket extends TicketBase {
  game: 'TOTO'
  lines: TotoLine[]
}

/** A parsed ticket of either game. */
export type Ticket = FourDTicket | TotoTicket

/** A problem found in a bet text: where it is and what is wrong and expected there. */
export interface TextIssue extends TextSpan {
  message: string
}
