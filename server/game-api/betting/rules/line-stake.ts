// What one bet line stakes and the text its TOTO numbers are stored under, as pure functions placement and the fixed bets share.
import { combinationsOf, fourDLineStake, roundMoney, type Game } from './index.ts'
import type { FourDLineInput, TotoLineInput } from '../types.ts'

/** The text a TOTO line is stored under in the number column: two-digit numbers, or the side-bet type. */
export function totoNumberText (line: TotoLineInput): string {
  if (line.numbers.length === 0) return line.type
  return line.numbers.map((n) => String(n).padStart(2, '0')).join(' ')
}

/** What one line stakes in one draw, in dollars. */
export function lineStake (game: Game, line: FourDLineInput | TotoLineInput): number {
  if (game === 'TOTO') return roundMoney((line as TotoLineInput).units * combinationsOf(line as TotoLineInput))
  const stake = fourDLineStake({ ...(line as FourDLineInput), position: 0, length: 0 })
  return roundMoney(stake.big + stake.small)
}
