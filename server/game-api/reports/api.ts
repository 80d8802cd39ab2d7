// The reports module's use cases: (db, caller, input) → result, each write in its own transaction with its audit record. Its store/ is private.
import type { Db, Queryable } from '../../shared/db.ts'
import type { Game } from '../../../schemas/game/index.ts'
import type { Caller } from '../lib/caller.ts'
import { errors } from '../lib/errors.ts'
import { auditCall } from '../lib/store/audit-trail.ts'
import { assertOtherThanAccount, assertSelfOrDownline, subjectOf } from '../lib/downline-access.ts'
import { shareClaimErrors } from './errors.ts'
import { assertCompanyView, assertShareClaimAdmin, directPair } from './store/claim-access.ts'
import { closedPeriodOf } from './store/claim-period.ts'
import { periodOf, type PeriodInput } from './rules/period.ts'
import { claimSettings, writeCompanyView, type ClaimSettingRow } from './store/claim-settings.ts'
import { deleteGroupSetting, groupSettings, saveGroupSetting, type GroupSetting } from './store/group-settings.ts'
import { shareClaimCompany, shareClaimDownLine, type DownLineRow, type HolderRow } from './store/share-claim.ts'
import { placeOutShareMix, type ShareMixRow } from './store/share-mix.ts'
import { reports, type Report } from './store/index.ts'
import { drawDateRange, queryDate } from '../lib/query-date.ts'
import { deleteClaim, listClaims, lockClaim, recordClaims, recordGroupClaims, type ClaimRow } from './store/claims.ts'
import {
  claimBackById, deleteClaimBack, importClaims, insertClaimBack, listClaimBacks, lockClaimBack, lockClaimsToImport, settleClaimBackRow, type ClaimBackRow
} from './store/claim-backs.ts'

/** A period query or body, with the upline it asks about (the caller's account when absent). */
type UplinePeriod = PeriodInput & { UserId?: string | undefined }
/** What a report is asked for: whose (the caller's account or a downline), and a draw, a draw date or a range, an upload page, a saved grouping. */
export interface ReportQuery { UserId?: string | undefined, DrawId?: number | undefined, DrawDate?: string | undefined, DrawFrom?: string | undefined, DrawTo?: string | undefined, FileId?: number | undefined, SettingId?: number | undefined }

/** The game API names of the reports (seed 001 §7), each answered by reportOf. */
export const REPORT_NAMES = Object.keys(reports)

/** The report named, for the caller's account or a downline (403 otherwise), by draw, draw date or draw range. */
export async function reportOf (db: Db, caller: Caller, input: { name: string, game: Game, query: ReportQuery }): Promise<Report> {
  const report = reports[input.name]
  // Only the names of REPORT_NAMES are routed: another is a fault (500), not a refusal.
  if (!report) throw new Error(`no report named ${input.name}`)
  const q = input.query
  if (q.DrawDate) queryDate('DrawDate', q.DrawDate)
  const range = drawDateRange(q)
  const userId = await subjectOf(db, caller.user, q.UserId)
  // The caller's own account bounds what reportUplineFull shows above the user.
  const reach = await subjectOf(db, caller.user)
  return report(db, {
    userId,
    game: input.game,
    drawId: q.DrawId ?? null,
    drawDate: q.DrawDate || null,
    drawFrom: range.from,
    drawTo: range.to,
    fileId: q.FileId ?? null,
    settingId: q.SettingId ?? null,
    reach,
    now: caller.now
  })
}

/** reportDownLine: what the upline (UserId, else the caller's account) claims from each direct downline in the period, live from settled bets. */
export async function shareClaimDownLineOf (db: Db, caller: Caller, input: { game: Game, query: UplinePeriod }): Promise<Report<DownLineRow>> {
  await assertShareClaimAdmin(db, caller.user)
  const userId = await subjectOf(db, caller.user, input.query.UserId)
  return shareClaimDownLine(db, { userId, game: input.game, ...periodOf(input.query, 'querystring') })
}

/** selectReportShareClaim, the company view: who holds the group's (UserId, else the caller's account) win/loss in the period. */
export async function shareClaimCompanyOf (db: Db, caller: Caller, input: { game: Game, query: UplinePeriod }): Promise<Report<HolderRow> & { WinLoss: number }> {
  await assertCompanyView(db, caller.user)
  const userId = await subjectOf(db, caller.user, input.query.UserId)
  return shareClaimCompany(db, { userId, game: input.game, ...periodOf(input.query, 'querystring') })
}

/** generateReportPlaceOutShareMix: per draw of the period, the group's kept, upline and placed-out parts (computed when asked, nothing stored). */
export async function placeOutShareMixOf (db: Db, caller: Caller, input: { game: Game, body: UplinePeriod }): Promise<Report<ShareMixRow>> {
  await assertCompanyView(db, caller.user)
  const userId = await subjectOf(db, caller.user, input.body.UserId)
  return placeOutShareMix(db, { userId, game: input.game, ...periodOf(input.body, 'body') })
}

/** Share Claim Setting: the caller's downline agents and admins with their shares and company-view switch (an ADMIN granted DrawSetting). */
export async function listClaimSettings (db: Db, caller: Caller): Promise<ClaimSettingRow[]> {
  await assertShareClaimAdmin(db, caller.user)
  return claimSettings(db, await subjectOf(db, caller.user))
}

/** Sets whether a downline user sees Share Claim (Company); audited; answers the user's setting row. */
export async function setCompanyView (db: Db, caller: Caller, input: { userId: string, view: number }): Promise<ClaimSettingRow> {
  await assertShareClaimAdmin(db, caller.user)
  const account = await assertOtherThanAccount(db, caller.user, input.userId, shareClaimErrors.settingOwn)
  const [row] = await db.transaction(async (tx) => {
    await writeCompanyView(tx, input.userId, input.view)
    await auditCall(tx, caller, 'shareClaim.setting', { UserId: input.userId, dEnableViewShareClaim: input.view })
    return claimSettings(tx, account, input.userId)
  })
  if (!row) throw errors.userNotFound(input.userId)
  return row
}

/** The recorded claims of the upline (UserId, else the caller's account) in the period, of one downline when given. */
export async function claimsOf (db: Db, caller: Caller, input: { game: Game, query: UplinePeriod & { DownlineId?: string | undefined } }): Promise<ClaimRow[]> {
  await assertShareClaimAdmin(db, caller.user)
  const uplineId = await subjectOf(db, caller.user, input.query.UserId)
  const { drawFrom, drawTo } = periodOf(input.query, 'querystring')
  return listClaims(db, input.game, uplineId, { drawFrom, drawTo, downline: input.query.DownlineId || undefined })
}

/** Records one direct downline's claims for a closed period; audited; 404 when nothing was settled; answers the downline's claims. */
export async function recordDownlineClaims (db: Db, caller: Caller, input: { game: Game, body: UplinePeriod & { DownlineId: string } }): Promise<ClaimRow[]> {
  const { game, body } = input
  await assertShareClaimAdmin(db, caller.user)
  const uplineId = await directPair(db, caller.user, body.UserId, body.DownlineId)
  const period = await closedPeriodOf(db, game, body, shareClaimErrors.noPeriod)
  const written = await db.transaction(async (tx) => {
    const n = await recordClaims(tx, game, uplineId, period, caller.user.userId, caller.now, body.DownlineId)
    await auditCall(tx, caller, 'shareClaim.record', { UplineId: uplineId, DownlineId: body.DownlineId, ...period })
    return n
  })
  if (written === 0) throw shareClaimErrors.nothingToClaim(body.DownlineId, period.drawFrom, period.drawTo)
  return listClaims(db, game, uplineId, { ...period, downline: body.DownlineId })
}

/** Records the claims of a whole group (UserId, else the caller's account) for a closed period; audited. */
export async function recordGroupClaimsOf (db: Db, caller: Caller, input: { game: Game, body: UplinePeriod }): Promise<{ DrawFrom: string, DrawTo: string, Claims: number }> {
  const { game, body } = input
  await assertShareClaimAdmin(db, caller.user)
  const userId = await subjectOf(db, caller.user, body.UserId)
  const period = await closedPeriodOf(db, game, body, shareClaimErrors.noPeriod)
  const claims = await db.transaction(async (tx) => {
    const n = await recordGroupClaims(tx, game, userId, period, caller.user.userId, caller.now)
    await auditCall(tx, caller, 'shareClaim.generate', { UserId: userId, ...period, Claims: n })
    return n
  })
  return { DrawFrom: period.drawFrom, DrawTo: period.drawTo, Claims: claims }
}

/** Deletes a recorded claim the caller reaches and no claim-back holds; audited. */
export async function removeClaim (db: Db, caller: Caller, input: { game: Game, claimId: number }): Promise<{ Deleted: number }> {
  const { game, claimId: id } = input
  await assertShareClaimAdmin(db, caller.user)
  return db.transaction(async (tx) => {
    const claim = await lockClaim(tx, game, id)
    if (!claim) throw shareClaimErrors.claimNotFound(id)
    await assertSelfOrDownline(tx, caller.user, claim.upline_id).catch(() => { throw shareClaimErrors.claimNotFound(id) })
    if (claim.claim_back_id !== null) throw shareClaimErrors.claimImported(id, claim.claim_back_id)
    await deleteClaim(tx, id)
    await auditCall(tx, caller, 'shareClaim.delete', { ClaimId: id })
    return { Deleted: 1 }
  })
}

/** The open claims of one downline in the period, to choose from for a claim-back, with their total. */
export async function openClaimsOf (db: Db, caller: Caller, input: { game: Game, body: UplinePeriod & { DownlineId: string } }): Promise<{ Claims: ClaimRow[], Total: number }> {
  await assertShareClaimAdmin(db, caller.user)
  const uplineId = await subjectOf(db, caller.user, input.body.UserId)
  const { drawFrom, drawTo } = periodOf(input.body, 'body')
  const claims = await listClaims(db, input.game, uplineId, { drawFrom, drawTo, downline: input.body.DownlineId, open: true })
  const total = claims.reduce((cents, c) => cents + Math.round(c.Claim * 100), 0) / 100
  return { Claims: claims, Total: total }
}

/** Imports the chosen open claims (one upline's, on one downline) as one claim-back; audited; answers it. */
export async function importClaimBack (db: Db, caller: Caller, input: { game: Game, claimIds: number[], remarks?: string | undefined }): Promise<ClaimBackRow> {
  const { game } = input
  await assertShareClaimAdmin(db, caller.user)
  const ids = [...new Set(input.claimIds)]
  if (ids.length === 0) throw shareClaimErrors.noClaimIds()
  const id = await db.transaction(async (tx) => {
    const rows = await lockClaimsToImport(tx, game, ids)
    const missing = ids.find((i) => !rows.some((r) => Number(r.claim_id) === i))
    if (missing !== undefined) throw shareClaimErrors.claimNotFound(missing)
    const first = rows[0]!
    if (rows.some((r) => r.upline_id !== first.upline_id || r.downline_id !== first.downline_id)) throw shareClaimErrors.mixedClaims()
    await assertSelfOrDownline(tx, caller.user, first.upline_id).catch(() => { throw shareClaimErrors.claimNotFound(Number(first.claim_id)) })
    const taken = rows.find((r) => r.claim_back_id !== null)
    if (taken) throw shareClaimErrors.claimImported(Number(taken.claim_id), Number(taken.claim_back_id))
    const backId = await importClaims(tx, game, { uplineId: first.upline_id, downlineId: first.downline_id }, ids, input.remarks ?? '', caller.user.userId, caller.now)
    await auditCall(tx, caller, 'shareClaimBack.import', { ClaimBackId: backId, ClaimIds: ids })
    return backId
  })
  return claimBack(db, id)
}

/** Records a claim-back of an amount agreed with a direct downline outside the recorded claims (in cents, not 0); audited; answers it. */
export async function createClaimBack (db: Db, caller: Caller, input: { game: Game, body: { UserId?: string | undefined, DownlineId: string, Amount: number, Remarks?: string | undefined } }): Promise<ClaimBackRow> {
  const { game, body } = input
  await assertShareClaimAdmin(db, caller.user)
  const uplineId = await directPair(db, caller.user, body.UserId, body.DownlineId)
  const cents = Math.round(body.Amount * 100)
  if (cents === 0 || Math.abs(cents - body.Amount * 100) > 1e-6) throw shareClaimErrors.badAmount(String(body.Amount))
  const id = await db.transaction(async (tx) => {
    const backId = await insertClaimBack(tx, game, { uplineId, downlineId: body.DownlineId }, cents / 100, body.Remarks ?? '', caller.user.userId, caller.now)
    await auditCall(tx, caller, 'shareClaimBack.create', { ClaimBackId: backId, UplineId: uplineId, DownlineId: body.DownlineId, Amount: cents / 100 })
    return backId
  })
  return claimBack(db, id)
}

/** Settles an open claim-back the caller reaches; audited; answers it. */
export async function settleClaimBack (db: Db, caller: Caller, input: { game: Game, claimBackId: number, remarks?: string | undefined }): Promise<ClaimBackRow> {
  const id = input.claimBackId
  await assertShareClaimAdmin(db, caller.user)
  await db.transaction(async (tx) => {
    await lockOpenClaimBack(tx, caller, input.game, id)
    await settleClaimBackRow(tx, id, caller.user.userId, caller.now, input.remarks ?? null)
    await auditCall(tx, caller, 'shareClaimBack.settle', { ClaimBackId: id })
  })
  return claimBack(db, id)
}

/** Deletes an open claim-back the caller reaches, freeing its claims; audited. */
export async function removeClaimBack (db: Db, caller: Caller, input: { game: Game, claimBackId: number }): Promise<{ Deleted: number }> {
  const id = input.claimBackId
  await assertShareClaimAdmin(db, caller.user)
  return db.transaction(async (tx) => {
    await lockOpenClaimBack(tx, caller, input.game, id)
    await deleteClaimBack(tx, id)
    await auditCall(tx, caller, 'shareClaimBack.delete', { ClaimBackId: id })
    return { Deleted: 1 }
  })
}

/** The claim-backs of the upline (UserId, else the caller's account), of one downline when given. */
export async function claimBacksOf (db: Db, caller: Caller, input: { game: Game, query: { UserId?: string | undefined, DownlineId?: string | undefined } }): Promise<ClaimBackRow[]> {
  await assertShareClaimAdmin(db, caller.user)
  const uplineId = await subjectOf(db, caller.user, input.query.UserId)
  return listClaimBacks(db, input.game, uplineId, input.query.DownlineId || null)
}

/** A claim-back the caller reaches (its upline is the caller or below), locked, and still open: 404 or 409 otherwise. */
async function lockOpenClaimBack (tx: Queryable, caller: Caller, game: Game, id: number): Promise<void> {
  const back = await lockClaimBack(tx, game, id)
  if (!back) throw shareClaimErrors.claimBackNotFound(id)
  await assertSelfOrDownline(tx, caller.user, back.upline_id).catch(() => { throw shareClaimErrors.claimBackNotFound(id) })
  if (back.status === 'settled') throw shareClaimErrors.claimBackSettled(id)
}

/** A claim-back by id, 404 when gone. */
async function claimBack (q: Queryable, id: number): Promise<ClaimBackRow> {
  const back = await claimBackById(q, id)
  if (!back) throw shareClaimErrors.claimBackNotFound(id)
  return back
}

/** The Group Report settings of the named user (the caller or a downline) or the caller's account. */
export async function groupSettingsOf (db: Db, caller: Caller, input: { userId?: string | undefined }): Promise<GroupSetting[]> {
  return groupSettings(db, await subjectOf(db, caller.user, input.userId))
}

/** Saves a Group Report setting (a named grouping of direct downlines) for the named user or the caller's account; audited. */
export async function saveGroupSettingOf (db: Db, caller: Caller, input: { userId?: string | undefined, name: string, groups: Array<{ Name: string, UserIds: string[] }> }): Promise<GroupSetting> {
  const owner = await subjectOf(db, caller.user, input.userId)
  return db.transaction(async (tx) => {
    const saved = await saveGroupSetting(tx, owner, input.name.trim(), input.groups.map((g) => ({ Name: g.Name.trim(), UserIds: g.UserIds })))
    await auditCall(tx, caller, 'report.groupSetting.save', { UserId: owner, SettingId: saved.SettingId, Name: saved.Name, Groups: saved.Groups })
    return saved
  })
}

/** Deletes a Group Report setting of the named user or the caller's account; audited. */
export async function removeGroupSetting (db: Db, caller: Caller, input: { userId?: string | undefined, settingId: number }): Promise<true> {
  const owner = await subjectOf(db, caller.user, input.userId)
  await db.transaction(async (tx) => {
    await deleteGroupSetting(tx, owner, input.settingId)
    await auditCall(tx, caller, 'report.groupSetting.delete', { UserId: owner, SettingId: input.settingId })
  })
  return true
}
