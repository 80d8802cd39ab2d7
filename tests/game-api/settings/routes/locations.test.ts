import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { contractFields } from '../../../helpers/envelope.ts'

const ids = (body: { data: Array<{ LocId: string }> }) => body.data.map((l) => l.LocId)

onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = { admin: await h.signIn('admin'), ag1: await h.signIn('ag1'), ag2: await h.signIn('ag2'), mem1: await h.signIn('mem1'), clerk: await h.signIn('clerk') }

  t.test('GET loc lists every location with its flags, on both prefixes', async (t) => {
    for (const prefix of ['4d', 'tt']) {
      const r = await h.call('GET', `/api/v1/${prefix}/loc`, { token: tokens.mem1 })
      t.equal(r.statusCode, 200)
      t.same(r.json().data, [
        { LocId: 'SG', Loc: 'Singapore', flags: [] }, { LocId: 'IN', Loc: 'IN', flags: [] }, { LocId: 'BJ', Loc: 'BJ', flags: [] },
        { LocId: 'TT', Loc: 'TOTO', flags: ['TT'] }, { LocId: 'MG', Loc: 'Magnum', flags: ['MG'] }, { LocId: 'TH', Loc: 'Thai', flags: ['Thai'] }
      ])
    }
    t.equal((await h.call('GET', '/api/v1/4d/loc')).statusCode, 401)
  })

  t.test('locIdAvailable: one\'s own locations in the fixture\'s order', async (t) => {
    t.same(ids((await h.call('GET', '/api/v1/4d/locIdAvailable', { token: tokens.ag2 })).json()), ['SG', 'TT', 'IN'])
    t.same(ids((await h.call('GET', '/api/v1/tt/locIdAvailable?UserId=&IsTop=true', { token: tokens.mem1 })).json()), ['SG', 'TT'])
    t.same(ids((await h.call('GET', '/api/v1/4d/locIdAvailable?UserId=ag1', { token: tokens.ag1 })).json()), ['SG', 'TT', 'MG'])
  })

  t.test('locIdAvailable for a downline, for ADMIN, and not for a stranger', async (t) => {
    t.same(ids((await h.call('GET', '/api/v1/4d/locIdAvailable?UserId=mem2', { token: tokens.ag1 })).json()), ['SG'], 'ag1 is above ag2, above mem2')
    t.same(ids((await h.call('GET', '/api/v1/4d/locIdAvailable?UserId=ag2', { token: tokens.clerk })).json()), ['SG', 'TT', 'IN'], 'any ADMIN')
    const stranger = await h.call('GET', '/api/v1/4d/locIdAvailable?UserId=mem1', { token: tokens.ag2 })
    t.equal(stranger.statusCode, 403)
    t.same(contractFields(stranger.json()), { success: false, message: 'User mem1 is not in your downline; choose yourself or a user below you.' })
    t.equal((await h.call('GET', '/api/v1/4d/locIdAvailable?UserId=ag1', { token: tokens.mem1 })).statusCode, 403, 'not for an upline')
    t.equal((await h.call('GET', '/api/v1/4d/locIdAvailable?UserId=ghost', { token: tokens.ag1 })).statusCode, 403, 'an unknown id looks like a stranger')
    t.equal((await h.call('GET', '/api/v1/4d/locIdAvailable?UserId=ghost', { token: tokens.admin })).statusCode, 404, 'ADMIN learns it does not exist')
  })

  t.test('a LocId the caller may not use answers 403 on any game endpoint', async (t) => {
    const r = await h.call('GET', '/api/v1/4d/loc?LocId=IN', { token: tokens.mem1 })
    t.equal(r.statusCode, 403)
    t.same(contractFields(r.json()), { success: false, message: 'Location IN is not available to this user.' })
    t.equal((await h.call('GET', '/api/v1/tt/settings?LocId=XX', { token: tokens.mem1 })).statusCode, 403)
    t.equal((await h.call('GET', '/api/v1/tt/settings?LocId=TT', { token: tokens.mem1 })).statusCode, 200)
    const long = await h.call('GET', `/api/v1/4d/loc?LocId=${'A'.repeat(30)}`, { token: tokens.mem1 })
    t.same(contractFields(long.json()), { success: false, message: 'querystring/LocId must be at most 20 characters long' })
  })
})
