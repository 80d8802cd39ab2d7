// The append-only ledger: the one writer of AccBal (payments here, settlements in betting/store/settle.ts write their own rows beside it).
import type { Queryable } from '../../../../shared/db.ts'
import { zoneIso } from '../../../../../schemas/domain/calendar.ts'
import type { Period } from './period.ts'

export type EntryKind = 'opening' | 'settlement' | 'payment_in' | 'payment_out' | 'reversal'

/** One entry to append. */
export interface NewEntry { userId: string, kind: EntryKind, amount: number, remarks: string, createdBy: string, now: Date, reverses?: number }

/** Appends an entry and moves AccBal and CreditLeft by its amount in the same statement batch; answers the entry id. Call under the user's row lock. */
export async function appendEntry (q: Queryable, entry: NewEntry): Promise<number> {
  const { rows } = await q.query<{ entry_id: string }>(
    'INSERT INTO ledger (user_id, kind, amount, reverses, remarks, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING entry_id',
    [entry.userId, entry.kind, entry.amount, entry.reverses ?? null, entry.remarks, entry.createdBy, entry.now])
  await q.query('UPDATE users SET acc_bal = acc_bal + $2, credit_left = credit_left + $2 WHERE user_id = $1', [entry.userId, entry.amount])
  return Number(rows[0]?.entry_id)
}

/** A stored entry, as the statement lists it. */
export interface Entry { EntryId: number, UserId: string, Kind: EntryKind, Amount: number, DrawId: number | null, Reverses: number | null, ReversedBy: number | null, Remarks: string, CreatedBy: string | null, CreatedDate: string }

interface EntryRow { entry_id: string, user_id: string, kind: EntryKind, amount: string, draw_id: number | null, reverses: string | null, reversed_by: string | null, remarks: string, created_by: string | null, created_at: Date }

const SELECT = 'SELECT l.*, (SELECT r.entry_id FROM ledger r WHERE r.reverses = l.entry_id) AS reversed_by FROM ledger l'

const toEntry = (r: EntryRow): Entry => ({
  EntryId: Number(r.entry_id),
  UserId: r.user_id,
  Kind: r.kind,
  Amount: Number(r.amount),
  DrawId: r.draw_id === null ? null : Number(r.draw_id),
  Reverses: r.reverses === null ? null : Number(r.reverses),
  ReversedBy: r.reversed_by === null ? null : Number(r.reversed_by),
  Remarks: r.remarks,
  CreatedBy: r.created_by,
  CreatedDate: zoneIso(new Date(r.created_at))
})

/** One entry, or undefined. */
export async function entryById (q: Queryable, entryId: number): Promise<Entry | undefined> {
  const { rows } = await q.query<EntryRow>(`${SELECT} WHERE l.entry_id = $1`, [entryId])
  return rows[0] && toEntry(rows[0])
}

/** The user's balance before the period, its entries in it (oldest first) and the balance at its end. */
export async function statementOf (q: Queryable, userId: string, period: Period): Promise<{ Opening: number, Entries: Entry[], Closing: number }> {
  const opening = await q.query<{ s: string | null }>('SELECT sum(amount) AS s FROM ledger WHERE user_id = $1 AND created_at < $2', [userId, period.start])
  const { rows } = await q.query<EntryRow>(`${SELECT} WHERE l.user_id = $1 AND l.created_at >= $2 AND l.created_at < $3 ORDER BY l.created_at, l.entry_id`, [userId, period.start, period.end])
  const entries = rows.map(toEntry)
  const start = Number(opening.rows[0]?.s ?? 0)
  // Summed in cents so the closing figure has no binary remainder.
  const closing = (Math.round(start * 100) + entries.reduce((s, e) => s + Math.round(e.Amount * 100), 0)) / 100
  return { Opening: start, Entries: entries, Closing: closing }
}

/** Per user of ids: the period's opening, win/loss (settlements), payments in and out (reversals net into them) and closing. */
export async function statementSums (q: Queryable, ids: string[], period: Period) {
  const { rows } = await q.query<{ user_id: string, opening: string, win_loss: string, paid_in: string, paid_out: string, closing: string }>(
    `SELECT u.user_id,
       coalesce(sum(l.amount) FILTER (WHERE l.created_at < $2), 0) AS opening,
       coalesce(sum(l.amount) FILTER (WHERE l.created_at >= $2 AND l.created_at < $3 AND l.kind = 'settlement'), 0) AS win_loss,
       coalesce(sum(l.amount) FILTER (WHERE l.created_at >= $2 AND l.created_at < $3 AND (l.kind = 'payment_in' OR (l.kind = 'reversal' AND l.amount < 0))), 0) AS paid_in,
       coalesce(sum(l.amount) FILTER (WHERE l.created_at >= $2 AND l.created_at < $3 AND (l.kind = 'payment_out' OR (l.kind = 'reversal' AND l.amount > 0))), 0) AS paid_out,
       coalesce(sum(l.amount) FILTER (WHERE l.created_at < $3), 0) AS closing
     FROM unnest($1::text[]) AS u (user_id) LEFT JOIN ledger l ON l.user_id = u.user_id GROUP BY u.user_id ORDER BY u.user_id`, [ids, period.start, period.end])
  return rows.map((r) => ({ UserId: r.user_id, Opening: Number(r.opening), WinLoss: Number(r.win_loss), PaidIn: Number(r.paid_in), PaidOut: Number(r.paid_out), Closing: Number(r.closing) }))
}
