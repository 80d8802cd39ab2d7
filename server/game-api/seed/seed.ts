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
import { auditSeeding, countUsers, insertAnnouncement, insertDemoUser, insertLocation, insertSmsSettings, lockSeeding, openDemoBalances } from './store/demo-data.ts'
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
  if (await countUsers(db) > 0) return false
  const fixture = await readDemoFixture()
  // Hash before the transaction: each user gets its own salt, and scrypt should not hold a lock.
  const hashes = await Promise.all(fixture.users.map(() => hashPassword(fixture.password)))
  return db.transaction(async (tx) => {
    // A concurrent first start waits here and then finds the users already seeded.
    await lockSeeding(tx)
    if (await countUsers(tx) > 0) return false
    await insertFixture(tx, fixture, hashes, now)
    for (const [key, value] of Object.entries(demoSettings)) await writeSetting(tx, key, value)
    await writeSetting(tx, settingKeys.maintenanceUntil, '')
    for (const s of demoSmsSettings) await insertSmsSettings(tx, s)
    // Oldest first, an hour apart, so "newest first" has a visible order.
    const announcements = demoAnnouncements()
    for (const [i, a] of announcements.entries()) {
      const at = new Date(now.getTime() - (announcements.length - i) * 3600_000)
      await insertAnnouncement(tx, a, at)
    }
    await seedBetting(tx, now)
    await auditSeeding(tx, { users: fixture.users.length, announcements: announcements.length }, now)
    return true
  }, { timeoutMs: SETUP_TRANSACTION_TIMEOUT_MS })
}

async function insertFixture (tx: Queryable, fixture: DemoFixture, hashes: string[], now: Date): Promise<void> {
  for (const [position, l] of fixture.locations.entries()) await insertLocation(tx, l, position)
  // Parents before children, whatever the file's order, so the ParentId foreign key holds.
  const pending = [...fixture.users.entries()]
  const inserted = new Set<string>()
  while (pending.length > 0) {
    const index = pending.findIndex(([, u]) => u.ParentId === null || inserted.has(u.ParentId))
    if (index < 0) throw new Error(`demo-users.json: ParentId of ${pending.map(([, u]) => u.UserId).join(', ')} names no user`)
    const [[i, u]] = pending.splice(index, 1) as [[number, DemoFixture['users'][number]]]
    await insertDemoUser(tx, { ...u, ...demoTheme(u.Role), passwordHash: hashes[i] }, u.Locations, now)
    inserted.add(u.UserId)
  }
  // The ledger holds every AccBal: a demo balance starts as its opening entry.
  await openDemoBalances(tx, now)
}
