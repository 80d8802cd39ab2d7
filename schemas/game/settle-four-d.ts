// 4D settlement: which prizes each played number took and what it pays.
import { expand4d, type RateTable } from './expand-four-d.ts'
import { fromCents, toCents } from './money.ts'
import { uniquePermutations } from '../domain/permutations.ts'
import { DEFAULT_4D_PAY_RATES, SMALL_TIERS, fourDLineTable, type FourDPayRates, type FourDPayTable, type FourDTier } from './pay-rates.ts'
import type { FourDLine } from './ticket.ts'

/** A 4D draw result: 23 winning numbers by prize tier. */
export interface FourDResult {
  first: string
  second: string
  third: string
  starters: string[]
  consolations: string[]
}

/** One prize a played number took, with the amounts that rode on it and what it pays. */
export interface FourDStrike {
  number: string
  tier: FourDTier
  table: RateTable
  big: number
  small: number
  payout: number
}

/** A settled 4D line: its strikes and the total payout (the sum of the strikes, each rounded to cents). */
export interface FourDSettlement {
  strikes: FourDStrike[]
  payout: number
}

/** The 23 prize slots of a 4D result with their numbers, named as the result form names them (1st, Starter 3, Consolation 10). */
export function fourDSlots (result: FourDResult): Array<{ slot: string, number: string }> {
  return [
    { slot: '1st', number: result.first },
    { slot: '2nd', number: result.second },
    { slot: '3rd', number: result.third },
    ...result.starters.map((number, i) => ({ slot: `Starter ${i + 1}`, number })),
    ...result.consolations.map((number, i) => ({ slot: `Consolation ${i + 1}`, number }))
  ]
}

/** What is wrong with a result (23 distinct four-digit numbers: 3 prizes, 10 starters, 10 consolations), each naming its slot; empty when well formed. */
export function fourDResultProblems (result: FourDResult): string[] {
  const problems: string[] = []
  if (result.starters.length !== 10) problems.push(`starters hold ${result.starters.length} numbers, expected 10`)
  if (result.consolations.length !== 10) problems.push(`consolations hold ${result.consolations.length} numbers, expected 10`)
  const seen = new Map<string, string>()
  for (const { slot, number } of fourDSlots(result)) {
    if (!/^\d{4}$/.test(number)) problems.push(`${slot} "${number}" must be a 4-digit number`)
    else if (seen.has(number)) problems.push(`${slot} "${number}" repeats ${seen.get(number)}: each of the 23 numbers is drawn once`)
    else seen.set(number, slot)
  }
  return problems
}

/** Every prize a number holds in a result, highest first (entry refuses repeats, so at most one). */
export function tiersOf (number: string, result: FourDResult): FourDTier[] {
  const tiers: FourDTier[] = []
  if (result.first === number) tiers.push('first')
  if (result.second === number) tiers.push('second')
  if (result.third === number) tiers.push('third')
  for (const n of result.starters) if (n === number) tiers.push('starter')
  for (const n of result.consolations) if (n === number) tiers.push('consolation')
  return tiers
}

/**
 * Every number a 4D line can be written with and still win in this result: a prize number (straight), any ordering of one
 * (iBet and kBet play every ordering) and any sharing its first three digits (roll plays the ten last digits). A line written
 * with any other number wins nothing in any form, so settling may skip it (at most 23 × (24 + 10) numbers).
 */
export function fourDContenders (result: FourDResult): string[] {
  const numbers = new Set<string>()
  for (const { number } of fourDSlots(result)) {
    for (const p of uniquePermutations(number)) numbers.add(p)
    for (let digit = 0; digit < 10; digit++) numbers.add(number.slice(0, 3) + String(digit))
  }
  return [...numbers].sort()
}

/** Settles a 4D line against a result with the bettor's level's pay rates: Big pays in every tier, Small in the top three. */
export function settleFourDLine (line: Pick<FourDLine, 'number' | 'form' | 'big' | 'small'>, result: FourDResult, rates: FourDPayRates = DEFAULT_4D_PAY_RATES): FourDSettlement {
  return settleFourDLineAt(line, result, fourDLineTable(rates, line))
}

/**
 * Settles a 4D line by the one table it was sold at (bets keep their rate). An iBet's table is per $1 of the whole iBet,
 * so a winning permutation pays the line's whole amounts at its class rate; the other forms pay each played number's amounts.
 */
export function settleFourDLineAt (line: Pick<FourDLine, 'number' | 'form' | 'big' | 'small'>, result: FourDResult, table: FourDPayTable): FourDSettlement {
  const strikes: FourDStrike[] = []
  for (const played of expand4d(line)) {
    const amounts = line.form === 'ibet' ? { big: line.big, small: line.small } : { big: played.big, small: played.small }
    for (const tier of tiersOf(played.number, result)) {
      const smallRate = (SMALL_TIERS as readonly string[]).includes(tier) ? table.small[tier as keyof typeof table.small] : 0
      const payout = fromCents(toCents(amounts.big * table.big[tier] + amounts.small * smallRate))
      if (payout > 0) strikes.push({ number: played.number, table: played.table, ...amounts, tier, payout })
    }
  }
  return { strikes, payout: fromCents(strikes.reduce((sum, s) => sum + toCents(s.payout), 0)) }
}
