import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { demoPassword, freshAddress, gameApiHarness } from '../../harness.ts'
import { contractFields } from '../../../helpers/envelope.ts'
import { setTimeout } from 'node:timers/promises'
import { MAINTENANCE_READ_MS, settingKeys } from '../../../../server/game-api/lib/store/settings.ts'

const underMaintenance = {
  success: false,
  subCode: 8000,
  t: '2030-01-02T12:00:00+08:00',
  message: 'Web is under maintenance, please try again later at 02/01/2030 12:00 (GMT +8).',
  code: 'GA_MAINTENANCE',
  params: ['02/01/2030 12:00']
}

onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const admin = await h.signIn('admin')
  const member = await h.signIn('mem1')
  const status = async () => (await h.call('GET', '/api/v1/status?t=demo.example.com')).json()
  const setMaintenance = (until: unknown, token = admin) => h.call('PUT', '/api/v1/maintenance', { token, payload: { until } })

  t.test('status is empty without maintenance', async (t) => {
    t.same(await status(), { success: true, data: { t: '' } })
    t.same((await h.call('GET', '/api/v1/status')).json(), { success: true, data: { t: '' } }, 't is optional')
  })

  t.test('only ADMIN may set maintenance; bad input is 400', async (t) => {
    t.equal((await setMaintenance('2030-01-02T12:00:00+08:00', member)).statusCode, 403)
    t.equal((await h.call('PUT', '/api/v1/maintenance', { payload: { until: null } })).statusCode, 401)
    const bad = await setMaintenance('tomorrow')
    t.equal(bad.statusCode, 400)
    t.match(bad.json().message, /^body\/until must be /)
    const missing = await h.call('PUT', '/api/v1/maintenance', { token: admin, payload: {} })
    t.same(contractFields(missing.json()), { success: false, message: 'body/until is required' })
    t.same(await status(), { success: true, data: { t: '' } }, 'nothing changed')
  })

  t.test('a switch written by another instance reaches this one within MAINTENANCE_READ_MS', async (t) => {
    const profile = async () => (await h.call('GET', '/api/v1/profile', { token: member })).statusCode
    t.equal(await profile(), 200, 'read and kept while off')
    await h.db.query('UPDATE settings SET value = $2 WHERE key = $1', [settingKeys.maintenanceUntil, '2030-01-02T04:00:00.000Z'])
    await setTimeout(MAINTENANCE_READ_MS + 50)
    t.equal(await profile(), 503, 'on once the kept value is older than its bound')
    await h.db.query("UPDATE settings SET value = '' WHERE key = $1", [settingKeys.maintenanceUntil])
    await setTimeout(MAINTENANCE_READ_MS + 50)
    t.equal(await profile(), 200, 'and off again')
  })

  t.test('maintenance on: other calls answer 503 subCode 8000 with the end time', async (t) => {
    const on = await setMaintenance('2030-01-02T04:00:00Z')
    t.same(on.json(), { success: true, data: { t: '2030-01-02T12:00:00+08:00' } })
    t.same(await status(), { success: true, data: { t: '2030-01-02T12:00:00+08:00' } })
    for (const [method, url] of [['GET', '/api/v1/profile'], ['GET', '/api/v1/4d/loc'], ['GET', '/api/v1/tt/announcements'], ['POST', '/api/v1/logout'], ['GET', '/api/v1/no-such-path']] as const) {
      const r = await h.call(method, url, { token: member })
      t.equal(r.statusCode, 503, `${method} ${url}`)
      t.same(r.json(), underMaintenance)
    }
    t.equal((await h.call('GET', '/api/v1/profile', { token: admin })).statusCode, 503, 'ADMIN calls too')
    t.equal((await h.call('GET', '/api/captcha')).statusCode, 200, 'the captcha still answers')
    const memberSignIn = await h.call('POST', '/api/v1/oauth/token', { payload: { username: 'ag1', password: demoPassword }, address: freshAddress() })
    t.same(memberSignIn.json(), underMaintenance, 'non-ADMIN users cannot sign in')
    t.equal(memberSignIn.statusCode, 503)
    const adminSignIn = await h.call('POST', '/api/v1/oauth/token', { payload: { username: 'ops', password: demoPassword }, address: freshAddress() })
    t.equal(adminSignIn.statusCode, 200, 'ADMIN users can, to end it')
    const wrong = await h.call('POST', '/api/v1/oauth/token', { payload: { username: 'ops', password: 'x' }, address: freshAddress() })
    t.equal(wrong.json().message, 'Login Failed')
  })

  t.test('maintenance off restores the calls', async (t) => {
    const off = await setMaintenance(null)
    t.same(off.json(), { success: true, data: { t: '' } })
    t.same(await status(), { success: true, data: { t: '' } })
    t.equal((await h.call('GET', '/api/v1/profile', { token: member })).statusCode, 200)
  })

  t.test('maintenance ends by itself when its time passes', async (t) => {
    const until = new Date(h.clock.now().getTime() + 10 * 60_000).toISOString()
    t.equal((await setMaintenance(until)).statusCode, 200)
    t.equal((await h.call('GET', '/api/v1/4d/loc', { token: member })).statusCode, 503)
    h.clock.advance(9 * 60_000)
    t.equal((await h.call('GET', '/api/v1/4d/loc', { token: member })).statusCode, 503)
    h.clock.advance(60_000)
    t.same(await status(), { success: true, data: { t: '' } })
    t.equal((await h.call('GET', '/api/v1/4d/loc', { token: member })).statusCode, 200)
    t.same((await setMaintenance('2020-01-01T00:00:00Z')).json(), { success: true, data: { t: '' } }, 'a past end time means no maintenance')
  })

  t.test('maintenance changes are audited', async (t) => {
    const audits = (await h.call('GET', '/api/v1/4d/audits?Action=maintenance.set', { token: admin })).json().data
    t.equal(audits.length, 4)
    t.same(audits.map((a: { Detail: { until: string | null } }) => a.Detail.until), ['2020-01-01T08:00:00+08:00', '2030-01-02T10:10:00+08:00', null, '2030-01-02T12:00:00+08:00'])
    t.equal(audits[0].UserId, 'admin')
    t.equal(audits[0].Path, '/api/v1/maintenance')
  })
})
