// What the Place Bets and Fixed Bets pages read before a bet: a user's betting rights, the game's entry settings, and one user's fixed setting,
// (db, caller, input) → result. Beside api.ts rather than in it: api.ts is long enough.
import type { Db } from '../../shared/db.ts'
import type { Game } from './rules/index.ts'
import type { Caller } from '../lib/caller.ts'
import { errors } from '../lib/errors.ts'
import { assertSelfOrDownline } from '../lib/downline-access.ts'
import { betPermissions, betSettings } from './store/bet-entry.ts'
import { fixedSettings, type FixedSetting } from './store/fixed-settings.ts'

/** The user a call names (the caller or a downline), else the caller: rights and settings are a person's own, never the company's. */
async function personOf (db: Db, caller: Caller, named: string | undefined): Promise<string> {
  const userId = named || caller.user.userId
  await assertSelfOrDownline(db, caller.user, userId)
  return userId
}

/** The named user's (else the caller's) betting rights on the game: the switches its upline set, its money and line maximum. */
export async function betPermissionsOf (db: Db, caller: Caller, input: { game: Game, userId?: string | undefined }): Promise<NonNullable<Awaited<ReturnType<typeof betPermissions>>>> {
  const userId = await personOf(db, caller, input.userId)
  const perm = await betPermissions(db, userId, input.game)
  if (!perm) throw errors.userNotFound(userId)
  return perm
}

/** The game's entry settings now: forms, the day codes and draws that take bets, the line and text limits. */
export async function betEntrySettings (db: Db, caller: Caller, input: { game: Game }): Promise<Awaited<ReturnType<typeof betSettings>>> {
  return betSettings(db, input.game, caller.now)
}

/** The named user's (else the caller's) fixed setting of the game. */
export async function fixedSettingOf (db: Db, caller: Caller, input: { game: Game, userId?: string | undefined }): Promise<FixedSetting> {
  const userId = await personOf(db, caller, input.userId)
  const [setting] = await fixedSettings(db, input.game, userId)
  if (!setting) throw errors.userNotFound(userId)
  return setting
}
