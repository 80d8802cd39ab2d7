// The nine permission names and the check that an ADMIN holds one: the rule of every call a permission guards.
import type { Queryable } from '../../../shared/db.ts'
import { errors } from '../../lib/errors.ts'
import type { AuthUser } from '../../lib/tokens.ts'

/** The nine permission names of seed 001 §6. */
export const PERMISSION_NAMES = ['BetEntry', 'DrawSetting', 'FixedSetting', 'AdminEdit', 'SuperPwd', 'OutSet', 'Report', 'SMSGateway', 'MemberEdit', 'ConfigEdit', 'ConfigApprove'] as const

/** The caller's Granted names, when the caller is an ADMIN holding the named permission (or '*', or the ADMIN alias); 403 otherwise. */
export async function assertAdminPermission (q: Queryable, user: AuthUser, name: typeof PERMISSION_NAMES[number]): Promise<string[]> {
  const { rows } = await q.query<{ granted: string[], alias_id: string }>('SELECT granted, alias_id FROM users WHERE user_id = $1', [user.userId])
  const me = rows[0]
  const may = user.role === 'ADMIN' && me !== undefined && (me.alias_id === 'ADMIN' || me.granted.includes('*') || me.granted.includes(name))
  if (!may || !me) throw errors.badPermission(name)
  return me.granted
}

/** A user who may hold permissions (ADMIN or AG, not deleted) with the names granted. */
export interface PermissionHolder { UserId: string, UserName: string, Role: string, Granted: string[] }

/** Those of the ids that may hold permissions, by id. */
export async function permissionHolders (q: Queryable, ids: string[]): Promise<PermissionHolder[]> {
  const { rows } = await q.query<{ user_id: string, alias_id: string, role: string, granted: string[] }>(
    "SELECT user_id, alias_id, role, granted FROM users WHERE user_id = ANY($1::text[]) AND role IN ('ADMIN', 'AG') AND deleted_at IS NULL ORDER BY user_id", [ids])
  return rows.map((r) => ({ UserId: r.user_id, UserName: r.alias_id, Role: r.role, Granted: r.granted }))
}

/** Sets the user's granted names. */
export async function writeGranted (q: Queryable, userId: string, granted: string[]): Promise<void> {
  await q.query('UPDATE users SET granted = $2 WHERE user_id = $1', [userId, granted])
}

/** Takes one name from the user's granted names. */
export async function revokeGranted (q: Queryable, userId: string, name: string): Promise<void> {
  await q.query('UPDATE users SET granted = array_remove(granted, $2) WHERE user_id = $1', [userId, name])
}
