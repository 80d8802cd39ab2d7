// Who may use the share-claim calls: the Control pages' rule (adminPerm DrawSetting) and the company view's (dEnableViewShareClaim = 1).
import type { FastifyRequest } from 'fastify'
import type { Queryable } from '../../../shared/db.ts'
import { caller } from '../../plugins/auth.ts'
import { subjectOf } from '../../lib/downline-access.ts'
import { assertAdminPermission } from '../../accounts/api.ts'
import { shareClaimErrors } from '../errors.ts'

/** Throws 403 unless the caller is an ADMIN granted DrawSetting (the rule of Control › Share Claim and Share Claim Setting). */
export async function assertShareClaimAdmin (q: Queryable, request: FastifyRequest): Promise<void> {
  await assertAdminPermission(q, caller(request), 'DrawSetting')
}

/** Throws 403 unless the caller may open Share Claim (Company): dEnableViewShareClaim = 1, or the Control rule. */
export async function assertCompanyView (q: Queryable, request: FastifyRequest): Promise<void> {
  const { rows: [me] } = await q.query<{ view: number }>('SELECT d_enable_view_share_claim AS view FROM users WHERE user_id = $1', [caller(request).userId])
  if (Number(me?.view) === 1) return
  try {
    await assertShareClaimAdmin(q, request)
  } catch {
    throw shareClaimErrors.noCompanyView()
  }
}

/**
 * The upline a claim call acts for (the given UserId, else the caller's account; within the caller's tree), after checking that downlineId
 * sits directly under it: claims run between a level and the level just below.
 */
export async function directPair (q: Queryable, request: FastifyRequest, userId: string | undefined, downlineId: string): Promise<string> {
  const uplineId = await subjectOf(q, caller(request), userId)
  const { rows: [down] } = await q.query<{ parent_id: string | null }>('SELECT parent_id FROM users WHERE user_id = $1', [downlineId])
  if (down?.parent_id !== uplineId) throw shareClaimErrors.notDirectDownline(downlineId, uplineId)
  return uplineId
}
