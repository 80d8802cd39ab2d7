// How many six-number combinations a TOTO line stands for.
import type { TotoLine } from './ticket.ts'
import { TOTO_BALLS } from '../domain/toto-lines.ts'

/** Binomial coefficient C(n, k); 0 when k is out of 0..n. */
export function choose (n: number, k: number): number {
  if (k < 0 || k > n) return 0
  let result = 1
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i
  return Math.round(result)
}

/** Combinations a line covers: System n → C(n, 6), System Roll → 44, every other type → 1. */
export function combinationsOf (line: Pick<TotoLine, 'type' | 'numbers'>): number {
  if (line.type === 'SYSTEM') return choose(line.numbers.length, 6)
  if (line.type === 'ROLL') return TOTO_BALLS - line.numbers.length
  return 1
}
