// Share Claim Setting's rows: the downline agents and admins of an account with their shares and whether they see Share Claim (Company).
import type { Queryable } from '../../../shared/db.ts'
import { downlineCte } from '../../lib/user-tree.ts'

/** One agent's (or admin's) share-claim setting. */
export interface ClaimSettingRow { UserId: string, UserName: string, Role: string, ParentId: string | null, dShare: number, tShare: number, dEnableViewShareClaim: number }

const ROWS_SQL = `WITH RECURSIVE ${downlineCte('down', { from: 'SELECT $1::text' })}
  SELECT u.user_id AS "UserId", u.alias_id AS "UserName", u.role AS "Role", u.parent_id AS "ParentId", u.d_share::float8 AS "dShare", u.t_share::float8 AS "tShare",
    u.d_enable_view_share_claim AS "dEnableViewShareClaim"
  FROM down JOIN users u ON u.user_id = down.user_id WHERE down.depth > 0 AND u.role IN ('ADMIN', 'AG') AND u.deleted_at IS NULL AND ($2::text IS NULL OR u.user_id = $2)
  ORDER BY down.depth, u.user_id`

/** The settings of the account's downline agents and admins (members hold no share), nearest first; only userId's when given. */
export async function claimSettings (q: Queryable, account: string, userId: string | null = null): Promise<ClaimSettingRow[]> {
  return (await q.query<ClaimSettingRow>(ROWS_SQL, [account, userId])).rows
}

/** Sets whether a user sees Share Claim (Company). */
export async function writeCompanyView (q: Queryable, userId: string, view: number): Promise<void> {
  await q.query('UPDATE users SET d_enable_view_share_claim = $2 WHERE user_id = $1', [userId, view])
}
