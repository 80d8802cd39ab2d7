// A distributor rule as the API sends it, checked and turned into what is stored, without reading or writing any.
import type { Game } from '../../../../schemas/game/index.ts'
import { normaliseNumber } from './numbers.ts'
import { outsetErrors } from '../errors.ts'
import { inWholeCents } from '../../../../schemas/domain/cents.ts'

/** A rule as the API speaks it. Number: a number or 4D pattern (* for any digit); '' for every number. */
export interface RuleInput { Game: Game, Number?: string | undefined, Big?: number | undefined, Small?: number | undefined, Units?: number | undefined, Priority: number }

/** A stored rule. */
export interface Rule { ruleId: number, distributorId: number, game: Game, pattern: string, big: number, small: number, units: number, priority: number }

/** The rule checked and written as stored; `n` (1-based) names it in refusals. */
export function checkRule (n: number, input: RuleInput): Omit<Rule, 'ruleId' | 'distributorId'> {
  const game = input.Game
  for (const [field, value] of [['Big', input.Big], ['Small', input.Small], ['Units', input.Units]] as const) {
    if (value === undefined) continue
    if ((field === 'Units') !== (game === 'TOTO') && value !== 0) throw outsetErrors.ruleWrongField(n, field, game)
    if (!inWholeCents(value)) throw outsetErrors.ruleBadAmount(n, field)
  }
  const big = game === '4D' ? input.Big ?? 0 : 0
  const small = game === '4D' ? input.Small ?? 0 : 0
  const units = game === 'TOTO' ? input.Units ?? 0 : 0
  if (big + small + units <= 0) throw outsetErrors.ruleNoCap(n)
  return { game, pattern: patternOf(n, game, input.Number ?? ''), big, small, units, priority: input.Priority }
}

/** '' (every number), a 4D pattern of digits and * (any digit), or a TOTO entry as bets store it. */
function patternOf (n: number, game: Game, raw: string): string {
  const text = raw.trim().toUpperCase()
  if (text === '' || text === '*') return ''
  if (game === 'TOTO') return normaliseNumber(game, text)
  if (!/^[0-9*]{4}$/.test(text)) throw outsetErrors.ruleBadPattern(n, raw)
  return text
}
