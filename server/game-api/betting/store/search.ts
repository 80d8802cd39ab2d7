// Finding bets by number: the group's bet rows with a 4D number, or holding a TOTO number (bet/search, bet/searchT).
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../rules/index.ts'
import { zoneIso } from '../../../../schemas/domain/calendar.ts'
import { isoDateOf } from '../../draws/api.ts'
import { downlineCte } from '../../lib/user-tree.ts'

/** The bet rows of `root`'s group of the game with that number (on one draw when given), newest first, 500 at most. */
export async function searchBets (q: Queryable, p: { root: string, game: Game, number: string, drawId: number | null }): Promise<Array<Record<string, unknown>>> {
  const number = p.number.trim()
  const { rows } = await q.query<Record<string, unknown> & { draw_date: string | Date, placed_at: Date }>(
    `WITH RECURSIVE ${downlineCte('down', { from: 'SELECT $1::text' })}
     SELECT t.ticket_no AS "TicketNo", b.user_id AS "UserId", b.draw_id AS "DrawId", d.draw_date, b.number AS "Number", b.form AS "Form",
       b.big::float8 AS "Big", b.small::float8 AS "Small", b.units::float8 AS "Units", b.amount::float8 AS "Amount", b.status AS "Status", b.payout::float8 AS "Payout", t.placed_at
     FROM bets b JOIN down ON down.user_id = b.user_id JOIN tickets t ON t.ticket_id = b.ticket_id JOIN draws d ON d.draw_id = b.draw_id
     WHERE b.game = $2 AND ($3::int IS NULL OR b.draw_id = $3)
       AND (b.number = $4 OR ($5::int IS NOT NULL AND b.numbers @> ARRAY[$5::int]))
     ORDER BY t.placed_at DESC, b.bet_id DESC LIMIT 500`, [p.root, p.game, p.drawId, number, p.game === 'TOTO' && /^\d{1,2}$/.test(number) ? Number(number) : null])
  return rows.map(({ draw_date: drawDate, placed_at: placedAt, ...r }) => ({ ...r, DrawDate: isoDateOf(drawDate), PlacedDate: zoneIso(new Date(placedAt)) }))
}
