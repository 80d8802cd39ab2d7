// Keeps the per-draw aggregates current inside the transaction that changes bets: placement and void add or take away whole tickets (settlement and reset write the payouts: draws/store/settled-totals.ts).
import type { Queryable } from '../../../shared/db.ts'
import { NUMBER_COLUMNS, NUMBER_KEY, USER_COLUMNS, USER_KEY, numberTotalsSelect, userTotalsSelect, type BetSource, type PlayedForms } from './draw-totals-sql.ts'

const OF_TICKETS = 'b.ticket_id = ANY($1::bigint[])'
/** Upserts of the bets of the tickets whose ids are $1 into each aggregate, each figure times sign; each answers its rows' keys and bets. */
const numberTotals = (sign: 1 | -1) => upsert('draw_number_totals', NUMBER_KEY, NUMBER_COLUMNS, numberTotalsSelect(OF_TICKETS, sign))
const userTotals = (sign: 1 | -1) => upsert('draw_user_totals', USER_KEY, USER_COLUMNS, userTotalsSelect(OF_TICKETS, sign))

/**
 * Adds (sign 1) or takes away (sign -1) these tickets' bets in both aggregates, in one statement; rows left with no bet go.
 * Every writer takes the number totals' rows before the user totals' rows (the union reads them in that order).
 */
export async function applyTicketTotals (q: Queryable, ticketIds: Array<number | string>, sign: 1 | -1): Promise<void> {
  if (ticketIds.length === 0) return
  const { rows } = await q.query<Record<string, unknown> & { totals: 'number' | 'user' }>(
    `WITH n AS (${numberTotals(sign)}), u AS (${userTotals(sign)})
     SELECT 'number' AS totals, draw_id, user_id, number, form, NULL::text AS bettor_id, NULL::int AS level FROM n WHERE bets = 0
     UNION ALL SELECT 'user', draw_id, user_id, NULL, NULL, bettor_id, level FROM u WHERE bets = 0`, [ticketIds.map(String)])
  await dropEmpty(q, 'draw_number_totals', NUMBER_KEY, rows.filter((r) => r.totals === 'number'))
  await dropEmpty(q, 'draw_user_totals', USER_KEY, rows.filter((r) => r.totals === 'user'))
}

/** The upserts adding a placement's own rows (its statement's CTEs, whose bets take forms) to each aggregate, to run in that statement: number totals first. */
export function placementTotals (bets: string, levels: string, forms: PlayedForms): { numbers: string, users: string } {
  const from: BetSource = { bets, levels }
  return {
    numbers: upsert('draw_number_totals', NUMBER_KEY, NUMBER_COLUMNS, numberTotalsSelect('true', 1, from, forms)),
    users: upsert('draw_user_totals', USER_KEY, USER_COLUMNS, userTotalsSelect('true', 1, from))
  }
}

/** Adds the rows of `select` to the table in key order (so concurrent placements lock them in one order), answering each row's key and bets. */
function upsert (table: string, key: readonly string[], columns: readonly string[], select: string): string {
  return `INSERT INTO ${table} (${[...key, ...columns].join(', ')})
     SELECT * FROM (${select}) AS x ORDER BY ${key.join(', ')}
     ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${columns.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ')}
     RETURNING ${key.join(', ')}, bets`
}

/** Drops the rows a void left with no bet. */
async function dropEmpty (q: Queryable, table: string, key: readonly string[], gone: Array<Record<string, unknown>>): Promise<void> {
  if (gone.length === 0) return
  await q.query(
    `DELETE FROM ${table} t USING (SELECT * FROM unnest(${key.map((k, i) => `$${i + 1}::${k === 'draw_id' || k === 'level' ? 'int' : 'text'}[]`).join(', ')}) AS g (${key.join(', ')})) AS g
     WHERE ${key.map((k) => `t.${k} = g.${k}`).join(' AND ')} AND t.bets = 0`, key.map((k) => gone.map((r) => r[k])))
}
