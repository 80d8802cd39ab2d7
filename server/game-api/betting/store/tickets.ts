// Tickets as the pages read them: a page of a user's or a group's tickets, one ticket with its bets and level rows, and voiding.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../rules/index.ts'
import { zoneIso } from '../../../../schemas/domain/calendar.ts'
import { assertVoidable, isoDateOf, type DrawRow, drawTakesBetsSql } from '../../draws/api.ts'
import { bettingErrors } from '../errors.ts'
import { applyTicketTotals } from './draw-totals.ts'
import { releaseTicketIntake } from './intake-totals.ts'
import { downlineCte } from '../../lib/user-tree.ts'
import { ticketStatusSql } from './ticket-status.ts'
import type { TicketStatus } from '../rules/ticket-statuses.ts'

interface TicketRow {
  ticket_id: string,
  ticket_no: string,
  user_id: string,
  placed_by: string,
  game: string,
  series: string,
  day_code: string | null,
  source: string,
  text: string | null,
  stake: string,
  payout: string,
  status: TicketStatus,
  open: boolean,
  placed_at: Date,
  draw_ids: number[],
  draw_dates: Array<string | Date>
}

// now is the placeholder of the current instant: a ticket is open (voidable) while it is active and every one of its draws takes bets.
const ticketColumns = (now: string) => `t.ticket_id, t.ticket_no, t.user_id, t.placed_by, t.game, t.series, t.day_code, t.source, t.text, t.stake, ${ticketStatusSql('t')} AS status, t.placed_at,
  (SELECT COALESCE(sum(b.payout), 0) FROM bets b WHERE b.ticket_id = t.ticket_id) AS payout,
  (t.status = 'active' AND NOT EXISTS (SELECT 1 FROM bets b JOIN draws d ON d.draw_id = b.draw_id WHERE b.ticket_id = t.ticket_id AND NOT ${drawTakesBetsSql('d', now)})) AS open,
  ARRAY(SELECT DISTINCT b.draw_id FROM bets b WHERE b.ticket_id = t.ticket_id ORDER BY b.draw_id) AS draw_ids,
  ARRAY(SELECT DISTINCT d.draw_date::text FROM bets b JOIN draws d ON d.draw_id = b.draw_id WHERE b.ticket_id = t.ticket_id ORDER BY 1) AS draw_dates`

const toTicket = (r: TicketRow) => ({
  TicketId: Number(r.ticket_id),
  TicketNo: r.ticket_no,
  UserId: r.user_id,
  PlacedBy: r.placed_by,
  Game: r.game,
  Series: r.series,
  DayCode: r.day_code,
  Source: r.source,
  Text: r.text,
  Stake: Number(r.stake),
  Payout: Number(r.payout),
  Status: r.status,
  Open: r.open,
  PlacedDate: zoneIso(new Date(r.placed_at)),
  DrawIds: r.draw_ids.map(Number),
  DrawDates: r.draw_dates.map(isoDateOf)
})

/** A ticket as the API answers it. */
export type TicketAnswer = ReturnType<typeof toTicket>

/** What a ticket page asks: one user's tickets, or (userId null) the whole group under root (the caller's account); by draw or draw date. */
export interface TicketQuery { game: Game, root: string, userId: string | null, drawId: number | null, drawDate: string | null, page: number, pageSize: number, now: Date }

/** A page of tickets, newest first, with the total count. */
/** One page of tickets, newest first, with the count and the Stake and Payout sums of every ticket the filter finds, and the next page's number ('' after the last). */
export async function ticketsPage (q: Queryable, query: TicketQuery): Promise<{ rows: TicketAnswer[], total: number, totals: { Stake: number, Payout: number }, page: number, pageSize: number, nextPage: string }> {
  const where = `FROM tickets t WHERE t.game = $1
    AND (CASE WHEN $2::text IS NOT NULL THEN t.user_id = $2 ELSE t.user_id IN (
      WITH RECURSIVE ${downlineCte('down', { from: 'SELECT $3::text' })}
      SELECT user_id FROM down) END)
    AND ($4::int IS NULL OR EXISTS (SELECT 1 FROM bets b WHERE b.ticket_id = t.ticket_id AND b.draw_id = $4))
    AND ($5::date IS NULL OR EXISTS (SELECT 1 FROM bets b JOIN draws d ON d.draw_id = b.draw_id WHERE b.ticket_id = t.ticket_id AND d.draw_date = $5::date))`
  const params = [query.game, query.userId, query.root, query.drawId, query.drawDate]
  const { rows: [count] } = await q.query<{ n: string, stake: string | null, payout: string | null }>(
    `SELECT count(*) AS n, sum(t.stake) AS stake, (SELECT COALESCE(sum(b.payout), 0) FROM bets b WHERE b.ticket_id IN (SELECT t.ticket_id ${where})) AS payout ${where}`, params)
  const { rows } = await q.query<TicketRow>(`SELECT ${ticketColumns('$8::timestamptz')} ${where} ORDER BY t.placed_at DESC, t.ticket_id DESC LIMIT $6 OFFSET $7`,
    [...params, query.pageSize, (query.page - 1) * query.pageSize, query.now])
  const total = Number(count?.n ?? 0)
  const nextPage = query.page * query.pageSize < total ? String(query.page + 1) : ''
  return { rows: rows.map(toTicket), total, totals: { Stake: Number(count?.stake ?? 0), Payout: Number(count?.payout ?? 0) }, page: query.page, pageSize: query.pageSize, nextPage }
}

/** One ticket with its bet rows, the detail rows of every level (seed 001 §3 names) and its strikes; undefined when absent. */
export async function ticketView (q: Queryable, ticketNo: string, now: Date) {
  const { rows: [ticket] } = await q.query<TicketRow>(`SELECT ${ticketColumns('$2::timestamptz')} FROM tickets t WHERE t.ticket_no = $1`, [ticketNo.toUpperCase(), now])
  if (!ticket) return undefined
  // LineNo counts from 1, as people number lines and the .ara backup writes them (line_no is the 0-based index placed).
  const { rows: bets } = await q.query<Record<string, unknown> & { draw_date: string | Date }>(
    `SELECT b.bet_id::int AS "BetId", b.draw_id AS "DrawId", d.draw_date, b.line_no + 1 AS "LineNo", b.number AS "Number", b.form AS "Form", b.numbers AS "Numbers",
       b.big::float8 AS "Big", b.small::float8 AS "Small", b.units::float8 AS "Units", b.combinations AS "Combinations", b.amount::float8 AS "Amount", b.status AS "Status", b.payout::float8 AS "Payout"
     FROM bets b JOIN draws d ON d.draw_id = b.draw_id WHERE b.ticket_id = $1 ORDER BY b.line_no, d.draw_date`, [ticket.ticket_id])
  const { rows: levels } = await q.query(
    `SELECT l.bet_id::int AS "BetId", l.level AS "Level", l.user_id AS "UserId", b.number AS "Number", b.form AS "Type", b.number AS "TT", l.share::float8 AS "Share", l.commission::float8 AS "Commission",
       l.big_in::float8 AS "ttBigIn", l.small_in::float8 AS "ttSmallIn", l.amount_in::float8 AS "ttAmountIn",
       l.big_intake::float8 AS "ttBigIntake", l.small_intake::float8 AS "ttSmallIntake", l.amount_intake::float8 AS "ttAmountIntake",
       l.big_out::float8 AS "ttBigOut", l.small_out::float8 AS "ttSmallOut", l.amount_out::float8 AS "ttAmountOut",
       l.amount_in::float8 AS "ttUnitIn", l.amount_intake::float8 AS "ttUnitIntake", l.amount_out::float8 AS "ttUnitOut",
       l.max_payout::float8 AS "ttMaxPayout", l.intake_payout::float8 AS "IntakePayout", l.out_payout::float8 AS "OutPayout"
     FROM bet_levels l JOIN bets b ON b.bet_id = l.bet_id WHERE b.ticket_id = $1 ORDER BY l.bet_id, l.level`, [ticket.ticket_id])
  const { rows: strikes } = await q.query(
    `SELECT s.bet_id::int AS "BetId", s.draw_id AS "DrawId", s.number AS "Number", s.prize AS "Prize", s.rate_table AS "Table", s.big::float8 AS "Big", s.small::float8 AS "Small", s.hits AS "Hits", s.payout::float8 AS "Payout"
     FROM strikes s JOIN bets b ON b.bet_id = s.bet_id WHERE b.ticket_id = $1 ORDER BY s.strike_id`, [ticket.ticket_id])
  return { Ticket: toTicket(ticket), Bets: bets.map(({ draw_date: drawDate, ...b }) => ({ ...b, DrawDate: isoDateOf(drawDate) })), Levels: levels, Strikes: strikes }
}

/** Voids a ticket while every one of its draws takes bets (not closed by time or hand, no result, not finalised); gives a charged ticket's stake back to CreditLeft; answers the refund. */
export async function voidTicket (q: Queryable, ticketNo: string, now: Date): Promise<number> {
  const { rows: [ticket] } = await q.query<{ ticket_id: string, user_id: string, stake: string, charged: boolean, status: string }>(
    'SELECT ticket_id, user_id, stake, charged, status FROM tickets WHERE ticket_no = $1 FOR UPDATE', [ticketNo.toUpperCase()])
  if (!ticket) throw bettingErrors.ticketNotFound(ticketNo)
  if (ticket.status === 'void') throw bettingErrors.ticketVoid(ticketNo)
  // Shared locks: a draw cannot be closed, given its result or finalised between this check and the void.
  const { rows: draws } = await q.query<DrawRow>(
    'SELECT * FROM draws WHERE draw_id IN (SELECT draw_id FROM bets WHERE ticket_id = $1) ORDER BY close_at, draw_id FOR SHARE', [ticket.ticket_id])
  for (const draw of draws) assertVoidable(ticketNo, draw, now)
  // What the ticket's levels kept is free again under their out-setting limits (rows locked before the totals', as placement does).
  await releaseTicketIntake(q, ticket.ticket_id)
  // Taken out of the per-draw aggregates while its bets still read as placed.
  await applyTicketTotals(q, [ticket.ticket_id], -1)
  await q.query("UPDATE tickets SET status = 'void', voided_at = $2 WHERE ticket_id = $1", [ticket.ticket_id, now])
  await q.query("UPDATE bets SET status = 'void', settled_at = $2 WHERE ticket_id = $1", [ticket.ticket_id, now])
  // Voided bets keep their level rows for the record; reports read only bets that are not void.
  if (ticket.charged) await q.query('UPDATE users SET credit_left = credit_left + $2 WHERE user_id = $1', [ticket.user_id, ticket.stake])
  return ticket.charged ? Number(ticket.stake) : 0
}
