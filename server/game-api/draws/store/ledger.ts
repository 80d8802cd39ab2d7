// The draw ledger: the money finalising moves, booked set-based from the settled bets, and reversed entry by entry on reset.
import type { Queryable } from '../../../shared/db.ts'

/**
 * Books a finalised draw's money for run `run`: per charged bettor, payout and own commission add to AccBal and CreditLeft,
 * tax (the bettor's rate of the stake, in cents) is taken from both, the stake is booked to AccBal (CreditLeft paid it at placement). One INSERT … SELECT and one UPDATE, whatever the draw's size.
 */
export async function bookDrawMoney (q: Queryable, drawId: number, run: number, now: Date): Promise<void> {
  await q.query(
    `WITH m AS (
       SELECT b.user_id, sum(b.payout) AS payout, sum(COALESCE(l.commission, 0)) AS commission, sum(b.amount) AS stake,
         round(sum(b.amount) * max(u.tax), 2) AS tax
       FROM bets b JOIN tickets t ON t.ticket_id = b.ticket_id JOIN users u ON u.user_id = b.user_id
       LEFT JOIN bet_levels l ON l.bet_id = b.bet_id AND l.level = 0
       WHERE b.draw_id = $1 AND t.charged AND b.status IN ('won', 'lost')
       GROUP BY b.user_id)
     INSERT INTO draw_ledger (draw_id, run, user_id, kind, acc_bal, credit_left, created_at)
     SELECT $1, $2, m.user_id, k.kind, k.acc_bal, k.credit_left, $3 FROM m
     CROSS JOIN LATERAL (VALUES ('payout', m.payout, m.payout), ('commission', m.commission, m.commission), ('stake', -m.stake, 0::numeric), ('tax', -m.tax, -m.tax)) AS k (kind, acc_bal, credit_left)
     WHERE k.acc_bal <> 0 OR k.credit_left <> 0`, [drawId, run, now])
  await applyEntries(q, 'draw_id = $1 AND run = $2 AND reverses IS NULL', [drawId, run])
  // The account ledger (payments and statements) gets the same AccBal change, one settlement entry per user, so AccBal stays its sum.
  await q.query(
    `INSERT INTO ledger (user_id, kind, amount, draw_id, remarks, created_at)
     SELECT user_id, 'settlement', sum(acc_bal), draw_id, 'draw settled', $3 FROM draw_ledger
     WHERE draw_id = $1 AND run = $2 AND reverses IS NULL GROUP BY user_id, draw_id HAVING sum(acc_bal) <> 0`, [drawId, run, now])
  await q.query('UPDATE draws SET is_finalised = true, finalised_at = $2, finalise_count = $3 WHERE draw_id = $1', [drawId, now, run])
}

/** Writes a reversing entry for every entry of the draw not yet reversed and applies them; answers how many. */
export async function reverseDrawMoney (q: Queryable, drawId: number, now: Date): Promise<number> {
  const { rows } = await q.query<{ entry_id: string }>(
    `INSERT INTO draw_ledger (draw_id, run, user_id, kind, acc_bal, credit_left, reverses, created_at)
     SELECT e.draw_id, e.run, e.user_id, e.kind, -e.acc_bal, -e.credit_left, e.entry_id, $2 FROM draw_ledger e
     WHERE e.draw_id = $1 AND e.reverses IS NULL AND NOT EXISTS (SELECT 1 FROM draw_ledger r WHERE r.reverses = e.entry_id)
     RETURNING entry_id`, [drawId, now])
  if (rows.length > 0) {
    const ids = rows.map((r) => r.entry_id)
    await applyEntries(q, 'entry_id = ANY($1::bigint[])', [ids])
    await q.query(
      `INSERT INTO ledger (user_id, kind, amount, draw_id, remarks, created_at)
       SELECT user_id, 'settlement', sum(acc_bal), $2, 'draw reset', $3 FROM draw_ledger
       WHERE entry_id = ANY($1::bigint[]) GROUP BY user_id HAVING sum(acc_bal) <> 0`, [ids, drawId, now])
  }
  return rows.length
}

/** Adds the chosen entries to the users' AccBal and CreditLeft, one UPDATE for all of them. */
async function applyEntries (q: Queryable, where: string, params: unknown[]): Promise<void> {
  await q.query(
    `UPDATE users u SET acc_bal = u.acc_bal + x.a, credit_left = u.credit_left + x.c
     FROM (SELECT user_id, sum(acc_bal) AS a, sum(credit_left) AS c FROM draw_ledger WHERE ${where} GROUP BY user_id) AS x
     WHERE u.user_id = x.user_id`, params)
}
