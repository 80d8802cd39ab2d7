// TOTO settlement: prize groups hit by every combination a line covers, pick-n and odd/even/tie bets.
import { fromCents, toCents } from './money.ts'
import { DEFAULT_TOTO_PAY_RATES, TOTO_GROUPS, type TotoGroup, type TotoPayRates } from './pay-rates.ts'
import type { TotoLine } from './ticket.ts'
import { choose } from './toto-combinations.ts'
import { isTotoNumber, TOTO_BALLS } from '../domain/toto-lines.ts'
import { isParityBet, isSideBet } from '../domain/toto-bets.ts'

/** A TOTO draw result: six winning numbers and the additional number. */
export interface TotoResult {
  winning: number[]
  additional: number
}

/** A settled TOTO line: combinations per prize group (empty for pick-n and parity), whether it won, and the payout. */
export interface TotoSettlement {
  groups: Partial<Record<TotoGroup, number>>
  won: boolean
  payout: number
}

/** What is wrong with a result (six distinct winning numbers and a different additional, all 1-49), each naming its slot; empty when well formed. */
export function totoResultProblems (result: TotoResult): string[] {
  const problems: string[] = []
  if (result.winning.length !== 6) problems.push(`${result.winning.length} winning numbers, expected 6`)
  const slots = [...result.winning.map((n, i) => ({ slot: `Winning ${i + 1}`, n })), { slot: 'Additional', n: result.additional }]
  const seen = new Map<number, string>()
  for (const { slot, n } of slots) {
    if (!isTotoNumber(n)) problems.push(`${slot} "${Number.isNaN(n) ? '' : n}" must be a whole number from 1 to ${TOTO_BALLS}`)
    else if (seen.has(n)) problems.push(`${slot} "${n}" repeats ${seen.get(n)}: the winning numbers and the additional number must all differ`)
    else seen.set(n, slot)
  }
  return problems
}

/** The prize group of a combination with `winning` winning numbers and (or not) the additional number; undefined below 3. */
export function groupOf (winning: number, additional: boolean): TotoGroup | undefined {
  if (winning === 6) return 1
  if (winning === 5) return additional ? 2 : 3
  if (winning === 4) return additional ? 4 : 5
  if (winning === 3) return additional ? 6 : 7
  return undefined
}

/** How many of a line's combinations fall in each prize group, counted without listing them (System 12 covers 924). */
export function groupCounts (line: Pick<TotoLine, 'type' | 'numbers'>, result: TotoResult): Partial<Record<TotoGroup, number>> {
  // Every line is a fixed part plus `pick` numbers chosen from a pool: ordinary fixes all six, a system picks six, a roll picks one of the rest.
  const fixed = line.type === 'SYSTEM' ? [] : line.numbers
  const pool = line.type === 'SYSTEM' ? line.numbers : line.type === 'ROLL' ? allBalls().filter((n) => !line.numbers.includes(n)) : []
  const pick = 6 - fixed.length
  const winning = new Set(result.winning)
  const fixedWin = fixed.filter((n) => winning.has(n)).length
  const fixedAdd = fixed.includes(result.additional) ? 1 : 0
  const poolWin = pool.filter((n) => winning.has(n)).length
  const poolAdd = pool.includes(result.additional) ? 1 : 0
  const poolOther = pool.length - poolWin - poolAdd
  const counts: Partial<Record<TotoGroup, number>> = {}
  for (let w = 0; w <= pick; w++) {
    for (let a = 0; a <= Math.min(1, pick - w); a++) {
      const ways = choose(poolWin, w) * choose(poolAdd, a) * choose(poolOther, pick - w - a)
      const group = groupOf(fixedWin + w, fixedAdd + a === 1)
      if (ways > 0 && group !== undefined) counts[group] = (counts[group] ?? 0) + ways
    }
  }
  return counts
}

/** Whether a pick-n or odd/even/tie line wins: n* needs its numbers among the six, *n among the six and the additional; TO 4+ odd, TE 4+ even, TT 3 and 3. */
export function sideBetWins (line: Pick<TotoLine, 'type' | 'numbers'>, result: TotoResult): boolean {
  const odd = result.winning.filter((n) => n % 2 === 1).length
  switch (line.type) {
    case 'TO': return odd >= 4
    case 'TE': return odd <= 2
    case 'TT': return odd === 3
    case '2*': case '3*': case '4*': return line.numbers.every((n) => result.winning.includes(n))
    case '*2': case '*3': case '*4': return line.numbers.every((n) => result.winning.includes(n) || n === result.additional)
    default: return false
  }
}

/** Settles a TOTO line with the bettor's level's rates: units times the rate of every winning combination. */
export function settleTotoLine (line: Pick<TotoLine, 'type' | 'numbers' | 'units'>, result: TotoResult, rates: TotoPayRates = DEFAULT_TOTO_PAY_RATES): TotoSettlement {
  if (!isSideBet(line.type)) {
    const groups = groupCounts(line, result)
    const cents = TOTO_GROUPS.reduce((sum, g) => sum + toCents(line.units * (groups[g] ?? 0) * rates.groups[g]), 0)
    return { groups, won: Object.keys(groups).length > 0, payout: fromCents(cents) }
  }
  const won = sideBetWins(line, result)
  const rate = isParityBet(line.type) ? rates.parity[line.type] : rates.pick[line.type]
  return { groups: {}, won, payout: won ? fromCents(toCents(line.units * rate)) : 0 }
}

function allBalls (): number[] {
  return Array.from({ length: TOTO_BALLS }, (_, i) => i + 1)
}
