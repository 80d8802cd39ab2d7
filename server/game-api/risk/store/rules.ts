// Distributor rules: which numbers a distributor takes, how much of each per draw (caps), in which order (priority); stored and matched (rules/distributor-rules.ts checks them).
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/game/index.ts'
import type { Rule } from '../rules/distributor-rules.ts'

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
