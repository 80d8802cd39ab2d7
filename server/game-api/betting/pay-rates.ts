// Pay rates per $1 (4D) or per unit (TOTO); the defaults are Singapore Pools' fixed prizes, operators set their own per level.
import type { RateTable } from './expand-four-d.ts'

/** 4D prize tiers, highest first. */
export type FourDTier = 'first' | 'second' | 'third' | 'starter' | 'consolation'

/** The tiers the Small bet covers. */
export const SMALL_TIERS: readonly FourDTier[] = ['first', 'second', 'third']

/** What $1 of Big and of Small pays in each tier. */
export interface FourDPayTable {
  big: Record<FourDTier, number>
  small: Record<'first' | 'second' | 'third', number>
}

/** The three tables of one level: N (straight and roll), I (iBet, applied to each permutation's share) and K (kBet). */
export type FourDPayRates = Record<RateTable, FourDPayTable>

/** Singapore Pools 4D prizes per $1. */
export const SINGAPORE_4D_PAY_TABLE: FourDPayTable = {
  big: { first: 2000, second: 1000, third: 490, starter: 250, consolation: 60 },
  small: { first: 3000, second: 2000, third: 800 }
}

/** Default rates: all three tables pay Singapore Pools' prizes (an iBet thus pays the prize divided by its permutations). */
export const DEFAULT_4D_PAY_RATES: FourDPayRates = { N: SINGAPORE_4D_PAY_TABLE, I: SINGAPORE_4D_PAY_TABLE, K: SINGAPORE_4D_PAY_TABLE }

/** TOTO prize groups 1 (six numbers) to 7 (three numbers). */
export type TotoGroup = 1 | 2 | 3 | 4 | 5 | 6 | 7

/** Every TOTO prize group, highest first. */
export const TOTO_GROUPS: readonly TotoGroup[] = [1, 2, 3, 4, 5, 6, 7]

/** What one unit pays: per prize group for ordinary, system and roll combinations, per type for pick-n and odd/even/tie. */
export interface TotoPayRates {
  groups: Record<TotoGroup, number>
  pick: Record<'2*' | '3*' | '4*' | '*2' | '*3' | '*4', number>
  parity: Record<'TO' | 'TE' | 'TT', number>
}

/** Default TOTO rates: fixed odds in place of Singapore Pools' shared groups 1-4, its fixed prizes for groups 5-7. */
export const DEFAULT_TOTO_PAY_RATES: TotoPayRates = {
  groups: { 1: 1_000_000, 2: 100_000, 3: 1_500, 4: 450, 5: 50, 6: 25, 7: 10 },
  pick: { '2*': 60, '3*': 700, '4*': 10_000, '*2': 45, '*3': 400, '*4': 4_500 },
  parity: { TO: 2.5, TE: 2.8, TT: 2.7 }
}
