// Throwing a level's excess out by distributor rules: each number's excess goes to the first rule's distributor up to its cap, the rest to the next.
import type { Queryable } from '../../../shared/db.ts'
import { roundMoney, type Game } from '../../../../schemas/game/index.ts'
import { lockLevelIntake, reachedWhere, standings } from './excess.ts'
import { above } from '../rules/limit-excess.ts'
import { ruleMatches, rulesOf } from './rules.ts'
import type { Rule } from '../rules/distributor-rules.ts'
import { usableBy } from './distributors.ts'

/** Whose excess, of which draw, to which distributors (all the level may use when none is named). */
export interface RuleThrowScope { game: Game, drawId: number, userId: string, distributorId?: number | undefined }

/** What a run did: numbers that had excess, throw rows written, numbers left with excess no rule took. */
export interface RuleThrowOutcome { numbers: number, throws: number, kept: number }

type Amounts = { big: number, small: number, units: number }
const FIELDS = ['big', 'small', 'units'] as const
const cents = (v: number) => roundMoney(Math.floor(v * 100 + 1e-6) / 100)

/**
 * Runs inside the caller's transaction: locks the level's intake rows of the draw (as placement and throws do), then the distributors
 * in id order (so two levels sharing one cannot both fill its cap), reads what each already took per number, and throws.
 */
export async function throwByRules (tx: Queryable, scope: RuleThrowScope, by: string, now: Date, step: (done: number, total: number, thrown: number) => Promise<void>): Promise<RuleThrowOutcome> {
  const { game, drawId, userId } = scope
  await lockLevelIntake(tx, drawId, userId)
  const { rows: outlets } = await tx.query<{ distributor_id: number }>(
    `SELECT d.distributor_id FROM distributors d WHERE d.deleted_at IS NULL AND ${usableBy('$1')} AND ($2::int IS NULL OR d.distributor_id = $2)
     ORDER BY d.distributor_id FOR UPDATE OF d`, [userId, scope.distributorId ?? null])
  const ids = outlets.map((o) => Number(o.distributor_id))
  const rules = await rulesOf(tx, ids, game)
  const taken = await takenSoFar(tx, drawId, ids)
  const rows = await standings(tx, game, drawId, userId, reachedWhere(true))
  const outcome: RuleThrowOutcome = { numbers: 0, throws: 0, kept: 0 }
  for (const [i, r] of rows.entries()) {
    const left: Amounts = { big: above(r.big, r.lb), small: above(r.small, r.ls), units: above(r.units, r.lu) }
    if (left.big + left.small + left.units <= 0) continue
    outcome.numbers++
    for (const rule of firstRulePerDistributor(rules, r.number)) {
      const had = taken.get(`${rule.distributorId} ${r.number}`) ?? { big: 0, small: 0, units: 0 }
      const take: Amounts = { big: 0, small: 0, units: 0 }
      for (const f of FIELDS) take[f] = cents(Math.max(0, Math.min(left[f], rule[f] - had[f])))
      if (take.big + take.small + take.units <= 0) continue
      await tx.query(
        `INSERT INTO throws (draw_id, user_id, distributor_id, game, number, big, small, units, created_by, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`, [drawId, userId, rule.distributorId, game, r.number, take.big, take.small, take.units, by, now])
      outcome.throws++
      for (const f of FIELDS) { had[f] = roundMoney(had[f] + take[f]); left[f] = roundMoney(left[f] - take[f]) }
      taken.set(`${rule.distributorId} ${r.number}`, had)
    }
    if (left.big + left.small + left.units > 0) outcome.kept++
    await step(i + 1, rows.length, outcome.numbers)
  }
  return outcome
}

/** Per distributor, its first rule (by priority) that takes the number; the distributors in that rule order. */
function firstRulePerDistributor (rules: Rule[], number: string): Rule[] {
  const seen = new Set<number>()
  return rules.filter((rule) => {
    if (seen.has(rule.distributorId) || !ruleMatches(rule, number)) return false
    seen.add(rule.distributorId)
    return true
  })
}

/** What each distributor already took of each number of the draw, from every level that threw to it ("distributorId number" keys). */
async function takenSoFar (q: Queryable, drawId: number, ids: number[]): Promise<Map<string, Amounts>> {
  const { rows } = await q.query<{ distributor_id: number, number: string, big: string, small: string, units: string }>(
    'SELECT distributor_id, number, sum(big) AS big, sum(small) AS small, sum(units) AS units FROM throws WHERE draw_id = $1 AND distributor_id = ANY($2::int[]) GROUP BY distributor_id, number', [drawId, ids])
  return new Map(rows.map((r) => [`${Number(r.distributor_id)} ${r.number}`, { big: Number(r.big), small: Number(r.small), units: Number(r.units) }]))
}
