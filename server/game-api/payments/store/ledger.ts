// The append-only ledger: the one writer of AccBal (payments here, settlements in draws/store/ledger.ts write their own rows beside it).
import type { Queryable } from '../../../shared/db.ts'
import { zoneIso } from '../../../../schemas/domain/calendar.ts'
import type { Period } from '../rules/period.ts'
import { downlineCte } from '../../lib/user-tree.ts'

export type EntryKind = 'opening' | 'settlement' | 'payment_in' | 'payment_out' | 'reversal' | 'adjustment' | 'expense'

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

/** One user's statement line for a period: its own ledger figures, and its group's (itself and its whole downline) settled-bet figures. */
export interface StatementLine { UserId: string, Opening: number, WinLoss: number, Commission: number, Tax: number, PaidIn: number, PaidOut: number, Adjusted: number, Expenses: number, Closing: number, GroupWinLoss: number, GroupCommission: number, GroupTax: number }

/**
 * Per user of ids: the period's opening, win/loss (payout less stake), commission and tax of its settled bets, payments in and out
 * (reversals net into them) and closing, which is the opening plus all of these; and the same bet figures summed over its group,
 * so an upline's group figure is its own plus its direct downline's group figures.
 */
export async function statementSums (q: Queryable, ids: string[], period: Period): Promise<StatementLine[]> {
  // An opening entry is a balance from before the ledger, whenever it was written: it counts in Opening.
  // A reversal nets into the column of the entry it reverses (its kind, o.kind).
  const money = await q.query<{ user_id: string, opening: string, paid_in: string, paid_out: string, adjusted: string, expenses: string, closing: string }>(
    `SELECT u.user_id,
       coalesce(sum(l.amount) FILTER (WHERE l.created_at < $2 OR (l.kind = 'opening' AND l.created_at < $3)), 0) AS opening,
       coalesce(sum(l.amount) FILTER (WHERE l.created_at >= $2 AND l.created_at < $3 AND coalesce(o.kind, l.kind) = 'payment_in'), 0) AS paid_in,
       coalesce(sum(l.amount) FILTER (WHERE l.created_at >= $2 AND l.created_at < $3 AND coalesce(o.kind, l.kind) = 'payment_out'), 0) AS paid_out,
       coalesce(sum(l.amount) FILTER (WHERE l.created_at >= $2 AND l.created_at < $3 AND coalesce(o.kind, l.kind) = 'adjustment'), 0) AS adjusted,
       coalesce(sum(l.amount) FILTER (WHERE l.created_at >= $2 AND l.created_at < $3 AND coalesce(o.kind, l.kind) = 'expense'), 0) AS expenses,
       coalesce(sum(l.amount) FILTER (WHERE l.created_at < $3), 0) AS closing
     FROM unnest($1::text[]) AS u (user_id) LEFT JOIN ledger l ON l.user_id = u.user_id LEFT JOIN ledger o ON o.entry_id = l.reverses
     GROUP BY u.user_id`, [ids, period.start, period.end])
  // The draw ledger holds what settlement booked, by kind; deleted users stay in the tree, their bets were real.
  const bets = await q.query<{ user_id: string, win_loss: string, commission: string, tax: string, g_win_loss: string, g_commission: string, g_tax: string }>(
    `WITH RECURSIVE ${downlineCte('tree', { from: 'SELECT r, r FROM unnest($1::text[]) AS r', carry: { root: 'p.root' } })}
     SELECT t.root AS user_id,
       coalesce(sum(d.acc_bal) FILTER (WHERE t.user_id = t.root AND d.kind IN ('payout', 'stake')), 0) AS win_loss,
       coalesce(sum(d.acc_bal) FILTER (WHERE t.user_id = t.root AND d.kind = 'commission'), 0) AS commission,
       coalesce(sum(d.acc_bal) FILTER (WHERE t.user_id = t.root AND d.kind = 'tax'), 0) AS tax,
       coalesce(sum(d.acc_bal) FILTER (WHERE d.kind IN ('payout', 'stake')), 0) AS g_win_loss,
       coalesce(sum(d.acc_bal) FILTER (WHERE d.kind = 'commission'), 0) AS g_commission,
       coalesce(sum(d.acc_bal) FILTER (WHERE d.kind = 'tax'), 0) AS g_tax
     FROM tree t LEFT JOIN draw_ledger d ON d.user_id = t.user_id AND d.created_at >= $2 AND d.created_at < $3
     GROUP BY t.root`, [ids, period.start, period.end])
  const byUser = new Map(bets.rows.map((r) => [r.user_id, r]))
  return money.rows.map((r) => {
    const b = byUser.get(r.user_id)
    return {
      UserId: r.user_id,
      Opening: Number(r.opening),
      WinLoss: Number(b?.win_loss ?? 0),
      Commission: Number(b?.commission ?? 0),
      Tax: Number(b?.tax ?? 0),
      PaidIn: Number(r.paid_in),
      PaidOut: Number(r.paid_out),
      Adjusted: Number(r.adjusted),
      Expenses: Number(r.expenses),
      Closing: Number(r.closing),
      GroupWinLoss: Number(b?.g_win_loss ?? 0),
      GroupCommission: Number(b?.g_commission ?? 0),
      GroupTax: Number(b?.g_tax ?? 0)
    }
  }).sort((a, b) => a.UserId < b.UserId ? -1 : a.UserId > b.UserId ? 1 : 0)
}
