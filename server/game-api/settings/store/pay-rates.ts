// Pay-rate tables as stored: the operator's ('*', what everyone without their own is paid by) or one user's own, per game.
import type { Queryable } from '../../../shared/db.ts'
import { DEFAULT_4D_PAY_RATES, DEFAULT_TOTO_PAY_RATES, type FourDPayRates, type TotoPayRates } from '../../../../schemas/game/index.ts'

/** The 4D tables a user is paid by (their own, else the operator's, else the built-in defaults); '*' is the operator's. */
export async function fourDRatesOf (q: Queryable, owner: string): Promise<FourDPayRates> {
  const { rows } = await q.query<{ rates: FourDPayRates }>(
    "SELECT rates FROM pay_rates WHERE game = '4D' AND user_id = ANY($1::text[]) ORDER BY user_id = '*' LIMIT 1", [[owner, '*']])
  return rows[0]?.rates ?? DEFAULT_4D_PAY_RATES
}

/** The TOTO rates a user is paid by (their own, else the operator's, else the built-in defaults). */
export async function totoRatesOf (q: Queryable, owner: string): Promise<TotoPayRates> {
  const { rows } = await q.query<{ rates: TotoPayRates }>(
    "SELECT rates FROM pay_rates WHERE game = 'TOTO' AND user_id = ANY($1::text[]) ORDER BY user_id = '*' LIMIT 1", [[owner, '*']])
  return rows[0]?.rates ?? DEFAULT_TOTO_PAY_RATES
}

/** Locks an owner's own 4D tables (when it has them) for the transaction, so two changes of one owner apply one after the other. */
export async function lockFourDRates (q: Queryable, owner: string): Promise<void> {
  await q.query("SELECT 1 FROM pay_rates WHERE game = '4D' AND user_id = $1 FOR UPDATE", [owner])
}

/** Writes an owner's own 4D tables. */
export async function writeFourDRates (q: Queryable, owner: string, rates: FourDPayRates, now: Date): Promise<void> {
  await q.query(
    `INSERT INTO pay_rates (user_id, game, rates, updated_at) VALUES ($1, '4D', $2, $3)
     ON CONFLICT (user_id, game) DO UPDATE SET rates = EXCLUDED.rates, updated_at = EXCLUDED.updated_at`, [owner, JSON.stringify(rates), now])
}

/** Whether an owner has tables of its own for a game (else it is paid by the operator's). */
export async function hasOwnRates (q: Queryable, owner: string, game: '4D' | 'TOTO'): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM pay_rates WHERE game = $1 AND user_id = $2', [game, owner])
  return rows.length > 0
}

/** Removes a user's own tables of a game (the user is then paid by the operator's); answers whether there were any. */
export async function removeOwnRates (q: Queryable, owner: string, game: '4D' | 'TOTO'): Promise<boolean> {
  const { rowCount } = await q.query('DELETE FROM pay_rates WHERE game = $1 AND user_id = $2', [game, owner])
  return rowCount > 0
}
