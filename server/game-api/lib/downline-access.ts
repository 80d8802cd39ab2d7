// Who may act for whom: oneself, a downline, or anyone for ADMIN.
import { prepared, type Queryable } from '../../shared/db.ts'
import { errors } from './errors.ts'
import type { AuthUser } from './tokens.ts'
import { accountOf, findRole, isAncestor } from './users.ts'
import { downlineCte, uplineCte } from './user-tree.ts'

/**
 * Throws 403 unless target is the caller, a downline of the caller, or the caller is ADMIN (404 for ADMIN when absent).
 * When target is the owner of a record (what: 'ticket', 'file', …), the refusal names the record, never its owner.
 */
export async function assertSelfOrDownline (q: Queryable, user: AuthUser, target: string, what?: string): Promise<void> {
  if (target === user.userId) return
  if (user.role === 'ADMIN') {
    if (!await findRole(q, target)) throw errors.userNotFound(target)
    return
  }
  if (!await isAncestor(q, user.userId, target)) throw what === undefined ? errors.notYourDownline(target) : errors.recordOutsideDownline(what)
}

/** Whose books a call is about: the user it names (checked as assertSelfOrDownline does), else the caller's account (the company for a staff admin). */
export async function subjectOf (q: Queryable, user: AuthUser, named?: string | null): Promise<string> {
  if (!named) return user.role === 'ADMIN' ? accountOf(q, user.userId) : user.userId
  await assertSelfOrDownline(q, user, named)
  return named
}

/**
 * For a write about someone else's books (a payment, an expense, a permission, a share-claim setting): throws own() when target is the caller
 * or the caller's account (a staff admin keeps the company's books, so the company is itself), else checks it as assertSelfOrDownline does; answers the account.
 */
export async function assertOtherThanAccount (q: Queryable, user: AuthUser, target: string, own: () => Error): Promise<string> {
  const account = await subjectOf(q, user)
  if (target === user.userId || target === account) throw own()
  await assertSelfOrDownline(q, user, target)
  return account
}

/** The ids among userIds that are the caller or below it (every one for ADMIN): whose figures the caller may see. */
export async function withinReach (q: Queryable, user: AuthUser, userIds: readonly string[]): Promise<Set<string>> {
  if (user.role === 'ADMIN') return new Set(userIds)
  const { rows } = await q.query<{ start: string }>(
    `WITH RECURSIVE ${uplineCte('up', { from: 'SELECT x.user_id, x.parent_id, s FROM unnest($2::text[]) s JOIN users x ON x.user_id = s', carry: { start: 'p.start' } })}
     SELECT DISTINCT start FROM up WHERE user_id = $1`, [user.userId, userIds])
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

/** The two checks every placement makes, in one read: whether the caller may place bets, and whether the bettor is suspended (or deleted). */
export async function placementFlags (q: Queryable, callerId: string, bettorId: string): Promise<{ mayPlace: boolean, suspended: boolean }> {
  const { rows: [row] } = await q.query<{ may: boolean | null, off: boolean | null }>(prepared(
    `SELECT (SELECT enable_place_bet = 1 AND disable_place_bet_and_fixed_bet = 0 FROM users WHERE user_id = $1) AS may,
            (SELECT suspended OR deleted_at IS NOT NULL FROM users WHERE user_id = $2) AS off`), [callerId, bettorId])
  return { mayPlace: row?.may === true, suspended: row?.off === true }
}

/** Whether the user may place bets: EnablePlaceBet on and placing not disabled. */
export async function mayPlaceBets (q: Queryable, userId: string): Promise<boolean> {
  const { rows } = await q.query<{ ok: boolean }>('SELECT enable_place_bet = 1 AND disable_place_bet_and_fixed_bet = 0 AS ok FROM users WHERE user_id = $1', [userId])
  return rows[0]?.ok === true
}
