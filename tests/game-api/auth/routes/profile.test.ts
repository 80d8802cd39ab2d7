import { readFileSync } from 'node:fs'
import t from 'tap'
import { Value } from 'typebox/value'
import { Profile } from '../../../../schemas/game-api.ts'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { contractFields } from '../../../helpers/envelope.ts'

const fixture = JSON.parse(readFileSync(new URL('../../../../server/game-api/seed/demo-users.json', import.meta.url), 'utf8')) as {
  locations: Array<{ LocId: string, Loc: string }>
  users: Array<Record<string, unknown> & { UserId: string, Locations: string[] }>
}

/** A staff admin (an ADMIN under an ADMIN) sees with the company's shares; anyone else with its own. */
function sharesSeenBy (user: Record<string, unknown>): Record<string, unknown> {
  const company = user.Role === 'ADMIN' ? fixture.users.find((u) => u.UserId === user.ParentId) : undefined
  return company === undefined ? {} : { dShare: company.dShare, tShare: company.tShare, dEnableViewShareClaim: company.dEnableViewShareClaim }
}

onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)

  t.test('every fixture user signs in and reads a profile that matches the fixture', async (t) => {
    t.equal(fixture.users.length, 8)
    for (const user of fixture.users) {
      const token = await h.signIn(user.UserId)
      for (const url of ['/api/v1/profile', '/api/v1/profile/refresh']) {
        const r = await h.call('GET', url, { token })
        t.equal(r.statusCode, 200, `${user.UserId} ${url}`)
        const profile = r.json().data
        t.ok(Value.Check(Profile, profile), `${user.UserId}: the Profile schema`)
        const { Locations, ...fields } = user
        t.match(profile, { ...fields, ...sharesSeenBy(user) }, `${user.UserId}: every fixture field (a staff admin's shares are the company's)`)
        const first = fixture.locations.find((l) => l.LocId === Locations[0])
        t.same(profile.Loc, { LocId: first?.LocId, Loc: first?.Loc }, `${user.UserId}: the default (first) location`)
        t.equal(profile.LoginId, user.UserId)
        for (const key of ['VipTopBGImage', 'VipLeftCss', 'ColorTbl01', 'ColorTbl02']) t.not(profile[key], '', `${user.UserId}: theme field ${key} is seeded`)
        t.notOk('password_hash' in profile)
      }
    }
  })

  t.test('mem2 must change the password; mem3 has not accepted the terms', async (t) => {
    const mem2 = (await h.call('GET', '/api/v1/profile', { token: await h.signIn('mem2') })).json().data
    t.equal(mem2.updatePassword, true)
    t.equal(mem2.termsAccepted, true)
    const mem3 = (await h.call('GET', '/api/v1/profile', { token: await h.signIn('mem3') })).json().data
    t.equal(mem3.termsAccepted, false)
    t.equal(mem3.updatePassword, false)
  })

  t.test('refresh re-reads the tables', async (t) => {
    const token = await h.signIn('mem1')
    await h.db.query('UPDATE users SET acc_bal = 10.25, credit_left = 1010.25 WHERE user_id = $1', ['mem1'])
    const refreshed = (await h.call('GET', '/api/v1/profile/refresh', { token })).json().data
    t.match(refreshed, { Credit: 1000, AccBal: 10.25, CreditLeft: 1010.25 })
  })

  t.test('profile needs a token', async (t) => {
    for (const url of ['/api/v1/profile', '/api/v1/profile/refresh']) {
      const r = await h.call('GET', url)
      t.equal(r.statusCode, 401)
      t.same(contractFields(r.json()), { success: false, message: 'Session expired or not signed in.' })
    }
  })
})
