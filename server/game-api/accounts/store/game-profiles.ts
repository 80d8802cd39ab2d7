// One game's side of accounts (4D: dShare/dCommission, TOTO: tShare/tCommission): the downline of every role, a user's game profile, and what a parent may give.
import type { Queryable } from '../../../shared/db.ts'
import type { Game } from '../../../../schemas/domain/calendar.ts'
import { positionRule } from '../../../../schemas/domain/position-ranges.ts'
import { LINE_STAKE_BOUND } from '../../../../schemas/game/index.ts'
import { downlineCte } from '../../lib/user-tree.ts'
import { parentBounds } from './position.ts'
import { lineStakeCap } from '../rules/position-values.ts'
import { loadAccount, lockUsers, type Locked } from './accounts.ts'
import { SIDE_FIELDS } from '../rules/side-fields.ts'

/** A downline user with its share of one game (Depth 1: directly under the root). */
export interface GameMember { UserId: string, UserName: string, Role: string, ParentId: string | null, Depth: number, Share: number, Suspended: boolean }

/** The side's share and commission under the side's own names (dShare, dCommission at 4D; tShare, tCommission at TOTO). */
export type SideValues = Partial<Record<'dShare' | 'tShare' | 'dCommission' | 'tCommission', number>>

/** A user's profile on one game's side, as the Agents and Players dialogs show it. */
export type GameProfile = SideValues & {
  UserId: string,
  UserName: string,
  Role: string,
  ParentId: string | null,
  Game: Game,
  Tax: number,
  MaxLineStake: number,
  Credit: number,
  CreditLeft: number,
  Suspended: boolean,
  Locations: string[],
  Limits: { Big: number | null, Small: number | null, Unit: number | null } | null
}

/** One field a parent may set on a downline: its range narrowed to the parent's own value. */
export interface Bound { Min: number, Max: number, Step: number }
/** The bounds of a side's position fields, by the field's name. */
export type Bounds = Record<string, Bound>

const SHARE_COLUMN: Record<Game, string> = { '4D': 'd_share', TOTO: 't_share' }

/** Every live user below rootId (any role, any depth), by depth and id, with its share of the game. */
export async function membersAllRoles (q: Queryable, rootId: string, game: Game): Promise<GameMember[]> {
  const { rows } = await q.query<GameMember>(
    `WITH RECURSIVE ${downlineCte('down', { from: 'SELECT user_id FROM users WHERE parent_id = $1 AND deleted_at IS NULL', where: 'u.deleted_at IS NULL' })}
     SELECT u.user_id AS "UserId", u.alias_id AS "UserName", u.role AS "Role", u.parent_id AS "ParentId", (down.depth + 1)::int AS "Depth",
       u.${SHARE_COLUMN[game]}::float8 AS "Share", u.suspended AS "Suspended"
     FROM down JOIN users u ON u.user_id = down.user_id ORDER BY down.depth, u.user_id`, [rootId])
  return rows
}

/** A live user's profile on the game's side, or undefined. */
export async function gameProfile (q: Queryable, userId: string, game: Game): Promise<GameProfile | undefined> {
  const a = await loadAccount(q, userId)
  if (!a) return undefined
  const { rows: [limit] } = await q.query<{ big_limit: string | null, small_limit: string | null, unit_limit: string | null }>(
    'SELECT big_limit, small_limit, unit_limit FROM out_settings WHERE user_id = $1 AND game = $2', [userId, game])
  const num = (v: string | null | undefined) => v == null ? null : Number(v)
  return {
    UserId: a.UserId,
    UserName: a.UserName,
    Role: a.Role,
    ParentId: a.ParentId,
    Game: game,
    [SIDE_FIELDS[game].share]: game === '4D' ? a.dShare : a.tShare,
    [SIDE_FIELDS[game].commission]: game === '4D' ? a.dCommission : a.tCommission,
    Tax: a.Tax,
    MaxLineStake: a.MaxLineStake,
    Credit: a.Credit,
    CreditLeft: a.CreditLeft,
    Suspended: a.Suspended,
    Locations: a.Locations,
    Limits: limit ? { Big: num(limit.big_limit), Small: num(limit.small_limit), Unit: num(limit.unit_limit) } : null
  }
}

/** The parent as the rules read it, or undefined when it is not a live user. */
export async function parentOf (q: Queryable, parentId: string): Promise<Locked | undefined> {
  return (await lockUsers(q, [parentId], false)).get(parentId)
}

/** What the parent may give a downline on the game's side, by the side's field names: share, commission, tax and the line maximum, each bounded by its own (as PUT …/position checks them). */
export async function boundsUnder (q: Queryable, parent: Locked, game: Game): Promise<Bounds> {
  const own = await parentBounds(q, parent)
  const { share, commission } = SIDE_FIELDS[game]
  const cap = (rule: { min: number, max: number, step: number }, value: number | undefined): Bound =>
    ({ Min: rule.min, Max: Math.min(rule.max, value ?? rule.max), Step: rule.step })
  return {
    [share]: cap(positionRule('share'), own[share]),
    [commission]: cap(positionRule('commission', game), own[commission]),
    Tax: cap(positionRule('tax'), own.Tax),
    MaxLineStake: { Min: 1, Max: lineStakeCap(parent) ?? LINE_STAKE_BOUND, Step: 1 }
  }
}
