// Distributor rules: which numbers a distributor takes, how much of each per draw (caps), in which order (priority); checked, stored, matched.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/game/index.ts'
import { normaliseNumber } from '../rules/numbers.ts'
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

/** Whether the rule takes that number. */
export function ruleMatches (rule: Pick<Rule, 'pattern'>, number: string): boolean {
  if (rule.pattern === '') return true
  if (rule.pattern.length !== number.length) return rule.pattern === number
  return [...rule.pattern].every((c, i) => c === '*' || c === number[i])
}

interface RuleRow { rule_id: number, distributor_id: number, game: Game, pattern: string, big_cap: string, small_cap: string, unit_cap: string, priority: number }
const toRule = (r: RuleRow): Rule => ({
  ruleId: Number(r.rule_id), distributorId: Number(r.distributor_id), game: r.game, pattern: r.pattern, big: Number(r.big_cap), small: Number(r.small_cap), units: Number(r.unit_cap), priority: Number(r.priority)
})

/** The rules of these distributors (one game, or both), lower priority first, then by distributor and the order they were given in. */
export async function rulesOf (q: Queryable, distributorIds: number[], game?: Game): Promise<Rule[]> {
  const { rows } = await q.query<RuleRow>(
    'SELECT * FROM distributor_rules WHERE distributor_id = ANY($1::int[]) AND ($2::text IS NULL OR game = $2) ORDER BY priority, distributor_id, rule_id', [distributorIds, game ?? null])
  return rows.map(toRule)
}

/** Replaces a distributor's rules (the caller holds its row lock). */
export async function replaceRules (q: Queryable, distributorId: number, rules: Array<Omit<Rule, 'ruleId' | 'distributorId'>>): Promise<void> {
  await q.query('DELETE FROM distributor_rules WHERE distributor_id = $1', [distributorId])
  for (const r of rules) {
    await q.query('INSERT INTO distributor_rules (distributor_id, game, pattern, big_cap, small_cap, unit_cap, priority) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [distributorId, r.game, r.pattern, r.big, r.small, r.units, r.priority])
  }
}

/** A rule as the API answers it. */
export const ruleAnswer = (r: Rule) => ({ RuleId: r.ruleId, Game: r.game, Number: r.pattern, Big: r.big, Small: r.small, Units: r.units, Priority: r.priority })
