// The accounts module's d/t/m reads (d: 4D, t: TOTO, m: member): the downline of every role, a downline's game profile, what the Agents and
// Players dialogs load to edit or create, and the share choices, (db, caller, input) → result. Beside api.ts rather than in it: api.ts holds the writes and is long enough.
import type { Db } from '../../shared/db.ts'
import type { Game } from '../../../schemas/domain/calendar.ts'
import type { Role } from '../../../schemas/game-api.ts'
import type { Caller } from '../lib/caller.ts'
import { errors } from '../lib/errors.ts'
import { assertSelfOrDownline, subjectOf } from '../lib/downline-access.ts'
import { findRole } from '../lib/store/users.ts'
import { locationsOf } from './store/accounts.ts'
import { shareChoices } from './rules/position-values.ts'
import { boundsUnder, gameProfile, membersAllRoles, parentOf, type Bounds, type GameMember, type GameProfile } from './store/game-profiles.ts'

const otherGame = (game: Game): Game => game === '4D' ? 'TOTO' : '4D'

/** Every role below the caller's account (or below the named user), by depth, with the game's share. */
export async function membersOfGame (db: Db, caller: Caller, input: { game: Game, userId?: string | undefined }): Promise<GameMember[]> {
  return membersAllRoles(db, await subjectOf(db, caller.user, input.userId), input.game)
}

/** A downline's game profile (the caller's own too when self is allowed); role, when given, must match. */
export async function memberGameProfile (db: Db, caller: Caller, input: { userId: string, game: Game, role?: Role | undefined }): Promise<GameProfile> {
  const { userId, game, role } = input
  await assertSelfOrDownline(db, caller.user, userId)
  const found = await findRole(db, userId)
  if (found === undefined) throw errors.userNotFound(userId)
  if (role !== undefined && found !== role) throw errors.wrongAccountKind(userId, role === 'AG' ? 'agents' : 'players', role === 'AG' ? 'players' : 'agents')
  const profile = await gameProfile(db, userId, game)
  if (!profile) throw errors.userNotFound(userId)
  return profile
}

/** The edit dialog's record: the downline's game profile and what its parent may give it, in the fields the form and PUT …/position use. */
export async function editProfile (db: Db, caller: Caller, input: { userId: string, game: Game }): Promise<GameProfile & { Bounds: Bounds }> {
  const { userId, game } = input
  if (userId === caller.user.userId) throw errors.notOwnAccount()
  const profile = await memberGameProfile(db, caller, { userId, game })
  const parent = profile.ParentId === null ? undefined : await parentOf(db, profile.ParentId)
  if (!parent) throw errors.userNotFound(profile.ParentId ?? userId)
  return { ...profile, Bounds: await boundsUnder(db, parent, game) }
}

/** The new dialog's record: the defaults of a new account under the parent (the form's fields, as POST agents/players takes them) and what the parent may give. */
export async function newProfile (db: Db, caller: Caller, input: { parentId?: string | undefined, game: Game }) {
  const { user } = caller
  const { game } = input
  // The parent POST agents/players defaults to as well: a staff admin's new accounts go under the company.
  const parentId = await subjectOf(db, user, input.parentId)
  const parent = await parentOf(db, parentId)
  if (!parent) throw errors.userNotFound(parentId)
  if (parent.role === 'MEM') throw errors.wrongAccountKind(parentId, 'agents', 'players')
  // The parent's locations the caller may use itself (the form's choices, locIdAvailable): a staff admin ticks none it cannot see.
  const own = parentId === user.userId ? undefined : await locationsOf(db, user.userId)
  return {
    ParentId: parentId,
    Game: game,
    ParentCreditLeft: parent.creditLeft,
    Locations: (await locationsOf(db, parentId)).filter((l) => own === undefined || own.includes(l)),
    dShare: 0,
    dCommission: 0,
    tShare: 0,
    tCommission: 0,
    Tax: 0,
    MaxLineStake: parent.maxLineStake,
    Credit: 0,
    // The other game's bounds first: the dialog's own game decides Tax and MaxLineStake.
    Bounds: { ...await boundsUnder(db, parent, otherGame(game)), ...await boundsUnder(db, parent, game) }
  }
}

/** The 4D share values the caller's account (or a downline parent) may give: 0 to its own dShare. */
export async function shareTypeChoices (db: Db, caller: Caller, input: { userId?: string | undefined }): Promise<Array<{ Value: number, Label: string }>> {
  const parentId = await subjectOf(db, caller.user, input.userId)
  const parent = await parentOf(db, parentId)
  if (!parent) throw errors.userNotFound(parentId)
  return shareChoices(parent.dShare).map((v) => ({ Value: v, Label: `${Math.round(v * 100)}%` }))
}
