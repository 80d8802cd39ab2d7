// Moving live tickets to another account (POST bet/transfer, bet/transfer4): each is voided and placed again for the new owner by the one placement code.
import type { Queryable } from '../../../shared/db.ts'
import type { DrawSeries, Game, TotoBetType } from '../rules/index.ts'
import type { FourDLineInput, TotoLineInput } from '../types.ts'
import { bettingErrors } from '../errors.ts'
import { voidTicket } from './tickets.ts'
import { placeTickets, type TicketRequest } from './place.ts'

/** Which tickets move: named by ticketIds, or the one ticketNo, or (both null) every live ticket of the account on drawId. */
export interface TransferRequest { game: Game, fromUserId: string, toUserId: string, placedBy: string, ticketIds: number[] | null, ticketNo: string | null, drawId: number | null }

/** One moved ticket: the voided one and the one placed for the new owner. */
export interface MovedTicket { fromTicketNo: string, ticketNo: string, stake: number, drawIds: number[] }

interface TicketRow { ticket_id: string, ticket_no: string, user_id: string, series: string, day_code: string | null, loc_id: string | null, source: string, text: string | null, file_id: number | null }
interface LineRow { form: string, number: string, numbers: number[] | null, big: string, small: string, units: string }

const columns = 't.ticket_id, t.ticket_no, t.user_id, t.series, t.day_code, t.loc_id, t.source, t.text, t.file_id'

/** The tickets named by number (ticketNo, as a ticket list row holds it) or by id, locked; refuses a name that finds no ticket of the game. */
async function namedTickets (q: Queryable, r: TransferRequest): Promise<TicketRow[]> {
  if (r.ticketNo !== null) {
    const ticketNo = r.ticketNo.toUpperCase()
    const { rows } = await q.query<TicketRow>(`SELECT ${columns} FROM tickets t WHERE t.ticket_no = $1 AND t.game = $2 FOR UPDATE`, [ticketNo, r.game])
    if (rows.length === 0) throw bettingErrors.ticketNotFound(ticketNo)
    return rows
  }
  const ids = [...new Set(r.ticketIds ?? [])]
  const { rows } = await q.query<TicketRow>(`SELECT ${columns} FROM tickets t WHERE t.ticket_id = ANY($1::bigint[]) AND t.game = $2 ORDER BY t.ticket_id FOR UPDATE`, [ids, r.game])
  const missing = ids.filter((id) => !rows.some((t) => Number(t.ticket_id) === id))
  if (missing.length > 0) throw bettingErrors.ticketNotFound(missing.join(', '))
  return rows
}

/** The tickets the request names, locked; refuses an unknown ticket, another account's ticket, or a draw with nothing live to move. */
async function ticketsToMove (q: Queryable, r: TransferRequest): Promise<TicketRow[]> {
  if (r.ticketIds !== null || r.ticketNo !== null) {
    const rows = await namedTickets(q, r)
    const foreign = rows.find((t) => t.user_id !== r.fromUserId)
    if (foreign) throw bettingErrors.transferNotOwner(foreign.ticket_no, foreign.user_id, r.fromUserId)
    return rows
  }
  const { rows } = await q.query<TicketRow>(
    `SELECT ${columns} FROM tickets t WHERE t.user_id = $1 AND t.game = $2 AND t.status = 'active'
       AND EXISTS (SELECT 1 FROM bets b WHERE b.ticket_id = t.ticket_id AND b.draw_id = $3) ORDER BY t.ticket_id FOR UPDATE`, [r.fromUserId, r.game, r.drawId])
  if (rows.length === 0) throw bettingErrors.transferNothing(r.fromUserId, r.drawId ?? 0)
  return rows
}

/** A ticket's lines as placed (one bet row per line and draw: the first draw's row stands for the line). */
async function linesOf (q: Queryable, game: Game, ticketId: string): Promise<{ lines: Array<FourDLineInput | TotoLineInput>, drawIds: number[] }> {
  const { rows } = await q.query<LineRow>(
    'SELECT DISTINCT ON (line_no) form, number, numbers, big, small, units FROM bets WHERE ticket_id = $1 ORDER BY line_no, draw_id', [ticketId])
  const { rows: draws } = await q.query<{ draw_id: number }>('SELECT DISTINCT draw_id FROM bets WHERE ticket_id = $1 ORDER BY draw_id', [ticketId])
  const lines = rows.map((b): FourDLineInput | TotoLineInput => {
    if (game === '4D') return { number: b.number, form: b.form as FourDLineInput['form'], big: Number(b.big), small: Number(b.small) }
    const numbers = (b.numbers ?? []).map(Number)
    return { type: b.form as TotoBetType, numbers, units: Number(b.units), ...(b.form === 'SYSTEM' ? { system: numbers.length } : {}) }
  })
  return { lines, drawIds: draws.map((d) => Number(d.draw_id)) }
}

/**
 * Moves the tickets: each is voided under the void rules (every draw still takes bets, draws share-locked; the stake goes back)
 * and placed again for toUserId on the same draws, so its limits, line maximum and credit are checked anew. Run it in one transaction.
 */
export async function transferTickets (q: Queryable, r: TransferRequest, now: Date): Promise<MovedTicket[]> {
  const moved: MovedTicket[] = []
  for (const ticket of await ticketsToMove(q, r)) {
    const { lines, drawIds } = await linesOf(q, r.game, ticket.ticket_id)
    await voidTicket(q, ticket.ticket_no, now)
    const [placed] = await placeTickets(q, [{
      userId: r.toUserId,
      placedBy: r.placedBy,
      game: r.game,
      series: ticket.series as DrawSeries,
      drawIds,
      dayCode: ticket.day_code,
      locId: ticket.loc_id,
      source: ticket.source as TicketRequest['source'],
      text: ticket.text,
      fileId: ticket.file_id,
      ...(r.game === '4D' ? { fourD: lines as FourDLineInput[] } : { toto: lines as TotoLineInput[] })
    }], 'charge', now)
    if (placed) moved.push({ fromTicketNo: ticket.ticket_no, ticketNo: placed.ticketNo, stake: placed.stake, drawIds })
  }
  return moved
}
