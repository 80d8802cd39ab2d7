import { readFile } from 'node:fs/promises'
import { Type, type Static } from 'typebox'
import { Value } from 'typebox/value'
import type { Db, Queryable } from '../../shared/db.ts'
import { Location, Role } from '../../../schemas/game-api.ts'
import { hashPassword } from '../lib/secrets.ts'
import { settingKeys, writeSetting } from '../lib/store/settings.ts'
import { seedBetting } from './betting-seed.ts'
import { demoAnnouncements, demoSettings, demoSmsSettings, demoTheme } from './demo-content.ts'
import { fromRoot } from '../../shared/paths.ts'
import { SETUP_TRANSACTION_TIMEOUT_MS } from '../../shared/transaction-guard.ts'

const n = Type.Number()
/** The shape of seed/demo-users.json. */
export const DemoFixture = Type.Object({
  password: Type.String({ minLength: 1 }),
  locations: Type.Array(Location),
  users: Type.Array(Type.Object({
    UserId: Type.String({ minLength: 1 }),
    ParentId: Type.Union([Type.String(), Type.Null()]),
    Role,
    AliasId: Type.String(),
    Granted: Type.Array(Type.String()),
    Rank: n,
    Locations: Type.Array(Type.String()),
    Credit: n,
    AccBal: n,
    CreditLeft: n,
    EnableCreateAgent: n,
    EnableCreateDownline: n,
    EnablePlaceBet: n,
    EnableUpload: n,
    disablePlaceBetAndFixedBet: n,
    tOutSetting1Enabled: n,
    dShare: n,
    tShare: n,
    dEnableViewShareClaim: n,
    termsAccepted: Type.Boolean(),
    updatePassword: Type.Boolean()
  }))
})
export type DemoFixture = Static<typeof DemoFixture>

const fixtureFile = fromRoot('server/game-api/seed/demo-users.json')

/** Reads and checks seed/demo-users.json. */
export async function readDemoFixture (): Promise<DemoFixture> {
  const raw: unknown = JSON.parse(await readFile(fixtureFile, 'utf8'))
  const problem = [...Value.Errors(DemoFixture, raw)][0]
  if (problem) throw new Error(`server/game-api/seed/demo-users.json${problem.instancePath}: ${problem.message}`)
  return raw as DemoFixture
}

/** Seeds the demo data on first start (when users is empty), in one transaction; answers whether it seeded. */
export async function seedDemoData (db: Db, now: Date): Promise<boolean> {
  const { rows } = await db.query<{ count: string | number }>('SELECT count(*) AS count FROM users')
  if (Number(rows[0]?.count) > 0) return false
  const fixture = await readDemoFixture()
  // Hash before the transaction: each user gets its own salt, and scrypt should not hold a lock.
  const hashes = await Promise.all(fixture.users.map(() => hashPassword(fixture.password)))
  return db.transaction(async (tx) => {
    // A concurrent first start waits here and then finds the users already seeded.
    await tx.query('SELECT pg_advisory_xact_lock(7402)')
    const again = await tx.query<{ count: string | number }>('SELECT count(*) AS count FROM users')
    if (Number(again.rows[0]?.count) > 0) return false
    await insertFixture(tx, fixture, hashes, now)
    for (const [key, value] of Object.entries(demoSettings)) await writeSetting(tx, key, value)
    await writeSetting(tx, settingKeys.maintenanceUntil, '')
    for (const s of demoSmsSettings) {
      await tx.query('INSERT INTO sms_settings (game, sms_number, telegram_bot, open_time, close_time, open_day, sms_helpdesk) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (game) DO NOTHING',
        [s.game, s.SMSNumber, s.TelegramBot, s.OpenTime, s.CloseTime, s.OpenDay, s.SMSHelpdesk])
    }
    // Oldest first, an hour apart, so "newest first" has a visible order.
    const announcements = demoAnnouncements()
    for (const [i, a] of announcements.entries()) {
      const at = new Date(now.getTime() - (announcements.length - i) * 3600_000)
      await tx.query('INSERT INTO announcements (content, color, popup, loc_id, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
        [a.Content, a.Color, a.PopUp, a.LocId, 'admin', at])
    }
    await seedBetting(tx, now)
    await tx.query('INSERT INTO audits (user_id, action, path, detail, created_at) VALUES (NULL, $1, $2, $3, $4)',
      ['seed', 'seed/demo-users.json', JSON.stringify({ users: fixture.users.length, announcements: announcements.length }), now])
    return true
  }, { timeoutMs: SETUP_TRANSACTION_TIMEOUT_MS })
}

async function insertFixture (tx: Queryable, fixture: DemoFixture, hashes: string[], now: Date): Promise<void> {
  for (const [position, l] of fixture.locations.entries()) {
    await tx.query('INSERT INTO locations (loc_id, loc, flags, position) VALUES ($1, $2, $3, $4) ON CONFLICT (loc_id) DO NOTHING', [l.LocId, l.Loc, l.flags, position])
  }
  // Parents before children, whatever the file's order, so the ParentId foreign key holds.
  const pending = [...fixture.users.entries()]
  const inserted = new Set<string>()
  while (pending.length > 0) {
    const index = pending.findIndex(([, u]) => u.ParentId === null || inserted.has(u.ParentId))
    if (index < 0) throw new Error(`demo-users.json: ParentId of ${pending.map(([, u]) => u.UserId).join(', ')} names no user`)
    const [[i, u]] = pending.splice(index, 1) as [[number, DemoFixture['users'][number]]]
    const theme = demoTheme(u.Role)
    await tx.query(
      `INSERT INTO users (user_id, login_id, parent_id, role, alias_id, granted, rank, credit, acc_bal, credit_left,
         enable_create_agent, enable_create_downline, enable_place_bet, enable_upload, disable_place_bet_and_fixed_bet, t_out_setting1_enabled,
         d_share, t_share, d_enable_view_share_claim, vip_top_bg_image, vip_left_css, color_tbl01, color_tbl02,
         password_hash, terms_accepted, update_password, created_at)
       VALUES ($1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26)`,
      [u.UserId, u.ParentId, u.Role, u.AliasId, u.Granted, u.Rank, u.Credit, u.AccBal, u.CreditLeft,
        u.EnableCreateAgent, u.EnableCreateDownline, u.EnablePlaceBet, u.EnableUpload, u.disablePlaceBetAndFixedBet, u.tOutSetting1Enabled,
        u.dShare, u.tShare, u.dEnableViewShareClaim, theme.VipTopBGImage, theme.VipLeftCss, theme.ColorTbl01, theme.ColorTbl02,
        hashes[i], u.termsAccepted, u.updatePassword, now])
    for (const [position, locId] of u.Locations.entries()) {
      await tx.query('INSERT INTO user_locations (user_id, loc_id, position) VALUES ($1, $2, $3)', [u.UserId, locId, position])
    }
    inserted.add(u.UserId)
  }
  // The ledger holds every AccBal: a demo balance starts as its opening entry.
  await tx.query("INSERT INTO ledger (user_id, kind, amount, remarks, created_at) SELECT user_id, 'opening', acc_bal, 'demo opening balance', $1 FROM users WHERE acc_bal <> 0", [now])
}
