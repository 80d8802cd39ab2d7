// Keeps the per-draw aggregates current inside the transaction that changes bets: placement and void add or take away whole tickets, settlement and reset the payouts.
import type { Queryable } from '../../../shared/db.ts'
import { NUMBER_COLUMNS, NUMBER_KEY, USER_COLUMNS, USER_KEY, numberTotalsSelect, userTotalsSelect } from './draw-totals-sql.ts'

/** Adds (sign 1) or takes away (sign -1) these tickets' bets in both aggregates; rows left with no bet go. */
export async function applyTicketTotals (q: Queryable, ticketIds: Array<number | string>, sign: 1 | -1): Promise<void> {
  if (ticketIds.length === 0) return
  const where = 'b.ticket_id = ANY($1::bigint[])'
  await upsert(q, 'draw_number_totals', NUMBER_KEY, NUMBER_COLUMNS, numberTotalsSelect(where, sign), [ticketIds.map(String)])
  await upsert(q, 'draw_user_totals', USER_KEY, USER_COLUMNS, userTotalsSelect(where, sign), [ticketIds.map(String)])
}

/** Adds settled winners' payouts (the bet's, and each level's kept and passed-on parts) to draw_user_totals. */
export async function addSettledPayouts (q: Queryable, betIds: number[]): Promise<void> {
  if (betIds.length === 0) return
  await q.query(
    `UPDATE draw_user_totals t SET payout = t.payout + x.payout, kept_payout = t.kept_payout + x.kept, out_payout = t.out_payout + x.out
     FROM (SELECT b.draw_id, b.user_id AS bettor_id, l.user_id, l.level, sum(b.payout) AS payout, sum(l.intake_payout) AS kept, sum(l.out_payout) AS out
           FROM bets b JOIN bet_levels l ON l.bet_id = b.bet_id WHERE b.bet_id = ANY($1::bigint[]) GROUP BY 1, 2, 3, 4) AS x
     WHERE t.draw_id = x.draw_id AND t.bettor_id = x.bettor_id AND t.user_id = x.user_id AND t.level = x.level`, [betIds])
}

/** A reset draw pays nothing until it is finalised again. */
export async function clearDrawPayouts (q: Queryable, drawId: number): Promise<void> {
  await q.query('UPDATE draw_user_totals SET payout = 0, kept_payout = 0, out_payout = 0 WHERE draw_id = $1 AND (payout <> 0 OR kept_payout <> 0 OR out_payout <> 0)', [drawId])
}

/** Adds the rows of `select` to the table in key order (so concurrent placements lock them in one order), then drops rows with no bet left. */
async function upsert (q: Queryable, table: string, key: readonly string[], columns: readonly string[], select: string, params: unknown[]): Promise<void> {
  const { rows } = await q.query<Record<string, unknown>>(
    `INSERT INTO ${table} (${[...key, ...columns].join(', ')})
     SELECT * FROM (${select}) AS x ORDER BY ${key.join(', ')}
     ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${columns.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ')}
     RETURNING ${key.join(', ')}, bets`, params)
  const gone = rows.filter((r) => Number(r.bets) === 0)
  if (gone.length === 0) return
  await q.query(
    `DELETE FROM ${table} t USING (SELECT * FROM unnest(${key.map((k, i) => `$${i + 1}::${k === 'draw_id' || k === 'level' ? 'int' : 'text'}[]`).join(', ')}) AS g (${key.join(', ')})) AS g
     WHERE ${key.map((k) => `t.${k} = g.${k}`).join(' AND ')} AND t.bets = 0`, key.map((k) => gone.map((r) => r[k])))
}
