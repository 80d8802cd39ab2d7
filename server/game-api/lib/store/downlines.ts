// The user tree's reads: who is at or below whom.
import type { Queryable } from '../../../shared/db.ts'
import { downlineCte, uplineCte } from '../user-tree.ts'

/** The ids among userIds that are userId or below it. */
export async function atOrBelow (q: Queryable, userId: string, userIds: readonly string[]): Promise<Set<string>> {
  const { rows } = await q.query<{ start: string }>(
    `WITH RECURSIVE ${uplineCte('up', { from: 'SELECT x.user_id, x.parent_id, s FROM unnest($2::text[]) s JOIN users x ON x.user_id = s', carry: { start: 'p.start' } })}
     SELECT DISTINCT start FROM up WHERE user_id = $1`, [userId, userIds])
  return new Set(rows.map((r) => r.start))
}

/** A user of the caller's group: the caller first, then every downline by depth and id. */
export interface GroupMember { UserId: string, UserName: string, Role: string, ParentId: string | null, Depth: number }

/** The caller and every user below them (ADMIN sees only their own tree too: the admin is the root). */
export async function groupOf (q: Queryable, userId: string): Promise<GroupMember[]> {
  const { rows } = await q.query<{ user_id: string, alias_id: string, role: string, parent_id: string | null, depth: number }>(
    `WITH RECURSIVE ${downlineCte('down', { from: 'SELECT user_id FROM users WHERE user_id = $1' })}
     SELECT u.user_id, u.alias_id, u.role, u.parent_id, down.depth FROM down JOIN users u ON u.user_id = down.user_id ORDER BY down.depth, u.user_id`, [userId])
  return rows.map((r) => ({ UserId: r.user_id, UserName: r.alias_id, Role: r.role, ParentId: r.parent_id, Depth: Number(r.depth) }))
}
