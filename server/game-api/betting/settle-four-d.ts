// 4D settlement: which prizes each played number took and what it pays.
import { expand4d, type RateTable } from './expand-four-d.ts'
import { fromCents, toCents } from './money.ts'
import { DEFAULT_4D_PAY_RATES, SMALL_TIERS, type FourDPayRates, type FourDTier } from './pay-rates.ts'
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

/** What is wrong with a result (23 four-digit numbers: 3 prizes, 10 starters, 10 consolations); empty when it is well formed. */
export function fourDResultProblems (result: FourDResult): string[] {
  const problems: string[] = []
  const check = (name: string, value: string): void => { if (!/^\d{4}$/.test(value)) problems.push(`${name} "${value}" must be a 4-digit number`) }
  check('first', result.first)
  check('second', result.second)
  check('third', result.third)
  if (result.starters.length !== 10) problems.push(`starters hold ${result.starters.length} numbers, expected 10`)
  if (result.consolations.length !== 10) problems.push(`consolations hold ${result.consolations.length} numbers, expected 10`)
  result.starters.forEach((n, i) => check(`starter ${i + 1}`, n))
  result.consolations.forEach((n, i) => check(`consolation ${i + 1}`, n))
  return problems
}

/** Every prize a number holds in a result, highest first; a number drawn twice holds (and is paid) twice. */
export function tiersOf (number: string, result: FourDResult): FourDTier[] {
  const tiers: FourDTier[] = []
  if (result.first === number) tiers.push('first')
  if (result.second === number) tiers.push('second')
  if (result.third === number) tiers.push('third')
  for (const n of result.starters) if (n === number) tiers.push('starter')
  for (const n of result.consolations) if (n === number) tiers.push('consolation')
  return tiers
}

/** Settles a 4D line against a result with the bettor's level's pay rates: Big pays in every tier, Small in the top three. */
export function settleFourDLine (line: Pick<FourDLine, 'number' | 'form' | 'big' | 'small'>, result: FourDResult, rates: FourDPayRates = DEFAULT_4D_PAY_RATES): FourDSettlement {
  const strikes: FourDStrike[] = []
  for (const played of expand4d(line)) {
    const table = rates[played.table]
    for (const tier of tiersOf(played.number, result)) {
      const smallRate = (SMALL_TIERS as readonly string[]).includes(tier) ? table.small[tier as keyof typeof table.small] : 0
      const payout = fromCents(toCents(played.big * table.big[tier] + played.small * smallRate))
      if (payout > 0) strikes.push({ ...played, tier, payout })
    }
  }
  return { strikes, payout: fromCents(strikes.reduce((sum, s) => sum + toCents(s.payout), 0)) }
}
