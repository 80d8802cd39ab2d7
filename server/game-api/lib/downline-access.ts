// Who may act for whom: oneself, a downline, or anyone for ADMIN.
import type { Queryable } from '../../shared/db.ts'
import { errors } from './errors.ts'
import type { AuthUser } from './tokens.ts'
import { accountOf, findRole, isAncestor } from './store/users.ts'
import { atOrBelow } from './store/downlines.ts'

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
  return atOrBelow(q, user.userId, userIds)
}
