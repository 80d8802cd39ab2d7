// Reads a draw's bets a batch at a time in bet_id order (keyset paging), so no step ever holds the whole draw in memory.
import type { Queryable } from '../../../shared/db.ts'
import { fourDContenders, type FourDResult } from '../../../../schemas/game/index.ts'
import type { DrawRow } from '../types.ts'
import type { LevelRow, OpenBet } from '../rules/settle-batch.ts'

/** Bets per batch: large enough for few round trips, small enough for flat memory. */
export const BATCH_SIZE = 2000

/**
 * The next batch after `afterBetId` of the draw's open bets that can win: for 4D only those written with a number that can
 * take a prize (fourDContenders, read through the open bets' (draw_id, number) index); every open TOTO bet.
 */
export async function openBetBatch (q: Queryable, draw: Pick<DrawRow, 'draw_id' | 'game' | 'result'>, afterBetId: number, limit = BATCH_SIZE): Promise<OpenBet[]> {
  const contenders = draw.game === '4D' ? fourDContenders(draw.result as FourDResult) : null
  const { rows } = await q.query<OpenBet>(
    `SELECT b.bet_id, b.ticket_id, b.user_id, b.number, b.form, b.numbers, b.big, b.small, b.units, b.pay_rate,
       CASE WHEN b.pay_rate IS NULL THEN COALESCE(own.rates, def.rates) END AS rates
     FROM bets b
     LEFT JOIN pay_rates own ON b.pay_rate IS NULL AND own.user_id = b.user_id AND own.game = b.game
     LEFT JOIN pay_rates def ON b.pay_rate IS NULL AND def.user_id = '*' AND def.game = b.game
     WHERE b.draw_id = $1 AND b.status = 'open' AND b.bet_id > $2 ${contenders === null ? '' : 'AND b.number = ANY($4::text[])'}
     ORDER BY b.bet_id LIMIT $3`, [draw.draw_id, afterBetId, limit, ...(contenders === null ? [] : [contenders])])
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
