// Group expenses: a cost recorded against an agent's group for a day, charged to the group's head by a ledger entry (kind expense).
import type { Queryable } from '../../../shared/db.ts'
import { zoneIso } from '../../../../schemas/domain/calendar.ts'
import { appendEntry } from './ledger.ts'
import type { Period } from '../rules/period.ts'

/** One group expense as listed. */
export interface GroupExpense { ExpenseId: number, UserId: string, ExpenseDate: string, Amount: number, Description: string, EntryId: number, CreatedBy: string, CreatedDate: string }

interface Row { expense_id: string, user_id: string, expense_date: string, amount: string, description: string, entry_id: string, created_by: string, created_at: Date }

const toExpense = (r: Row): GroupExpense => ({
  ExpenseId: Number(r.expense_id),
  UserId: r.user_id,
  ExpenseDate: r.expense_date,
  Amount: Number(r.amount),
  Description: r.description,
  EntryId: Number(r.entry_id),
  CreatedBy: r.created_by,
  CreatedDate: zoneIso(new Date(r.created_at))
})

const SELECT = "SELECT expense_id, user_id, to_char(expense_date, 'YYYY-MM-DD') AS expense_date, amount, description, entry_id, created_by, created_at FROM group_expenses"

/** The live (not deleted) expenses of the given groups dated in the period, oldest first. */
export async function expensesOf (q: Queryable, userIds: string[], period: Pick<Period, 'from' | 'to'>): Promise<GroupExpense[]> {
  const { rows } = await q.query<Row>(`${SELECT} WHERE user_id = ANY($1::text[]) AND reversal_id IS NULL AND expense_date BETWEEN $2::date AND $3::date ORDER BY expense_date, expense_id`,
    [userIds, period.from, period.to])
  return rows.map(toExpense)
}

/** One live expense, or undefined. */
export async function liveExpense (q: Queryable, expenseId: number, forUpdate = false): Promise<GroupExpense | undefined> {
  const { rows } = await q.query<Row>(`${SELECT} WHERE expense_id = $1 AND reversal_id IS NULL${forUpdate ? ' FOR UPDATE' : ''}`, [expenseId])
  return rows[0] && toExpense(rows[0])
}

/** Records an expense and its charge to the group's head; call under the head's row lock. Answers the expense id. */
export async function addExpense (q: Queryable, e: { userId: string, date: string, amount: number, description: string, createdBy: string, now: Date }): Promise<number> {
  const entryId = await appendEntry(q, { userId: e.userId, kind: 'expense', amount: -e.amount, remarks: `group expense ${e.date}: ${e.description}`, createdBy: e.createdBy, now: e.now })
  const { rows } = await q.query<{ expense_id: string }>(
    'INSERT INTO group_expenses (user_id, expense_date, amount, description, entry_id, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING expense_id',
    [e.userId, e.date, e.amount, e.description, entryId, e.createdBy, e.now])
  return Number(rows[0]?.expense_id)
}

/** Deletes an expense: a reversing ledger entry gives the charge back; call under the head's row lock with the expense locked. */
export async function removeExpense (q: Queryable, expense: GroupExpense, by: string, now: Date): Promise<void> {
  const reversal = await appendEntry(q, { userId: expense.UserId, kind: 'reversal', amount: expense.Amount, reverses: expense.EntryId, remarks: `reverses group expense ${expense.ExpenseId}`, createdBy: by, now })
  await q.query('UPDATE group_expenses SET reversal_id = $2 WHERE expense_id = $1', [expense.ExpenseId, reversal])
}
