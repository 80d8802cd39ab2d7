// Who may use the OutSet calls: the server side of the menu's OutSet rule.
import type { Queryable } from '../../../shared/db.ts'
import type { AuthUser } from '../../lib/tokens.ts'
import { outsetErrors } from '../errors.ts'

/** Throws 403 unless the caller holds OutSet (or '*', or is the ADMIN alias): the server side of the menu's OutSet rule. */
export async function assertOutSet (q: Queryable, user: AuthUser): Promise<void> {
  const { rows: [me] } = await q.query<{ granted: string[], alias_id: string }>('SELECT granted, alias_id FROM users WHERE user_id = $1', [user.userId])
  const may = me !== undefined && ((user.role === 'ADMIN' && me.alias_id === 'ADMIN') || me.granted.includes('*') || me.granted.includes('OutSet'))
  if (!may) throw outsetErrors.noOutSet()
}
