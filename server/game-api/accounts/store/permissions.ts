// The nine permission names and the check that an ADMIN holds one: the rule of every call a permission guards.
import type { Queryable } from '../../../shared/db.ts'
import { errors } from '../../lib/errors.ts'
import type { AuthUser } from '../../lib/tokens.ts'

/** The nine permission names of seed 001 §6. */
export const PERMISSION_NAMES = ['BetEntry', 'DrawSetting', 'FixedSetting', 'AdminEdit', 'SuperPwd', 'OutSet', 'Report', 'SMSGateway', 'MemberEdit'] as const

/** The caller's Granted names, when the caller is an ADMIN holding the named permission (or '*', or the ADMIN alias); 403 otherwise. */
export async function assertAdminPermission (q: Queryable, user: AuthUser, name: typeof PERMISSION_NAMES[number]): Promise<string[]> {
  const { rows } = await q.query<{ granted: string[], alias_id: string }>('SELECT granted, alias_id FROM users WHERE user_id = $1', [user.userId])
  const me = rows[0]
  const may = user.role === 'ADMIN' && me !== undefined && (me.alias_id === 'ADMIN' || me.granted.includes('*') || me.granted.includes(name))
  if (!may || !me) throw errors.badPermission(name)
  return me.granted
}
