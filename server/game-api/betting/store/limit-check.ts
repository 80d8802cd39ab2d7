// Limit Setting (issue 15): the most units one number and bet type may take in a draw, checked when a ticket is placed (risk's page sets them).
import type { Queryable } from '../../../shared/db.ts'
import type { Read } from '../../../shared/sql-params.ts'
import { roundMoney, type Game } from '../../../../schemas/game/index.ts'
import { bettingErrors } from '../errors.ts'

/** What a limit is about: a game's bet type and number (TOTO: the line's numbers sorted as two digits, or the side-bet type itself). */
export interface LimitKey { betType: string, number: string }

/** One bet a ticket is about to place, as the limit check sees it. */
export interface LimitedBet extends LimitKey { drawId: number, units: number }

/** Units already taken per draw, bet type and number, by bets not voided, for the draws, bet types and numbers named (bets.limit_number, by index). */
export async function takenUnits (q: Queryable, game: Game, drawIds: number[], betTypes: string[], numbers: string[]): Promise<Map<string, number>> {
  const { rows } = await q.query<{ draw_id: number, form: string, number: string, units: string }>(
    `SELECT b.draw_id, b.form, b.limit_number AS number, sum(b.amount) AS units FROM bets b
     WHERE b.draw_id = ANY($1::int[]) AND b.game = $2 AND b.form = ANY($3::text[]) AND b.status <> 'void' AND b.limit_number = ANY($4::text[])
     GROUP BY 1, 2, 3`, [drawIds, game, betTypes, numbers])
  return new Map(rows.map((r) => [takenKey(Number(r.draw_id), r.form, r.number), Number(r.units)]))
}

const takenKey = (drawId: number, betType: string, number: string) => `${drawId}|${betType}|${number}`

/**
 * The limits on these keys, as one read of placement's statement: each row locked (in id order, so two tickets on one limited number are
 * checked one after the other), or (lock false: a placement without a transaction, which takes one when any is found) only read.
 */
export function limitRowsRead (game: Game, keys: readonly LimitKey[], lock = true): Read<LimitRow[]> {
  return {
    sql: (add) => `SELECT l.bet_type, l.number, l.max_units FROM bet_limits l JOIN unnest(${add(keys.map((k) => k.betType), 'text[]')}, ${add(keys.map((k) => k.number), 'text[]')}) AS k (bet_type, number) USING (bet_type, number)
     WHERE l.game = ${add(game, 'text')} ORDER BY l.limit_id${lock ? ' FOR UPDATE OF l' : ''}`,
    parse: (rows) => rows.map((r) => ({ bet_type: String(r.bet_type), number: String(r.number), max_units: Number(r.max_units) }))
  }
}

/** A Limit Setting row as the check reads it. */
export interface LimitRow { bet_type: string, number: string, max_units: number }

/** Refuses the ticket when a bet would take a number and bet type past its limit in a draw (the limits read and locked by limitRowsRead), naming the number and what is left. */
export async function enforceLimits (q: Queryable, game: Game, bets: readonly LimitedBet[], limits: readonly LimitRow[]): Promise<void> {
  if (bets.length === 0 || limits.length === 0) return
  const max = new Map(limits.map((l) => [`${l.bet_type}|${l.number}`, Number(l.max_units)]))
  const limited = bets.filter((b) => max.has(`${b.betType}|${b.number}`))
  if (limited.length === 0) return
  const taken = await takenUnits(q, game, [...new Set(limited.map((b) => b.drawId))], [...new Set(limited.map((b) => b.betType))], [...new Set(limited.map((b) => b.number))])
  // The ticket's own bets on one number and draw add up (two lines of the same numbers count together).
  const asked = new Map<string, { bet: LimitedBet, units: number }>()
  for (const bet of limited) {
    const key = takenKey(bet.drawId, bet.betType, bet.number)
    asked.set(key, { bet, units: roundMoney((asked.get(key)?.units ?? 0) + bet.units) })
  }
  for (const [key, { bet, units }] of asked) {
    const left = roundMoney(Math.max(0, (max.get(`${bet.betType}|${bet.number}`) ?? 0) - (taken.get(key) ?? 0)))
    if (units > left) throw bettingErrors.limitReached(bet.number, bet.betType, bet.drawId, left, units)
  }
}
