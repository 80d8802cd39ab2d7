// A level's Bet Special settings (server/docs/special-bets.md) and the lines one generation places from them.
import type { Queryable } from '../../../shared/db.ts'
import { specialNumbers, type SpecialPattern } from '../rules/special-numbers.ts'
import { roundMoney } from '../../../../schemas/game/money.ts'

/** Both settings of a level, defaults when it has no row yet. */
export interface BetSpecialSetting {
  patterns: SpecialPattern[]
  numbers: string[]
  big: number
  small: number
  bettorId: string
  series: 'SG4D' | 'MG4D'
  skipPlaced: boolean
  maxStake: number
}

/** The level's settings (no row: nothing chosen, the level itself as the account, SG4D, skipping numbers already bet, no cap). */
export async function loadBetSpecial (q: Queryable, userId: string): Promise<BetSpecialSetting> {
  const { rows: [r] } = await q.query<{ patterns: string[], numbers: string[], big: string, small: string, bettor_id: string | null, series: 'SG4D' | 'MG4D', skip_placed: boolean, max_stake: string }>(
    'SELECT patterns, numbers, big, small, bettor_id, series, skip_placed, max_stake FROM bet_special_settings WHERE user_id = $1', [userId])
  if (!r) return { patterns: [], numbers: [], big: 0, small: 0, bettorId: userId, series: 'SG4D', skipPlaced: true, maxStake: 0 }
  return {
    patterns: r.patterns as SpecialPattern[],
    numbers: r.numbers,
    big: Number(r.big),
    small: Number(r.small),
    bettorId: r.bettor_id ?? userId,
    series: r.series,
    skipPlaced: r.skip_placed,
    maxStake: Number(r.max_stake)
  }
}

/** Writes the level's settings whole (the route merges the fields it was given into the current ones first). */
export async function saveBetSpecial (q: Queryable, userId: string, s: BetSpecialSetting, by: string, now: Date): Promise<void> {
  await q.query(
    `INSERT INTO bet_special_settings (user_id, patterns, numbers, big, small, bettor_id, series, skip_placed, max_stake, updated_by, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (user_id) DO UPDATE SET patterns = EXCLUDED.patterns, numbers = EXCLUDED.numbers, big = EXCLUDED.big, small = EXCLUDED.small,
       bettor_id = EXCLUDED.bettor_id, series = EXCLUDED.series, skip_placed = EXCLUDED.skip_placed, max_stake = EXCLUDED.max_stake,
       updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
    [userId, s.patterns, s.numbers, s.big, s.small, s.bettorId === userId ? null : s.bettorId, s.series, s.skipPlaced, s.maxStake, by, now])
}

/** The numbers one generation places on a draw: the setting's, less those the account already bets on (SkipPlaced), cut at MaxStake. */
export async function linesToPlace (q: Queryable, s: BetSpecialSetting, drawId: number): Promise<string[]> {
  let numbers = specialNumbers(s.patterns, s.numbers)
  if (s.skipPlaced) {
    const { rows } = await q.query<{ number: string }>("SELECT DISTINCT number FROM bets WHERE draw_id = $1 AND user_id = $2 AND status <> 'void'", [drawId, s.bettorId])
    const placed = new Set(rows.map((r) => r.number))
    numbers = numbers.filter((n) => !placed.has(n))
  }
  if (s.maxStake > 0) {
    const each = roundMoney(s.big + s.small)
    numbers = numbers.slice(0, Math.floor((s.maxStake + 1e-9) / each))
  }
  return numbers
}
