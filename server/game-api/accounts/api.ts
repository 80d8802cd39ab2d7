// The accounts module's public surface: what other domains may use of it (locking users for a ledger write, staff permissions, preferences),
// and its use cases, (db, caller, input) → result, each write in its own transaction with its audit record. Its store/ is private.
import type { Db } from '../../shared/db.ts'
import { inWholeCents } from '../../../schemas/domain/cents.ts'
import { brokenPasswordMessages } from '../../../schemas/domain/password-rules.ts'
import { zoneIso, type Game } from '../../../schemas/domain/calendar.ts'
import type { Caller } from '../lib/caller.ts'
import { errors } from '../lib/errors.ts'
import { hashPassword, verifyPassword } from '../lib/secrets.ts'
import { confirmSuperPassword } from '../lib/super-password.ts'
import { writeSuperPassword } from '../lib/store/super-password.ts'
import { revokeUserTokens } from '../lib/store/tokens.ts'
import { passwordHashOf } from '../lib/store/users.ts'
import { assertOtherThanAccount, assertSelfOrDownline, subjectOf } from '../lib/downline-access.ts'
import { groupOf } from '../lib/store/downlines.ts'
import { auditCall } from '../lib/store/audit-trail.ts'
import { enqueueJob } from '../jobs/runner.ts'
import { findJob, type JobState } from '../jobs/status.ts'
import { accountErrors } from './errors.ts'
import { oneTimePassword } from './rules/one-time-password.ts'
import { creditProblem, flagsProblem, locationsProblem, userIdProblem, FLAGS, type Flag } from './rules/downline-rules.ts'
import type { AccountProfile, CreateBody, PositionBody, UpdateBody } from './schemas.ts'
import { CREDIT_RECALC_JOB, type CreditRecalcPayload } from './jobs/credit-recalc.ts'
import { deleteBlockers, historyOf, loadAccount, locationsOf, lockUsers, lockWithParent, takenId, writeFlags, writeLocations, type Locked } from './store/accounts.ts'
import { insertAccount, markDeleted, takeCreditLeft, writeCredit, writeMaxLineStake, writeSuspended, writeUserName } from './store/account-writes.ts'
import { changeAccount } from './store/change-account.ts'
import { correctionsOf, recalcRuns } from './store/credit-recalc-runs.ts'
import { directDownlineOrder, parentIdOf, type PriorityRow } from './store/intake-priority.ts'
import { assertManaged, type AccountKind } from './store/kinds.ts'
import { mobileOf, writeMobile } from './store/mobile.ts'
import { PERMISSION_NAMES, assertAdminPermission, permissionHolders, revokeGranted, writeGranted, type PermissionHolder } from './store/permissions.ts'
import { checkBelow, checkPosition, writePosition } from './store/position.ts'
import { lineStakeCap, positionOf } from './rules/position-values.ts'
import { preferencesOf, writePreference, type Preferences } from './store/preferences.ts'
import { deleteSubShare, insertSubShare, lockedSubShareSum, subSharesOf, type SubShareRow } from './store/sub-shares.ts'

export { lockUsers } from './store/accounts.ts'
export { assertAdminPermission } from './store/permissions.ts'
export { preferencesOf, preferencesRead, type Preferences } from './store/preferences.ts'
export { AGENTS, PLAYERS, type AccountKind } from './store/kinds.ts'
export { PERMISSION_NAMES } from './store/permissions.ts'
export { alertLines, type EnteredLine } from './rules/bet-entry-alert.ts'
export { dollars } from './rules/downline-rules.ts'

/** The credit left a parent gives from, or undefined for the company (ADMIN), which issues credit without a limit of its own. */
const givesFrom = (parent: Locked) => parent.role === 'ADMIN' ? undefined : parent.creditLeft

/** The flags a new account gets: what was asked, else placing bets when the parent may (Simple creates take only this default). */
function flagsFor (body: CreateBody, simple: boolean, parent: Locked): Record<Flag, number> {
  const ask = (f: Flag, fallback: number) => simple ? fallback : body[f] ?? fallback
  return {
    EnableCreateAgent: ask('EnableCreateAgent', 0),
    EnableCreateDownline: ask('EnableCreateDownline', 0),
    EnablePlaceBet: ask('EnablePlaceBet', parent.flags.EnablePlaceBet),
    EnableUpload: ask('EnableUpload', 0)
  }
}

/** Throws unless parent may have a downline of this kind. */
function assertMayCreate (parent: Locked, kind: AccountKind): void {
  if (parent.role === 'MEM') throw accountErrors.playerNoDownline(parent.userId)
  if (parent.flags.EnableCreateDownline !== 1) throw errors.noDownlineRight(parent.userId, kind.prefix, 'EnableCreateDownline')
  if (kind.role === 'AG' && parent.flags.EnableCreateAgent !== 1) throw errors.noDownlineRight(parent.userId, kind.prefix, 'EnableCreateAgent')
}

/**
 * A new downline of this kind under the named parent (the caller or its downline), else the caller's account (a staff admin: its company, as it
 * holds no share to give), with a one-time password; Simple takes only the id, name and credit; audited.
 */
export async function createAccount (db: Db, caller: Caller, input: { kind: AccountKind, body: CreateBody, simple: boolean }): Promise<{ UserId: string, Password: string, updatePassword: true }> {
  const { kind, body, simple } = input
  const idProblem = userIdProblem(body.UserId)
  if (idProblem) throw idProblem
  const parentId = await subjectOf(db, caller.user, body.ParentId)
  const password = oneTimePassword()
  // Hashed before the transaction: scrypt should not hold the parent's row lock.
  const hash = await hashPassword(password)
  const credit = body.Credit ?? 0
  try {
    await db.transaction(async (tx) => {
      const parent = (await lockUsers(tx, [parentId])).get(parentId)
      if (!parent) throw errors.userNotFound(parentId)
      assertMayCreate(parent, kind)
      const taken = await takenId(tx, body.UserId)
      if (taken) throw errors.userIdTaken(body.UserId, taken)
      const flags = flagsFor(body, simple, parent)
      const flagProblem = flagsProblem(flags, parent.userId, parent.flags)
      if (flagProblem) throw flagProblem
      const parentLocations = await locationsOf(tx, parent.userId)
      const locations = simple || body.Locations === undefined ? parentLocations : body.Locations
      const locProblem = locationsProblem(locations, parent.userId, parentLocations)
      if (locProblem) throw locProblem
      const position = simple ? {} : positionOf(body)
      await checkPosition(tx, parent, position)
      const bounded = givesFrom(parent) !== undefined
      const problem = creditProblem({ userId: body.UserId, credit, oldCredit: 0, creditLeft: 0 }, parent.userId, givesFrom(parent))
      if (problem) throw problem
      await insertAccount(tx, { userId: body.UserId, parentId: parent.userId, role: kind.role, userName: body.UserName?.trim() || body.UserId, rank: parent.rank + 1, credit, flags, passwordHash: hash }, caller.now)
      if (bounded && credit > 0) await takeCreditLeft(tx, parent.userId, credit)
      await writeLocations(tx, body.UserId, locations)
      await writePosition(tx, body.UserId, position)
      await auditCall(tx, caller, `${kind.prefix}.create`, { UserId: body.UserId, ParentId: parent.userId, Credit: credit, simple, ...flags, ...position, Locations: locations })
    })
  } catch (error) {
    // Two creates of the same id at once: the unique index decides, and the loser hears the same refusal.
    if ((error as { code?: string }).code === '23505') throw errors.userIdTaken(body.UserId, await takenId(db, body.UserId) ?? body.UserId)
    throw error
  }
  return { UserId: body.UserId, Password: password, updatePassword: true }
}

/** Changes a downline's name, flags and locations, checked against its parent under the row lock; audited; answers the profile after. */
export async function updateAccount (db: Db, caller: Caller, input: { kind: AccountKind, body: UpdateBody }): Promise<AccountProfile> {
  const { kind, body } = input
  await assertManaged(db, caller.user, kind, body.UserId)
  return changeAccount(db, body.UserId, async (tx, target, parent) => {
    const flags: Partial<Record<Flag, number>> = {}
    for (const f of FLAGS) if (body[f] !== undefined) flags[f] = body[f]
    const flagProblem = flagsProblem(flags, parent.userId, parent.flags)
    if (flagProblem) throw flagProblem
    if (body.Locations !== undefined) {
      const problem = locationsProblem(body.Locations, parent.userId, await locationsOf(tx, parent.userId))
      if (problem) throw problem
      await writeLocations(tx, target.userId, body.Locations)
    }
    await writeFlags(tx, target.userId, flags)
    if (body.UserName !== undefined) await writeUserName(tx, target.userId, body.UserName.trim())
    await auditCall(tx, caller, `${kind.prefix}.update`, { UserId: target.userId, ...flags, ...(body.UserName !== undefined ? { UserName: body.UserName } : {}), ...(body.Locations ? { Locations: body.Locations } : {}) })
  })
}

/** Sets a downline's shares, commissions, tax and line stake cap, within its parent's and above its own downline's; audited; answers the profile after. */
export async function setPosition (db: Db, caller: Caller, input: { kind: AccountKind, body: PositionBody }): Promise<AccountProfile> {
  const { kind, body } = input
  await assertManaged(db, caller.user, kind, body.UserId)
  const position = positionOf(body)
  return changeAccount(db, body.UserId, async (tx, target, parent) => {
    await checkPosition(tx, parent, position)
    await checkBelow(tx, target.userId, position)
    await writePosition(tx, target.userId, position)
    const max = body.MaxLineStake
    if (max !== undefined) {
      // Nobody below may risk more on a line than its parent may; the company sets any.
      const cap = lineStakeCap(parent)
      if (cap !== undefined && max > cap) throw accountErrors.aboveParent('MaxLineStake', max, parent.userId, cap)
      await writeMaxLineStake(tx, target.userId, max)
    }
    await auditCall(tx, caller, `${kind.prefix}.position`, { UserId: target.userId, ...position, ...(max !== undefined ? { MaxLineStake: max } : {}) })
  })
}

/** Sets a downline's credit, the difference taken from (or given back to) its parent's credit left; audited; answers the profile after. */
export async function setCredit (db: Db, caller: Caller, input: { kind: AccountKind, userId: string, credit: number }): Promise<AccountProfile> {
  const { kind, userId, credit } = input
  await assertManaged(db, caller.user, kind, userId)
  return changeAccount(db, userId, async (tx, target, parent) => {
    const problem = creditProblem({ userId, credit, oldCredit: target.credit, creditLeft: target.creditLeft }, parent.userId, givesFrom(parent))
    if (problem) throw problem
    const delta = credit - target.credit
    await writeCredit(tx, userId, credit, delta)
    if (givesFrom(parent) !== undefined) await takeCreditLeft(tx, parent.userId, delta)
    await auditCall(tx, caller, `${kind.prefix}.credit`, { UserId: userId, from: target.credit, to: credit })
  })
}

/** Suspends (its sessions ended at once, not at their idle timeout) or resumes a downline; audited; answers the profile after. */
export async function setSuspended (db: Db, caller: Caller, input: { kind: AccountKind, userId: string, suspended: boolean }): Promise<AccountProfile> {
  const { kind, userId, suspended } = input
  await assertManaged(db, caller.user, kind, userId)
  return changeAccount(db, userId, async (tx) => {
    await writeSuspended(tx, userId, suspended)
    if (suspended) await revokeUserTokens(tx, userId, caller.now)
    await auditCall(tx, caller, `${kind.prefix}.${suspended ? 'suspend' : 'resume'}`, { UserId: userId })
  })
}

/**
 * Deletes a downline under the named parent: the row stays (tickets and reports name it) but the id leaves every list and sign-in, its credit
 * returns to the parent; one with history only by the company with its super password; audited.
 */
export async function deleteAccount (db: Db, caller: Caller, input: { kind: AccountKind, parentId: string, userId: string, superPassword?: string | undefined }): Promise<true> {
  const { kind, parentId, userId } = input
  await assertManaged(db, caller.user, kind, userId)
  // Checked outside the transaction: a wrong try counts.
  const history = await historyOf(db, userId)
  if (history !== undefined) {
    if (caller.user.role !== 'ADMIN') throw accountErrors.deleteNeedsCompany(userId, history)
    await confirmSuperPassword(db, caller.user.userId, input.superPassword, caller.now)
  }
  await db.transaction(async (tx) => {
    const { target, parent } = await lockWithParent(tx, userId)
    if (!target || !parent) throw errors.userNotFound(userId)
    if (parent.userId !== parentId) throw accountErrors.notParent(parentId, userId, parent.userId)
    const blockers = await deleteBlockers(tx, userId, target.accBal)
    if (blockers.length > 0) throw errors.deleteRefused(userId, blockers.join('; '))
    await markDeleted(tx, userId, caller.now)
    await revokeUserTokens(tx, userId, caller.now)
    if (givesFrom(parent) !== undefined) await takeCreditLeft(tx, parent.userId, -target.credit)
    await auditCall(tx, caller, `${kind.prefix}.delete`, { UserId: userId, ParentId: parentId, Credit: target.credit })
  })
  return true
}

/** Starts the credit recalculation of a subtree (the named root, else the caller's account; ADMIN only); audited; answers its job. */
export async function startCreditRecalc (db: Db, caller: Caller, input: { userId?: string | undefined }): Promise<{ JobId: number }> {
  if (caller.user.role !== 'ADMIN') throw errors.adminOnly()
  const root = await subjectOf(db, caller.user, input.userId)
  const payload: CreditRecalcPayload = { root }
  const jobId = await db.transaction(async (tx) => {
    const id = await enqueueJob(tx, { kind: CREDIT_RECALC_JOB, userId: caller.user.userId, payload, maxAttempts: 3 })
    await auditCall(tx, caller, 'credit.recalc.start', { JobId: id, root })
    return id
  })
  return { JobId: jobId }
}

/** The credit recalculation runs, newest first (ADMIN only). */
export async function creditRecalcRuns (db: Db, caller: Caller, input: { limit?: number | undefined }) {
  if (caller.user.role !== 'ADMIN') throw errors.adminOnly()
  return recalcRuns(db, CREDIT_RECALC_JOB, input.limit ?? 50)
}

/** One credit recalculation's state with every correction it made (ADMIN only). */
export async function creditRecalcStatus (db: Db, caller: Caller, input: { jobId: number }): Promise<JobState & { Corrections: Awaited<ReturnType<typeof correctionsOf>> }> {
  if (caller.user.role !== 'ADMIN') throw errors.adminOnly()
  const job = await findJob(db, { kind: CREDIT_RECALC_JOB, jobId: input.jobId })
  if (!job) throw errors.recalcJobNotFound(input.jobId)
  return { ...job, Corrections: await correctionsOf(db, job.JobId) }
}

type PermissionName = typeof PERMISSION_NAMES[number]

/** Who may be granted names: ADMIN and AG users below the caller's account (never the caller, nor a staff admin's company: nobody raises their own rights). */
async function permissionTarget (db: Db, caller: Caller, userId: string): Promise<PermissionHolder> {
  await assertOtherThanAccount(db, caller.user, userId, errors.permissionOwn)
  const [row] = await permissionHolders(db, [userId])
  if (!row) throw errors.permissionPlayer(userId)
  return row
}

/** The holder's row as read after a change. */
async function permissionRowOf (db: Db, userId: string): Promise<PermissionHolder> {
  const [row] = await permissionHolders(db, [userId])
  if (!row) throw errors.userNotFound(userId)
  return row
}

/** The account's group (a staff admin manages the company's staff and agents) with their names, without the caller and the account; filtered by id or name (AdminEdit). */
export async function permissionsList (db: Db, caller: Caller, input: { text?: string | undefined }): Promise<PermissionHolder[]> {
  await assertAdminPermission(db, caller.user, 'AdminEdit')
  const text = (input.text ?? '').trim().toLowerCase()
  const account = await subjectOf(db, caller.user)
  const group = (await groupOf(db, account)).filter((m) => m.UserId !== caller.user.userId && m.UserId !== account)
  return (await permissionHolders(db, group.map((m) => m.UserId))).filter((r) => text === '' || r.UserId.toLowerCase().includes(text) || r.UserName.toLowerCase().includes(text))
}

/** One user's names, each with whether it is granted: the form of the permission dialog (AdminEdit). */
export async function permissionsGranted (db: Db, caller: Caller, input: { userId: string }): Promise<Array<{ UserId: string, Attribute: string, Granted: boolean }>> {
  await assertAdminPermission(db, caller.user, 'AdminEdit')
  const row = await permissionTarget(db, caller, input.userId)
  return PERMISSION_NAMES.map((name) => ({ UserId: row.UserId, Attribute: name, Granted: row.Granted.includes(name) || row.Granted.includes('*') }))
}

/** Grants one name, or sets the whole list; a right is handed down (or taken away) only by someone who holds it (AdminEdit); audited. */
export async function grantPermissions (db: Db, caller: Caller, input: { userId: string, name?: PermissionName | undefined, list?: PermissionName[] | undefined }): Promise<PermissionHolder> {
  const mine = await assertAdminPermission(db, caller.user, 'AdminEdit')
  const { userId, name, list } = input
  if ((name === undefined) === (list === undefined)) throw errors.permissionOneOrList()
  const before = (await permissionTarget(db, caller, userId)).Granted
  const wanted = list ?? [...before, ...(name === undefined ? [] : [name])]
  // Names the caller lacks stay as they were.
  const holds = (n: string) => mine.includes('*') || mine.includes(n)
  const refused = wanted.filter((n) => !holds(n) && !before.includes(n))
  if (refused.length > 0) throw errors.permissionNotHeld(refused.join(', '))
  const next = [...new Set([...before.filter((n) => !holds(n)), ...wanted.filter(holds)])]
  await db.transaction(async (tx) => {
    await writeGranted(tx, userId, next)
    await auditCall(tx, caller, 'permissions.grant', { UserId: userId, from: before, to: next })
  })
  return permissionRowOf(db, userId)
}

/** Revokes one name (AdminEdit); audited. */
export async function revokePermission (db: Db, caller: Caller, input: { userId: string, name: PermissionName }): Promise<PermissionHolder> {
  await assertAdminPermission(db, caller.user, 'AdminEdit')
  const { userId, name } = input
  await permissionTarget(db, caller, userId)
  await db.transaction(async (tx) => {
    await revokeGranted(tx, userId, name)
    await auditCall(tx, caller, 'permissions.revoke', { UserId: userId, Attribute: name })
  })
  return permissionRowOf(db, userId)
}

/** Sets the caller's super password (ADMIN holding SuperPwd), proven by the sign-in password, by the sign-in password's rules and unlike it; audited. */
export async function setSuperPassword (db: Db, caller: Caller, input: { password: string, superPassword1: string, superPassword2: string }): Promise<{ SuperPasswordSet: true }> {
  const { userId } = caller.user
  await assertAdminPermission(db, caller.user, 'SuperPwd')
  const broken = brokenPasswordMessages(input.superPassword1, input.superPassword2)
  if (broken.length > 0) throw errors.passwordRules(broken)
  const passwordHash = await passwordHashOf(db, userId)
  if (passwordHash === undefined || !await verifyPassword(input.password, passwordHash)) throw errors.oldPasswordWrong()
  if (await verifyPassword(input.superPassword1, passwordHash)) throw errors.superPasswordSame()
  const hash = await hashPassword(input.superPassword1)
  await db.transaction(async (tx) => {
    const replaced = await writeSuperPassword(tx, userId, hash)
    await auditCall(tx, caller, 'superPassword.set', { replaced })
  })
  return { SuperPasswordSet: true }
}

/** The caller's mobile number ('' when none is on file). */
export async function ownMobile (db: Db, caller: Caller): Promise<{ UserId: string, Mobile: string }> {
  return { UserId: caller.user.userId, Mobile: await mobileOf(db, caller.user.userId) }
}

/** Sets the caller's mobile number; audited as preferences are. */
export async function setMobile (db: Db, caller: Caller, input: { mobile: string }): Promise<{ UserId: string, Mobile: string }> {
  const { userId } = caller.user
  await db.transaction(async (tx) => {
    await writeMobile(tx, userId, input.mobile)
    await auditCall(tx, caller, 'mobile.update', { Mobile: input.mobile })
  })
  return { UserId: userId, Mobile: input.mobile }
}

/** Writes one preference of the caller with its audit record, in one transaction. */
async function savePreference<K extends keyof Preferences> (db: Db, caller: Caller, key: K, value: Preferences[K]): Promise<void> {
  await db.transaction(async (tx) => {
    await writePreference(tx, caller.user.userId, key, value, caller.now)
    await auditCall(tx, caller, `preference.${key}`, { [key]: value })
  })
}

/** The caller's account with its mobile numbers and bet entry alert. */
export async function fullProfile (db: Db, caller: Caller): Promise<AccountProfile & { Mobile: string, Mobile2: string, BetEntryAlert: number | null }> {
  const { userId } = caller.user
  const account = await loadAccount(db, userId)
  if (!account) throw errors.sessionExpired()
  const prefs = await preferencesOf(db, userId)
  return { ...account, Mobile: await mobileOf(db, userId), Mobile2: prefs.Mobile2, BetEntryAlert: prefs.BetEntryAlert }
}

/** Sets (or removes, '') the caller's second mobile number; audited. */
export async function setMobile2 (db: Db, caller: Caller, input: { mobile2: string }): Promise<{ UserId: string, Mobile2: string }> {
  await savePreference(db, caller, 'Mobile2', input.mobile2)
  return { UserId: caller.user.userId, Mobile2: input.mobile2 }
}

/** Sets (or clears, null) the line stake above which the caller's bet entry alerts, in whole cents; audited. */
export async function setBetEntryAlert (db: Db, caller: Caller, input: { amount: number | null }): Promise<{ UserId: string, BetEntryAlert: number | null }> {
  const { amount } = input
  if (amount !== null && !inWholeCents(amount)) throw errors.fieldNotCents('body/BetEntryAlert', amount)
  await savePreference(db, caller, 'BetEntryAlert', amount)
  return { UserId: caller.user.userId, BetEntryAlert: amount }
}

/** The caller's direct downline in the order they take intakes. */
export async function intakePriority (db: Db, caller: Caller): Promise<PriorityRow[]> {
  const { userId } = caller.user
  return directDownlineOrder(db, userId, (await preferencesOf(db, userId)).PriorityInTakes)
}

/** Sets the order the caller's direct downline take intakes in (those left out follow by id); audited. */
export async function setIntakePriority (db: Db, caller: Caller, input: { order: string[] }): Promise<PriorityRow[]> {
  const { userId } = caller.user
  const { order } = input
  const rows = await directDownlineOrder(db, userId, order)
  const direct = new Set(rows.map((r) => r.UserId))
  const stranger = order.find((id) => !direct.has(id))
  if (stranger !== undefined) {
    // Someone outside the tree learns nothing about it; a deeper downline is told its parent.
    await assertSelfOrDownline(db, caller.user, stranger)
    throw accountErrors.notParent(userId, stranger, await parentIdOf(db, stranger) ?? 'nobody')
  }
  await savePreference(db, caller, 'PriorityInTakes', order)
  return rows
}

/** One sub share as the wire shows it. */
export interface SubShare { SubShareId: number, Game: string, Holder: string, Share: number, CreatedBy: string, CreatedDate: string }
const toSubShare = (r: SubShareRow): SubShare => ({ SubShareId: Number(r.sub_share_id), Game: r.game, Holder: r.holder, Share: Number(r.share), CreatedBy: r.created_by, CreatedDate: zoneIso(new Date(r.created_at)) })
const percent = (n: number) => `${Math.round(n * 10000) / 100} %`

/** The game's sub shares (ADMIN only). */
export async function subShares (db: Db, caller: Caller, input: { game: Game }): Promise<SubShare[]> {
  if (caller.user.role !== 'ADMIN') throw errors.adminOnly()
  return (await subSharesOf(db, input.game)).map(toSubShare)
}

/** Gives a holder part of the company's share of the game, the parts never above 100 % (ADMIN only); audited. */
export async function createSubShare (db: Db, caller: Caller, input: { game: Game, holder: string, share: number }): Promise<SubShare> {
  if (caller.user.role !== 'ADMIN') throw errors.adminOnly()
  const { game, holder, share } = input
  if (!inWholeCents(share)) throw errors.shareNotCents(share)
  const row = await db.transaction(async (tx) => {
    const given = await lockedSubShareSum(tx, game)
    if (given + share > 1 + 1e-9) throw errors.subSharesOver(share, game, percent(given + share), percent(given))
    const inserted = await insertSubShare(tx, game, holder.trim(), share, caller.user.userId, caller.now)
    await auditCall(tx, caller, 'subShare.create', { game, Holder: holder, Share: share })
    return inserted
  })
  // INSERT … RETURNING always answers the row: its absence is a fault (500), not a refusal.
  if (!row) throw new Error('the sub share INSERT returned no row')
  return toSubShare(row)
}

/** Removes a sub share of the game (ADMIN only); audited. */
export async function removeSubShare (db: Db, caller: Caller, input: { game: Game, subShareId: number }): Promise<true> {
  if (caller.user.role !== 'ADMIN') throw errors.adminOnly()
  await db.transaction(async (tx) => {
    if (!await deleteSubShare(tx, input.game, input.subShareId)) throw errors.subShareNotFound(input.subShareId)
    await auditCall(tx, caller, 'subShare.delete', { SubShareId: input.subShareId })
  })
  return true
}
