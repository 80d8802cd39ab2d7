import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Test } from 'tap'
import type { Profile } from '../../../schemas/game-api.ts'
import type { RuleContext } from '../../../server/src/config/rules.ts'

/** The shipped operator config. */
export const shippedConfigDir = fileURLToPath(new URL('../../../menus', import.meta.url))

interface DemoUser extends Omit<Profile, 'LoginId' | 'Loc' | 'VipTopBGImage' | 'VipLeftCss' | 'ColorTbl01' | 'ColorTbl02'> { Locations: string[] }
const demo = JSON.parse(readFileSync(new URL('../../../server/game-api/seed/demo-users.json', import.meta.url), 'utf8')) as {
  users: DemoUser[]
  locations: Array<{ LocId: string, Loc: string, flags: string[] }>
}

/** A Profile for each fixture user (the fields the game API adds are filled as it would). */
export const profiles: Record<string, Profile> = Object.fromEntries(demo.users.map((u) => {
  const { Locations, ...rest } = u
  const first = demo.locations.find((l) => l.LocId === Locations[0])
  return [u.UserId, { ...rest, LoginId: u.UserId, Loc: { LocId: first?.LocId ?? 'SG', Loc: first?.Loc ?? 'Singapore' }, VipTopBGImage: '', VipLeftCss: '', ColorTbl01: '', ColorTbl02: '' }]
}))

export type TestLocation = { LocId: string, flags: string[] }
export const SG: TestLocation = { LocId: 'SG', flags: [] }
export const TT: TestLocation = { LocId: 'TT', flags: ['TT'] }

/** Android download set, iOS empty: the Android link shows and the iOS one does not. */
export const settings = { mobileAppData: { downloadUrl: 'https://apps.example.com/backoffice.apk', iosDownloadUrl: '' } }

/** A rule context for a fixture user. */
export function ctxFor (userId: string, location: { LocId: string, flags: string[] }, mobile = false): RuleContext {
  const profile = profiles[userId]
  if (!profile) throw new Error(`no fixture user ${userId}`)
  return { profile, location, mobile, settings }
}

/** A private copy of the shipped config for a test, removed after it. */
export function copyConfig (t: Test): string {
  const root = mkdtempSync(join(tmpdir(), 'config-'))
  const dir = join(root, 'menus')
  cpSync(shippedConfigDir, dir, { recursive: true })
  t.teardown(() => rmSync(root, { recursive: true, force: true }))
  return dir
}
