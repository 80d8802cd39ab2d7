import type { Queryable } from '../../../shared/db.ts'
import { readTogether, type Read } from '../../../shared/sql-params.ts'
import type { Location, Profile, Role } from '../../../../schemas/game-api.ts'
import { uplineCte } from '../user-tree.ts'

/** What sign-in needs to know about a user. */
export interface LoginRecord {
  userId: string
  role: Role
  passwordHash: string
  updatePassword: boolean
  /** Suspended by the upline: the password may be right, but sign-in is refused with the reason. */
  suspended: boolean
}

/** The user whose login id matches, ignoring case, or undefined. */
export async function findLogin (q: Queryable, loginId: string): Promise<LoginRecord | undefined> {
  // A deleted user is unknown to sign-in.
  const { rows } = await q.query<{ user_id: string, role: Role, password_hash: string, update_password: boolean, suspended: boolean }>(
    'SELECT user_id, role, password_hash, update_password, suspended FROM users WHERE lower(login_id) = lower($1) AND deleted_at IS NULL', [loginId])
  const row = rows[0]
  return row && { userId: row.user_id, role: row.role, passwordHash: row.password_hash, updatePassword: row.update_password, suspended: row.suspended }
}

/** The user's role, or undefined when the user does not exist. */
export async function findRole (q: Queryable, userId: string): Promise<Role | undefined> {
  const { rows } = await q.query<{ role: Role }>('SELECT role FROM users WHERE user_id = $1', [userId])
  return rows[0]?.role
}

/** The locations the user may use, in their order (the first is the default). */
export async function userLocations (q: Queryable, userId: string): Promise<Location[]> {
  const { rows } = await q.query<{ loc_id: string, loc: string, flags: Location['flags'] }>(
    'SELECT l.loc_id, l.loc, l.flags FROM user_locations ul JOIN locations l ON l.loc_id = ul.loc_id WHERE ul.user_id = $1 ORDER BY ul.position', [userId])
  return rows.map((r) => ({ LocId: r.loc_id, Loc: r.loc, flags: r.flags }))
}

/** Whether the location is one of the user's: every game call naming a LocId is refused otherwise. */
export async function isUserLocation (q: Queryable, userId: string, locId: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM user_locations WHERE user_id = $1 AND loc_id = $2', [userId, locId])
  return rows.length > 0
}

/** Every location, in catalogue order. */
export async function allLocations (q: Queryable): Promise<Location[]> {
  const { rows } = await q.query<{ loc_id: string, loc: string, flags: Location['flags'] }>('SELECT loc_id, loc, flags FROM locations ORDER BY position')
  return rows.map((r) => ({ LocId: r.loc_id, Loc: r.loc, flags: r.flags }))
}

/** Whether ancestorId is above userId in the ParentId hierarchy. */
export async function isAncestor (q: Queryable, ancestorId: string, userId: string): Promise<boolean> {
  const { rows } = await q.query(
    `WITH RECURSIVE ${uplineCte('up', { from: 'SELECT user_id, parent_id FROM users WHERE user_id = $2' })}
     SELECT 1 FROM up WHERE parent_id = $1 LIMIT 1`, [ancestorId, userId])
  return rows.length > 0
}

/**
 * The account whose books a user reads and acts for: a staff admin (an ADMIN sub-account under an ADMIN) acts for the company
 * admin at the top of its chain; anyone else for themself.
 */
export async function accountOf (q: Queryable, userId: string): Promise<string> {
  const { rows } = await q.query<{ user_id: string }>(
    `WITH RECURSIVE ${uplineCte('up', { from: "SELECT user_id, parent_id FROM users WHERE user_id = $1 AND role = 'ADMIN'", where: "u.role = 'ADMIN'" })}
     SELECT user_id FROM up ORDER BY depth DESC LIMIT 1`, [userId])
  return rows[0]?.user_id ?? userId
}

interface ProfileRow {
  user_id: string
  login_id: string
  parent_id: string | null
  role: Role
  alias_id: string
  granted: string[]
  rank: number
  credit: string | number
  acc_bal: string | number
  credit_left: string | number
  enable_create_agent: number
  enable_create_downline: number
  enable_place_bet: number
  enable_upload: number
  disable_place_bet_and_fixed_bet: number
  t_out_setting1_enabled: number
  d_share: string | number
  t_share: string | number
  d_enable_view_share_claim: number
  vip_top_bg_image: string
  vip_left_css: string
  color_tbl01: string
  color_tbl02: string
  terms_accepted: boolean
  update_password: boolean
}

/** The user's profile as stored (money and shares are numeric columns, read back as numbers); a staff admin's shares are its company's, whose figures it sees. */
export async function loadProfile (q: Queryable, userId: string): Promise<Profile | undefined> {
  const { rows } = await q.query<ProfileRow>('SELECT * FROM users WHERE user_id = $1', [userId])
  const own = rows[0]
  if (!own) return undefined
  // A staff admin holds no share of its own: its menu, columns and reports follow the company's.
  const account = own.role === 'ADMIN' && own.parent_id !== null ? await accountOf(q, userId) : userId
  const shares = account === userId ? own : (await q.query<ProfileRow>('SELECT * FROM users WHERE user_id = $1', [account])).rows[0] ?? own
  const r = { ...own, d_share: shares.d_share, t_share: shares.t_share, d_enable_view_share_claim: shares.d_enable_view_share_claim }
  const locations = await userLocations(q, userId)
  const first = locations[0] ?? (await allLocations(q)).find((l) => l.LocId === 'SG')
  return {
    UserId: r.user_id,
    LoginId: r.login_id,
    ParentId: r.parent_id,
    Role: r.role,
    AliasId: r.alias_id,
    Granted: r.granted,
    Loc: { LocId: first?.LocId ?? 'SG', Loc: first?.Loc ?? 'Singapore' },
    Rank: Number(r.rank),
    Credit: Number(r.credit),
    AccBal: Number(r.acc_bal),
    CreditLeft: Number(r.credit_left),
    EnableCreateAgent: Number(r.enable_create_agent),
    EnableCreateDownline: Number(r.enable_create_downline),
    EnablePlaceBet: Number(r.enable_place_bet),
    EnableUpload: Number(r.enable_upload),
    disablePlaceBetAndFixedBet: Number(r.disable_place_bet_and_fixed_bet),
    tOutSetting1Enabled: Number(r.t_out_setting1_enabled),
    dShare: Number(r.d_share),
    tShare: Number(r.t_share),
    dEnableViewShareClaim: Number(r.d_enable_view_share_claim),
    VipTopBGImage: r.vip_top_bg_image,
    VipLeftCss: r.vip_left_css,
    ColorTbl01: r.color_tbl01,
    ColorTbl02: r.color_tbl02,
    termsAccepted: r.terms_accepted,
    updatePassword: r.update_password
  }
}

/** The user's sign-in password hash, or undefined when there is no such user. */
export async function passwordHashOf (q: Queryable, userId: string): Promise<string | undefined> {
  const { rows: [row] } = await q.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE user_id = $1', [userId])
  return row?.password_hash
}

/** Writes a new sign-in password hash; the forced change is then done. */
export async function writePasswordHash (q: Queryable, userId: string, hash: string): Promise<void> {
  await q.query('UPDATE users SET password_hash = $2, update_password = false WHERE user_id = $1', [userId, hash])
}

/** The two checks every placement makes, in one read: whether the caller may place bets, and whether the bettor is suspended (or deleted). */
export async function placementFlags (q: Queryable, callerId: string, bettorId: string): Promise<PlacementFlags> {
  return (await readTogether(q, { flags: placementFlagsRead(callerId, bettorId) })).flags
}

/** Whether the caller may place bets (EnablePlaceBet on, placing not disabled) and whether the bettor is suspended or deleted. */
export interface PlacementFlags { mayPlace: boolean, suspended: boolean }

/** placementFlags as one read of a statement made of several (placement reads them with its draws and bettors). */
export function placementFlagsRead (callerId: string, bettorId: string): Read<PlacementFlags> {
  return {
    sql: (add) => `SELECT (SELECT enable_place_bet = 1 AND disable_place_bet_and_fixed_bet = 0 FROM users WHERE user_id = ${add(callerId, 'text')}) AS may,
            (SELECT suspended OR deleted_at IS NOT NULL FROM users WHERE user_id = ${add(bettorId, 'text')}) AS off`,
    parse: ([row]) => ({ mayPlace: row?.may === true, suspended: row?.off === true })
  }
}

/** Whether the user may place bets: EnablePlaceBet on and placing not disabled. */
export async function mayPlaceBets (q: Queryable, userId: string): Promise<boolean> {
  const { rows } = await q.query<{ ok: boolean }>('SELECT enable_place_bet = 1 AND disable_place_bet_and_fixed_bet = 0 AS ok FROM users WHERE user_id = $1', [userId])
  return rows[0]?.ok === true
}
