// The accounts module's downline reads (the hierarchy tree opened node by node, the Agents and Players lists, search and profile, and the pickers'
// look-ups), (db, caller, input) → result. Beside api.ts rather than in it: api.ts holds the writes and is long enough.
import type { Db } from '../../shared/db.ts'
import { POSITION_RANGES } from '../../../schemas/domain/position-ranges.ts'
import type { Caller } from '../lib/caller.ts'
import { errors } from '../lib/errors.ts'
import { assertSelfOrDownline, subjectOf } from '../lib/downline-access.ts'
import { groupOf, type GroupMember } from '../lib/store/downlines.ts'
import type { AccountProfile, AccountRow } from './schemas.ts'
import { directDownlineTreeJson } from './store/child-counts.ts'
import { directDownlineJson, loadAccount, lockUsers, searchDownline } from './store/accounts.ts'
import type { AccountKind } from './store/kinds.ts'
import { parentBounds } from './store/position.ts'

/**
 * The users directly under the named user (the caller's account when absent), staff admins left out, with their child counts, as JSON the
 * database wrote: only within the caller's own tree (403 otherwise; ADMIN may open any existing user); a staff admin's tree is the company's.
 */
export async function directDownlineTree (db: Db, caller: Caller, input: { userId?: string | undefined }): Promise<string> {
  return directDownlineTreeJson(db, await subjectOf(db, caller.user, input.userId))
}

/** The direct downline of one kind under the named user (else the caller's account), as JSON the database wrote. */
export async function directDownlineOfKind (db: Db, caller: Caller, input: { kind: AccountKind, userId?: string | undefined }): Promise<string> {
  return directDownlineJson(db, await subjectOf(db, caller.user, input.userId), input.kind.role)
}

/** The downline of one kind under the named user (else the caller's account) whose id or name holds the text. */
export async function searchDownlineOfKind (db: Db, caller: Caller, input: { kind: AccountKind, userId?: string | undefined, text: string }): Promise<AccountRow[]> {
  const root = await subjectOf(db, caller.user, input.userId)
  return searchDownline(db, root, input.kind.role, input.text.trim())
}

/** A downline's account (the caller's own too), refused when it is of the other kind. */
export async function accountProfileOfKind (db: Db, caller: Caller, input: { kind: AccountKind, userId: string }): Promise<AccountProfile> {
  const { kind, userId } = input
  await assertSelfOrDownline(db, caller.user, userId)
  const profile = await loadAccount(db, userId)
  if (!profile) throw errors.userNotFound(userId)
  if (profile.Role !== kind.role) throw errors.wrongAccountKind(userId, kind.prefix, kind.other)
  return profile
}

/** The caller's whole tree (a staff admin's: the company's; or that of a user in it), flat, by depth. */
export async function memberTree (db: Db, caller: Caller, input: { userId?: string | undefined }): Promise<GroupMember[]> {
  return groupOf(db, await subjectOf(db, caller.user, input.userId))
}

/** The users of one role in the caller's group (a staff admin's: the company's), by id and name. */
export async function membersByRole (db: Db, caller: Caller, input: { role: 'AG' | 'MEM' }): Promise<Array<{ UserId: string, UserName: string }>> {
  const members = await groupOf(db, await subjectOf(db, caller.user))
  return members.filter((m) => m.Role === input.role).map((m) => ({ UserId: m.UserId, UserName: m.UserName }))
}

/** What a parent (the named one, else the caller; a staff admin: its company) may give a downline: each position field's range, narrowed to the parent's own value. */
export async function positionBounds (db: Db, caller: Caller, input: { userId?: string | undefined }): Promise<Array<{ Field: string, Min: number, Max: number, Step: number }>> {
  const parentId = await subjectOf(db, caller.user, input.userId)
  const parent = (await lockUsers(db, [parentId], false)).get(parentId)
  if (!parent) throw errors.userNotFound(parentId)
  const bounds = await parentBounds(db, parent)
  return Object.entries(POSITION_RANGES).map(([field, { min, max, step }]) => ({ Field: field, Min: min, Max: Math.min(max, bounds[field as keyof typeof bounds] ?? max), Step: step }))
}
