// The reports module's use cases: (db, caller, input) → result, each write in its own transaction with its audit record. Its store/ is private.
import type { Db } from '../../shared/db.ts'
import type { Game } from '../betting/rules/index.ts'
import type { Caller } from '../lib/caller.ts'
import { errors } from '../lib/errors.ts'
import { auditCall } from '../lib/store/audit-trail.ts'
import { assertOtherThanAccount, assertSelfOrDownline, subjectOf } from '../lib/downline-access.ts'
import { shareClaimErrors } from './errors.ts'
import { assertShareClaimAdmin, directPair } from './store/claim-access.ts'
import { closedPeriodOf, periodOf, type PeriodInput } from './store/claim-period.ts'

/** A period query or body, with the upline it asks about (the caller's account when absent). */
type UplinePeriod = PeriodInput & { UserId?: string | undefined }
import { claimSettings, writeCompanyView, type ClaimSettingRow } from './store/claim-settings.ts'
import { deleteClaim, listClaims, lockClaim, recordClaims, recordGroupClaims, type ClaimRow } from './store/claims.ts'

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
