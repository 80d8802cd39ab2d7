// The order in which a user's intake is taken among its direct downlines: the stored order first, the others after by id.
import type { Queryable } from '../../../shared/db.ts'

export interface PriorityRow { UserId: string, UserName: string, Role: string, Priority: number }

/** The live direct downline of userId, numbered 1… in the order given (ids not among them are ignored), the rest by id. */
export async function directDownlineOrder (q: Queryable, userId: string, order: readonly string[]): Promise<PriorityRow[]> {
  const { rows } = await q.query<{ user_id: string, alias_id: string, role: string }>(
    `SELECT u.user_id, u.alias_id, u.role FROM users u LEFT JOIN unnest($2::text[]) WITH ORDINALITY AS o (id, n) ON o.id = u.user_id
     WHERE u.parent_id = $1 AND u.deleted_at IS NULL ORDER BY o.n NULLS LAST, u.user_id`, [userId, order])
  return rows.map((r, i) => ({ UserId: r.user_id, UserName: r.alias_id, Role: r.role, Priority: i + 1 }))
}

/** The user's parent, or undefined for a root or an unknown id. */
export async function parentIdOf (q: Queryable, userId: string): Promise<string | undefined> {
  const { rows: [r] } = await q.query<{ parent_id: string | null }>('SELECT parent_id FROM users WHERE user_id = $1 AND deleted_at IS NULL', [userId])
  return r?.parent_id ?? undefined
}
