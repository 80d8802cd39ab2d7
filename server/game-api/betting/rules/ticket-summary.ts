// A parsed ticket summed up for the "check my bet text" box (the web page and SMS answer it alike), without reading anything.
import { stakeOf, type ParseBetTextResult } from './index.ts'

/** A summary of a parsed ticket for the "check my bet text" box. */
export function ticketSummary (result: ParseBetTextResult) {
  if (!result.ok) return null
  const { ticket } = result
  const stake = stakeOf(ticket)
  return {
    UserId: ticket.userId,
    DayCode: ticket.dayCode,
    Series: ticket.series,
    DrawDates: ticket.draws.map((d) => d.date),
    Lines: ticket.game === '4D'
      ? ticket.lines.map((l) => ({ Number: l.number, Form: l.form, Big: l.big, Small: l.small }))
      : ticket.lines.map((l) => ({ Type: l.type, Numbers: l.numbers, Units: l.units })),
    StakePerDraw: stake.perDraw,
    Stake: stake.total
  }
}
