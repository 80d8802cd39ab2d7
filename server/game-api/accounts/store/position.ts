// Checks and writes a downline's position (shares, commissions, tax) against seed 001 §5's ranges and the parent's own position.
import type { Queryable } from '../../../shared/db.ts'
import { accountErrors } from '../errors.ts'
import { parentBoundProblem, rangeProblem } from '../rules/downline-rules.ts'
import type { PositionField } from '../../../../schemas/domain/position-ranges.ts'
import type { PositionValues } from '../rules/position-values.ts'
import { commissionsOf, writeCommission, type Locked } from './accounts.ts'
import type { Game } from '../../../../schemas/domain/calendar.ts'

/** What a parent's position bounds (undefined: not bounded): its shares and its commission rates (an ADMIN without one: only the range); tax has only its range. */
export async function parentBounds (q: Queryable, parent: Locked): Promise<Record<PositionField, number | undefined>> {
  const rates = await commissionsOf(q, parent.userId)
  const rate = (game: Game) => rates[game] ?? (parent.role === 'ADMIN' ? undefined : 0)
  return { dShare: parent.dShare, tShare: parent.tShare, dCommission: rate('4D'), tCommission: rate('TOTO'), Tax: undefined }
}

/** Throws the first rule the values break: 400 for a range or step, 409 for more than the parent has. */
export async function checkPosition (q: Queryable, parent: Locked, values: PositionValues): Promise<void> {
  const bounds = await parentBounds(q, parent)
  for (const [field, value] of Object.entries(values) as Array<[PositionField, number | undefined]>) {
    if (value === undefined) continue
    const refusal = rangeProblem(field, value) ?? parentBoundProblem(field, value, parent.userId, bounds[field])
    if (refusal) throw refusal
  }
}

/** Throws when a lowered share or commission would leave one of the user's own downline above it (the parent rule, seen from below). */
export async function checkBelow (q: Queryable, userId: string, values: PositionValues): Promise<void> {
  const { rows } = await q.query<{ user_id: string, d_share: string, t_share: string, d_rate: string | null, t_rate: string | null }>(
    `SELECT u.user_id, u.d_share, u.t_share,
       (SELECT rate FROM commission_rates WHERE user_id = u.user_id AND game = '4D') AS d_rate,
       (SELECT rate FROM commission_rates WHERE user_id = u.user_id AND game = 'TOTO') AS t_rate
     FROM users u WHERE u.parent_id = $1 AND u.deleted_at IS NULL ORDER BY u.user_id`, [userId])
  const column = { dShare: 'd_share', tShare: 't_share', dCommission: 'd_rate', tCommission: 't_rate' } as const
  for (const field of ['dShare', 'tShare', 'dCommission', 'tCommission'] as const) {
    const value = values[field]
    if (value === undefined) continue
    const above = rows.find((r) => Number(r[column[field]] ?? 0) > value + 1e-9)
    if (above) throw accountErrors.belowDownline(field, value, userId, above.user_id, Number(above[column[field]]))
  }
}

/** Writes the values given (shares and tax on the user, commissions in commission_rates). */
export async function writePosition (q: Queryable, userId: string, values: PositionValues): Promise<void> {
  if (values.dShare !== undefined) await q.query('UPDATE users SET d_share = $2 WHERE user_id = $1', [userId, values.dShare])
  if (values.tShare !== undefined) await q.query('UPDATE users SET t_share = $2 WHERE user_id = $1', [userId, values.tShare])
  if (values.Tax !== undefined) await q.query('UPDATE users SET tax = $2 WHERE user_id = $1', [userId, values.Tax])
  if (values.dCommission !== undefined) await writeCommission(q, userId, '4D', values.dCommission)
  if (values.tCommission !== undefined) await writeCommission(q, userId, 'TOTO', values.tCommission)
}
