// The demo seed's writes of first start: locations, users with their locations and opening balances, SMS settings, announcements, its audit.
import type { Queryable } from '../../../shared/db.ts'
import type { Announcement, Location, Profile, SmsSettings } from '../../../../schemas/game-api.ts'

/** How many users there are (the demo is seeded only into an empty users table). */
export async function countUsers (q: Queryable): Promise<number> {
  const { rows } = await q.query<{ count: string | number }>('SELECT count(*) AS count FROM users')
  return Number(rows[0]?.count)
}

/** Takes the seed's transaction-wide lock: a concurrent first start waits here. */
export async function lockSeeding (tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(7402)')
}

/** Adds a location at position, unless its id is there already. */
export async function insertLocation (tx: Queryable, l: Location, position: number): Promise<void> {
  await tx.query('INSERT INTO locations (loc_id, loc, flags, position) VALUES ($1, $2, $3, $4) ON CONFLICT (loc_id) DO NOTHING', [l.LocId, l.Loc, l.flags, position])
}

/** A demo user's row: the fixture's fields, its theme and its password hash (its login id is its user id). */
export type DemoUserRow = Pick<Profile, 'UserId' | 'ParentId' | 'Role' | 'AliasId' | 'Granted' | 'Rank' | 'Credit' | 'AccBal' | 'CreditLeft'
  | 'EnableCreateAgent' | 'EnableCreateDownline' | 'EnablePlaceBet' | 'EnableUpload' | 'disablePlaceBetAndFixedBet' | 'tOutSetting1Enabled'
  | 'dShare' | 'tShare' | 'dEnableViewShareClaim' | 'VipTopBGImage' | 'VipLeftCss' | 'ColorTbl01' | 'ColorTbl02' | 'termsAccepted' | 'updatePassword'>
  & { passwordHash: string | undefined }

/** Adds a demo user, then its locations in their order. */
export async function insertDemoUser (tx: Queryable, u: DemoUserRow, locIds: readonly string[], now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO users (user_id, login_id, parent_id, role, alias_id, granted, rank, credit, acc_bal, credit_left,
       enable_create_agent, enable_create_downline, enable_place_bet, enable_upload, disable_place_bet_and_fixed_bet, t_out_setting1_enabled,
       d_share, t_share, d_enable_view_share_claim, vip_top_bg_image, vip_left_css, color_tbl01, color_tbl02,
       password_hash, terms_accepted, update_password, created_at)
     VALUES ($1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26)`,
    [u.UserId, u.ParentId, u.Role, u.AliasId, u.Granted, u.Rank, u.Credit, u.AccBal, u.CreditLeft,
      u.EnableCreateAgent, u.EnableCreateDownline, u.EnablePlaceBet, u.EnableUpload, u.disablePlaceBetAndFixedBet, u.tOutSetting1Enabled,
      u.dShare, u.tShare, u.dEnableViewShareClaim, u.VipTopBGImage, u.VipLeftCss, u.ColorTbl01, u.ColorTbl02,
      u.passwordHash, u.termsAccepted, u.updatePassword, now])
  for (const [position, locId] of locIds.entries()) {
    await tx.query('INSERT INTO user_locations (user_id, loc_id, position) VALUES ($1, $2, $3)', [u.UserId, locId, position])
  }
}

/** Writes every user's AccBal as its opening ledger entry: the ledger holds every balance. */
export async function openDemoBalances (tx: Queryable, now: Date): Promise<void> {
  await tx.query("INSERT INTO ledger (user_id, kind, amount, remarks, created_at) SELECT user_id, 'opening', acc_bal, 'demo opening balance', $1 FROM users WHERE acc_bal <> 0", [now])
}

/** Adds a game's SMS settings, unless the game has them already. */
export async function insertSmsSettings (tx: Queryable, s: SmsSettings & { game: string }): Promise<void> {
  await tx.query('INSERT INTO sms_settings (game, sms_number, telegram_bot, open_time, close_time, open_day, sms_helpdesk) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (game) DO NOTHING',
    [s.game, s.SMSNumber, s.TelegramBot, s.OpenTime, s.CloseTime, s.OpenDay, s.SMSHelpdesk])
}

/** Adds an announcement by admin at the given time. */
export async function insertAnnouncement (tx: Queryable, a: Pick<Announcement, 'Content' | 'Color' | 'PopUp' | 'LocId'>, at: Date): Promise<void> {
  await tx.query('INSERT INTO announcements (content, color, popup, loc_id, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [a.Content, a.Color, a.PopUp, a.LocId, 'admin', at])
}

/** Records the seeding in the audit trail, with how much it wrote. */
export async function auditSeeding (tx: Queryable, detail: { users: number, announcements: number }, now: Date): Promise<void> {
  await tx.query('INSERT INTO audits (user_id, action, path, detail, created_at) VALUES (NULL, $1, $2, $3, $4)',
    ['seed', 'seed/demo-users.json', JSON.stringify(detail), now])
}
