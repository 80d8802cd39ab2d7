// Whom payments are recorded for: users of the caller's downline with their balances.
import type { Queryable } from '../../../shared/db.ts'
import { downlineCte } from '../../lib/user-tree.ts'

/** A live user below the payer, with balance and credit left. */
export interface Payee { UserId: string, UserName: string, Role: string, AccBal: number, CreditLeft: number }

/** Every live user below userId (the whole downline, not only the direct one), by id. */
export async function payeesUnder (q: Queryable, userId: string): Promise<Payee[]> {
  const { rows } = await q.query<{ user_id: string, alias_id: string, role: string, acc_bal: string, credit_left: string }>(
    `WITH RECURSIVE ${downlineCte('down', { from: 'SELECT user_id FROM users WHERE parent_id = $1' })}
     SELECT u.user_id, u.alias_id, u.role, u.acc_bal, u.credit_left FROM users u JOIN down USING (user_id) WHERE u.deleted_at IS NULL ORDER BY u.user_id`, [userId])
  return rows.map((r) => ({ UserId: r.user_id, UserName: r.alias_id, Role: r.role, AccBal: Number(r.acc_bal), CreditLeft: Number(r.credit_left) }))
}

/** The live users directly under userId, by id, with their balance. */
export async function directPayees (q: Queryable, userId: string): Promise<Array<Omit<Payee, 'CreditLeft'>>> {
  const { rows } = await q.query<{ user_id: string, alias_id: string, role: string, acc_bal: string }>(
    'SELECT user_id, alias_id, role, acc_bal FROM users WHERE parent_id = $1 AND deleted_at IS NULL ORDER BY user_id', [userId])
  return rows.map((r) => ({ UserId: r.user_id, UserName: r.alias_id, Role: r.role, AccBal: Number(r.acc_bal) }))
}
