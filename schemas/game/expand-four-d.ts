// A 4D line as the numbers it actually plays, each with its own Big and Small amount and pay-rate table.
import { uniquePermutations } from '../domain/permutations.ts'
import type { FourDLine } from './ticket.ts'

/** Pay-rate tables: N for straight and roll, I for iBet, K for kBet. */
export type RateTable = 'N' | 'I' | 'K'

/** One number a line plays, with the amounts riding on it. */
export interface PlayedNumber {
  number: string
  big: number
  small: number
  table: RateTable
}

/** The numbers a line plays: roll → the 10 numbers with the last digit 0-9, iBet → its permutations sharing the amount, kBet → its permutations at the full amount each. */
export function expand4d (line: Pick<FourDLine, 'number' | 'form' | 'big' | 'small'>): PlayedNumber[] {
  const { number, big, small } = line
  switch (line.form) {
    case 'straight':
      return [{ number, big, small, table: 'N' }]
    case 'roll':
      return Array.from({ length: 10 }, (_, digit) => ({ number: number.slice(0, 3) + String(digit), big, small, table: 'N' as const }))
    case 'ibet': {
      const permutations = uniquePermutations(number)
      return permutations.map((p) => ({ number: p, big: big / permutations.length, small: small / permutations.length, table: 'I' as const }))
    }
    case 'kbet':
      return uniquePermutations(number).map((p) => ({ number: p, big, small, table: 'K' as const }))
  }
}
