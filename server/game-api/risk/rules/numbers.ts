// The number a limit or throw is about, written as bets store it.
import type { Game } from '../../../../schemas/game/index.ts'
import { outsetErrors } from '../errors.ts'
import { isTotoNumber } from '../../../../schemas/domain/toto-lines.ts'
import { isSideBet } from '../../../../schemas/domain/toto-bets.ts'

/** The number as bets store it: four digits (4D); TOTO numbers 1..49 sorted and two-digit ("01 02 03 04 05 06") or a side-bet type. */
export function normaliseNumber (game: Game, raw: string): string {
  const text = raw.trim().toUpperCase()
  if (game === '4D') {
    if (!/^\d{4}$/.test(text)) throw outsetErrors.badNumber(raw, 'a 4-digit number such as 1234')
    return text
  }
  if (isSideBet(text)) return text
  const numbers = text.split(/[\s,]+/).filter((p) => p !== '').map(Number)
  const valid = numbers.length >= 1 && numbers.length <= 12 && numbers.every(isTotoNumber) && new Set(numbers).size === numbers.length
  if (!valid) throw outsetErrors.badNumber(raw, 'a TOTO entry: 1 to 12 different numbers from 1 to 49 (such as 1 2 3 4 5 6), or a side bet (TO, TE, TT, 2*, …)')
  return numbers.sort((a, b) => a - b).map((n) => String(n).padStart(2, '0')).join(' ')
}
