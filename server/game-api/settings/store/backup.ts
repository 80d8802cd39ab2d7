// Backup ARA (issue 15): a draw's bets as .ara rows (server/docs/ara-format.md), the tickets not yet backed up, and marking them done.
import type { Queryable } from '../../../shared/db.ts'
import { zoneIso } from '../../../../schemas/domain/calendar.ts'
import type { Game } from '../../../../schemas/game/index.ts'
import { money, type BackupRow } from '../rules/ara-rows.ts'

/** One draw's backup state: its tickets, bets, and the tickets no backup has been marked done for. */
export interface BackupCount { DrawId: number, DrawDate: string, Series: string, Tickets: number, Bets: number, NotBackedUp: number, LastTicketId: number | null }

/** The game's draws with bets (newest first, or the one asked for) and what is left to back up; the ticket a backup covers up to is LastTicketId. */
export async function backupCounts (q: Queryable, game: Game, drawId: number | undefined, limit: number): Promise<BackupCount[]> {
  const { rows } = await q.query<{ draw_id: number, draw_date: string, series: string, tickets: number, bets: number, not_backed_up: number, last_ticket_id: string | null }>(
    `SELECT d.draw_id, d.draw_date::text AS draw_date, d.series, count(DISTINCT t.ticket_id)::int AS tickets, count(b.bet_id)::int AS bets,
            count(DISTINCT t.ticket_id) FILTER (WHERE t.ara_backed_up_at IS NULL)::int AS not_backed_up, max(t.ticket_id) AS last_ticket_id
     FROM draws d JOIN bets b ON b.draw_id = d.draw_id JOIN tickets t ON t.ticket_id = b.ticket_id AND t.status = 'active'
     WHERE d.game = $1 AND ($2::int IS NULL OR d.draw_id = $2)
     GROUP BY d.draw_id ORDER BY d.draw_date DESC, d.draw_id DESC LIMIT $3`, [game, drawId ?? null, limit])
  return rows.map((r) => ({ DrawId: Number(r.draw_id), DrawDate: r.draw_date, Series: r.series, Tickets: r.tickets, Bets: r.bets, NotBackedUp: r.not_backed_up, LastTicketId: r.last_ticket_id === null ? null : Number(r.last_ticket_id) }))
}

/** Narrows the lines to one uploaded file's tickets and/or to the bets of some users (bet/page/exportAra). */
export interface BackupScope { fileId?: number, userIds?: string[] }

/** The backup lines of a draw's (or, with none, of any draw's) live tickets up to a ticket id (all with none), in ticket and line order; onlyNew keeps tickets not backed up yet. */
export async function backupRows (q: Queryable, drawId: number | null, upTo: number | null, onlyNew: boolean, scope: BackupScope = {}): Promise<BackupRow[]> {
  const { rows } = await q.query<{ ticket_no: string, user_id: string, placed_by: string, source: string, draw_id: number, draw_date: string, series: string, line_no: number, number: string, form: string, big: string, small: string, units: string, combinations: number, amount: string, status: string, placed_at: Date }>(
    `SELECT t.ticket_no, b.user_id, t.placed_by, t.source, b.draw_id, d.draw_date::text AS draw_date, d.series, b.line_no, b.number, b.form, b.big, b.small, b.units, b.combinations, b.amount, b.status, t.placed_at
     FROM bets b JOIN tickets t ON t.ticket_id = b.ticket_id AND t.status = 'active' JOIN draws d ON d.draw_id = b.draw_id
     WHERE ($1::int IS NULL OR b.draw_id = $1) AND ($2::bigint IS NULL OR t.ticket_id <= $2) AND (NOT $3 OR t.ara_backed_up_at IS NULL)
       AND ($4::int IS NULL OR t.file_id = $4) AND ($5::text[] IS NULL OR b.user_id = ANY($5::text[]))
     ORDER BY t.ticket_id, b.draw_id, b.line_no`, [drawId, upTo, onlyNew, scope.fileId ?? null, scope.userIds ?? null])
  return rows.map((r) => ({
    TicketNo: r.ticket_no,
    UserId: r.user_id,
    PlacedBy: r.placed_by,
    Source: r.source,
    DrawId: String(r.draw_id),
    DrawDate: String(r.draw_date),
    Series: r.series,
    LineNo: String(r.line_no + 1),
    Number: r.number,
    Form: r.form,
    Big: money(r.big),
    Small: money(r.small),
    Units: money(r.units),
    Combinations: String(r.combinations),
    Amount: money(r.amount),
    Status: r.status,
    PlacedDate: zoneIso(new Date(r.placed_at))
  }))
}

/** Marks a draw's live tickets (up to a ticket id, all with none) as backed up; answers how many were not yet. */
export async function markBackedUp (q: Queryable, drawId: number, upTo: number | null, now: Date): Promise<number> {
  const { rowCount } = await q.query(
    `UPDATE tickets t SET ara_backed_up_at = $3 WHERE t.status = 'active' AND t.ara_backed_up_at IS NULL AND ($2::bigint IS NULL OR t.ticket_id <= $2)
     AND EXISTS (SELECT 1 FROM bets b WHERE b.ticket_id = t.ticket_id AND b.draw_id = $1)`, [drawId, upTo, now])
  return rowCount
}
