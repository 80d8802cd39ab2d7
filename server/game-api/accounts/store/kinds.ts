// The two kinds of downline account, and who may act on one: the same calls under agents/ (AG) and players/ (MEM).
import type { Queryable } from '../../../shared/db.ts'
import type { Role } from '../../../../schemas/game-api.ts'
import { errors } from '../../lib/errors.ts'
import type { AuthUser } from '../../lib/tokens.ts'
import { findRole } from '../../lib/store/users.ts'
import { assertSelfOrDownline } from '../../lib/downline-access.ts'

export interface AccountKind { prefix: 'agents' | 'players', role: Role, other: 'agents' | 'players' }
export const AGENTS: AccountKind = { prefix: 'agents', role: 'AG', other: 'players' }
export const PLAYERS: AccountKind = { prefix: 'players', role: 'MEM', other: 'agents' }

/** Throws unless target is a downline of the caller (never the caller: one's own position is the upline's to set) of this kind. */
export async function assertManaged (q: Queryable, user: AuthUser, kind: AccountKind, target: string): Promise<void> {
  if (target === user.userId) throw errors.notOwnAccount()
  await assertSelfOrDownline(q, user, target)
  const role = await findRole(q, target)
  if (role === undefined) throw errors.userNotFound(target)
  if (role !== kind.role) throw errors.wrongAccountKind(target, kind.prefix, kind.other)
}
