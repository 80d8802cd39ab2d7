// Pay rates per $1 (4D) or per unit (TOTO); the defaults are Singapore Pools' fixed prizes, operators set their own per level.
import type { TotoParityBet, TotoPickBet } from '../domain/toto-bets.ts'

/** 4D prize tiers, highest first. */
export type FourDTier = 'first' | 'second' | 'third' | 'starter' | 'consolation'

/** The tiers the Small bet covers. */
export const SMALL_TIERS: readonly FourDTier[] = ['first', 'second', 'third']

/** What $1 of Big and of Small pays in each tier. */
export interface FourDPayTable {
  big: Record<FourDTier, number>
  small: Record<'first' | 'second' | 'third', number>
}

/** An iBet's permutation class: how many distinct orderings its digits have (1234 → 24, 1123 → 12, 1122 → 6, 1112 → 4). */
export type IBetClass = '24' | '12' | '6' | '4'

/** Every iBet class, most permutations first. */
export const IBET_CLASSES: readonly IBetClass[] = ['24', '12', '6', '4']

/** The three tables of one level: N (straight and roll), I (iBet, one table per permutation class, per $1 of the whole iBet) and K (kBet). */
export interface FourDPayRates {
  N: FourDPayTable
  I: Record<IBetClass, FourDPayTable>
  K: FourDPayTable
}

/** Singapore Pools 4D prizes per $1. */
export const SINGAPORE_4D_PAY_TABLE: FourDPayTable = {
  big: { first: 2000, second: 1000, third: 490, starter: 250, consolation: 60 },
  small: { first: 3000, second: 2000, third: 800 }
}

/** Singapore Pools' published iBet prizes per $1 of the whole iBet, by permutation class (not the ordinary prize divided: 335, not 333.33). */
export const SINGAPORE_IBET_PAY_TABLE: Record<IBetClass, FourDPayTable> = {
  24: { big: { first: 83, second: 41, third: 20, starter: 10, consolation: 3 }, small: { first: 125, second: 83, third: 33 } },
  12: { big: { first: 166, second: 83, third: 40, starter: 20, consolation: 6 }, small: { first: 250, second: 167, third: 66 } },
  6: { big: { first: 335, second: 168, third: 85, starter: 41, consolation: 10 }, small: { first: 500, second: 333, third: 133 } },
  4: { big: { first: 500, second: 250, third: 127, starter: 62, consolation: 15 }, small: { first: 750, second: 500, third: 200 } }
}

/** Default rates: Singapore Pools' prizes for ordinary and kBet, its published iBet table per class. */
export const DEFAULT_4D_PAY_RATES: FourDPayRates = { N: SINGAPORE_4D_PAY_TABLE, I: SINGAPORE_IBET_PAY_TABLE, K: SINGAPORE_4D_PAY_TABLE }

/** The iBet class of a number, or undefined for four equal digits (one ordering: an iBet on it plays as a straight bet). */
export function iBetClassOf (number: string): IBetClass | undefined {
  const counts = [...number].reduce<Record<string, number>>((c, d) => ({ ...c, [d]: (c[d] ?? 0) + 1 }), {})
  const orderings = 24 / Object.values(counts).reduce((p, n) => p * [1, 1, 2, 6, 24][n]!, 1)
  return (IBET_CLASSES as readonly string[]).includes(String(orderings)) ? String(orderings) as IBetClass : undefined
}

/** The one table a 4D line settles by: N for straight and roll, K for kBet, the iBet class table for iBet (N when it has one ordering). */
export function fourDLineTable (rates: FourDPayRates, line: { form: string, number: string }): FourDPayTable {
  if (line.form === 'kbet') return rates.K
  if (line.form === 'ibet') {
    const cls = iBetClassOf(line.number)
    return cls === undefined ? rates.N : rates.I[cls]
  }
  return rates.N
}

/** TOTO prize groups 1 (six numbers) to 7 (three numbers). */
export type TotoGroup = 1 | 2 | 3 | 4 | 5 | 6 | 7

/** Every TOTO prize group, highest first. */
export const TOTO_GROUPS: readonly TotoGroup[] = [1, 2, 3, 4, 5, 6, 7]

/** What one unit pays: per prize group for ordinary, system and roll combinations, per type for pick-n and odd/even/tie. */
export interface TotoPayRates {
  groups: Record<TotoGroup, number>
  pick: Record<TotoPickBet, number>
  parity: Record<TotoParityBet, number>
}

/** Default TOTO rates: fixed odds in place of Singapore Pools' shared groups 1-4, its fixed prizes for groups 5-7. */
export const DEFAULT_TOTO_PAY_RATES: TotoPayRates = {
  groups: { 1: 1_000_000, 2: 100_000, 3: 1_500, 4: 450, 5: 50, 6: 25, 7: 10 },
  pick: { '2*': 60, '3*': 700, '4*': 10_000, '*2': 45, '*3': 400, '*4': 4_500 },
  parity: { TO: 2.5, TE: 2.8, TT: 2.7 }
}
