// Reads a draw's bets a batch at a time in bet_id order (keyset paging), so no step ever holds the whole draw in memory.
import type { Queryable } from '../../../../../shared/db.ts'
import type { LevelRow, OpenBet } from './settle-batch.ts'

/** Bets per batch: large enough for few round trips, small enough for flat memory. */
export const BATCH_SIZE = 2000

/** The next batch of the draw's open bets after `afterBetId`. */
export async function openBetBatch (q: Queryable, drawId: number, afterBetId: number, limit = BATCH_SIZE): Promise<OpenBet[]> {
  const { rows } = await q.query<OpenBet>(
    `SELECT b.bet_id, b.ticket_id, b.user_id, b.number, b.form, b.numbers, b.big, b.small, b.units, b.pay_rate,
       CASE WHEN b.pay_rate IS NULL THEN COALESCE(own.rates, def.rates) END AS rates
     FROM bets b
     LEFT JOIN pay_rates own ON b.pay_rate IS NULL AND own.user_id = b.user_id AND own.game = b.game
     LEFT JOIN pay_rates def ON b.pay_rate IS NULL AND def.user_id = '*' AND def.game = b.game
     WHERE b.draw_id = $1 AND b.status = 'open' AND b.bet_id > $2 ORDER BY b.bet_id LIMIT $3`, [drawId, afterBetId, limit])
  return rows
}

/** The level rows of these bets (the winners of a batch: a few, so the chain is read only where a prize is shared). */
export async function levelRowsOf (q: Queryable, betIds: number[]): Promise<LevelRow[]> {
  if (betIds.length === 0) return []
  const { rows } = await q.query<LevelRow>(
    `SELECT bet_id, level, big_in, small_in, amount_in, big_intake, small_intake, amount_intake FROM bet_levels
     WHERE bet_id = ANY($1::bigint[]) ORDER BY bet_id, level`, [betIds])
  return rows
}
