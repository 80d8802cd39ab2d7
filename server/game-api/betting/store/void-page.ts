// Voiding a page of tickets: every active ticket one upload placed, all or none (DELETE bet/page).
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../rules/index.ts'
import { bettingErrors } from '../errors.ts'
import { voidTicket } from './tickets.ts'

/** The page's owner and its active tickets (number, bettor and draws); undefined when the file is not of the game or absent. */
export async function pageTickets (q: Queryable, game: Game, fileId: number): Promise<{ owner: string, tickets: Array<{ ticketNo: string, userId: string, drawIds: number[] }> } | undefined> {
  const { rows: [file] } = await q.query<{ user_id: string }>('SELECT user_id FROM files WHERE file_id = $1 AND game = $2', [fileId, game])
  if (!file) return undefined
  const { rows } = await q.query<{ ticket_no: string, user_id: string, draw_ids: number[] }>(
    `SELECT t.ticket_no, t.user_id, ARRAY(SELECT DISTINCT b.draw_id FROM bets b WHERE b.ticket_id = t.ticket_id ORDER BY 1) AS draw_ids
     FROM tickets t WHERE t.file_id = $1 AND t.game = $2 AND t.status = 'active' ORDER BY t.ticket_id`, [fileId, game])
  return { owner: file.user_id, tickets: rows.map((r) => ({ ticketNo: r.ticket_no, userId: r.user_id, drawIds: r.draw_ids.map(Number) })) }
}

/** Voids every ticket under the rules of one void (GA_VOID_*): the first that may not be voided refuses the page; run it in one transaction. Answers the refund. */
export async function voidPage (q: Queryable, fileId: number, ticketNos: readonly string[], now: Date): Promise<number> {
  if (ticketNos.length === 0) throw bettingErrors.pageNothingToVoid(fileId)
  let refund = 0
  for (const ticketNo of ticketNos) refund += Math.round(await voidTicket(q, ticketNo, now) * 100)
  return refund / 100
}
