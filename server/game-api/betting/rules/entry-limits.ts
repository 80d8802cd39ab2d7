// What one ticket may hold, the same on every entry path (form, text, upload, SMS, Telegram, fixed and special bets): checked once, by placeOrder.
import { bettingErrors } from '../errors.ts'

/** The most lines one ticket takes (bet/settings and bet/perm answer it as MaxLines). */
export const MAX_LINES_PER_TICKET = 200

/** The most draws one ticket bets on (a day code covers at most three). */
export const MAX_DRAWS_PER_TICKET = 20

/** Refuses a ticket past the entry limits, saying the limit in the bettor's words. */
export function assertEntryLimits (ticket: { lines: number, draws: number }): void {
  if (ticket.lines > MAX_LINES_PER_TICKET) throw bettingErrors.tooManyLines(ticket.lines, MAX_LINES_PER_TICKET)
  if (ticket.draws > MAX_DRAWS_PER_TICKET) throw bettingErrors.tooManyDraws(ticket.draws, MAX_DRAWS_PER_TICKET)
}
