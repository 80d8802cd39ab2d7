// Who may use the share-claim calls: the Control pages' rule (adminPerm DrawSetting) and the company view's (dEnableViewShareClaim = 1).
import type { Queryable } from '../../../shared/db.ts'
import type { AuthUser } from '../../lib/tokens.ts'
import { subjectOf } from '../../lib/downline-access.ts'
import { assertAdminPermission } from '../../accounts/api.ts'
import { shareClaimErrors } from '../errors.ts'

/** Throws 403 unless the caller is an ADMIN granted DrawSetting (the rule of Control › Share Claim and Share Claim Setting). */
export async function assertShareClaimAdmin (q: Queryable, user: AuthUser): Promise<void> {
  await assertAdminPermission(q, user, 'DrawSetting')
}

/** Throws 403 unless the caller may open Share Claim (Company): dEnableViewShareClaim = 1, or the Control rule. */
export async function assertCompanyView (q: Queryable, user: AuthUser): Promise<void> {
  const { rows: [me] } = await q.query<{ view: number }>('SELECT d_enable_view_share_claim AS view FROM users WHERE user_id = $1', [user.userId])
  if (Number(me?.view) === 1) return
  try {
    await assertShareClaimAdmin(q, user)
  } catch {
    throw shareClaimErrors.noCompanyView()
  }
}

/**
 * The upline a claim call acts for (the given UserId, else the caller's account; within the caller's tree), after checking that downlineId
 * sits directly under it: claims run between a level and the level just below.
 */
export async function directPair (q: Queryable, user: AuthUser, userId: string | undefined, downlineId: string): Promise<string> {
  const uplineId = await subjectOf(q, user, userId)
  const { rows: [down] } = await q.query<{ parent_id: string | null }>('SELECT parent_id FROM users WHERE user_id = $1', [downlineId])
  if (down?.parent_id !== uplineId) throw shareClaimErrors.notDirectDownline(downlineId, uplineId)
  return uplineId
}
