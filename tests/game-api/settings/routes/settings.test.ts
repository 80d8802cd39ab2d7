import t from 'tap'
import { Value } from 'typebox/value'
import { ServerSettings } from '../../../../schemas/game-api.ts'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'

onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  let token = await h.signIn('mem1')
  // Moving the clock by days idles the token out: sign in again at the new time.
  const at = async (iso: string) => { h.clock.set(iso); token = await h.signIn('mem1') }
  const settings = async (prefix = '4d') => (await h.call('GET', `/api/v1/${prefix}/settings`, { token })).json().data

  t.test('server time and the next 4D (Wed/Sat/Sun, 18:00) and TOTO (Mon/Thu, 21:00) closes, GMT+8', async (t) => {
    await at('2030-01-02T10:00:00+08:00') // a Wednesday morning
    const s = await settings()
    t.ok(Value.Check(ServerSettings, s))
    t.equal(s.serverTime, '2030-01-02T10:00:00+08:00')
    t.equal(s.serverDate.ServerDate, '2030-01-02T10:00:00+08:00')
    t.equal(s.dClose.CloseDate, '2030-01-02T18:00:00+08:00')
    t.equal(s.tClose.CloseDate, '2030-01-03T21:00:00+08:00')
    await at('2030-01-02T18:00:00+08:00')
    t.equal((await settings('tt')).dClose.CloseDate, '2030-01-05T18:00:00+08:00', 'after the Wednesday close: Saturday')
    await at('2030-01-05T19:00:00+08:00')
    t.equal((await settings()).dClose.CloseDate, '2030-01-06T18:00:00+08:00', 'Saturday evening: Sunday')
    await at('2030-01-06T19:00:00+08:00')
    const sunday = await settings()
    t.equal(sunday.dClose.CloseDate, '2030-01-09T18:00:00+08:00', 'Sunday evening: Wednesday')
    t.equal(sunday.tClose.CloseDate, '2030-01-07T21:00:00+08:00', 'Sunday evening: Monday')
    await at('2030-01-03T20:59:00+08:00')
    t.equal((await settings()).tClose.CloseDate, '2030-01-03T21:00:00+08:00', 'Thursday before the close')
  })

  t.test('the close time is a per-series setting: the countdown, the new draws and the cut-off follow it', async (t) => {
    await at('2030-01-02T10:00:00+08:00')
    const admin = await h.signIn('admin')
    const put = await h.call('PUT', '/api/v1/4d/draw/series', { token: admin, payload: { Series: 'SG4D', CloseTime: '17:45' } })
    t.equal(put.statusCode, 200, put.body)
    t.match(put.json().data, [{ Series: 'SG4D', CloseTime: '17:45', DefaultCloseTime: '18:00', DrawTime: '18:30' }, { Series: 'MG4D', CloseTime: '18:00' }])
    t.equal((await h.call('PUT', '/api/v1/4d/draw/series', { token: admin, payload: { Series: 'SG4D', CloseTime: '25:00' } })).statusCode, 400, 'a malformed time is refused')
    t.equal((await h.call('PUT', '/api/v1/4d/draw/series', { token, payload: { Series: 'SG4D', CloseTime: '17:00' } })).statusCode, 403, 'ADMIN only')
    // Draw rows already created keep their close (edited one by one); the countdown takes the earlier of row and setting.
    t.equal((await settings()).dClose.CloseDate, '2030-01-02T17:45:00+08:00', 'the countdown follows the setting')
    const created = await h.call('POST', '/api/v1/4d/draw', { token: admin, payload: { DrawDate: '2030-02-13', Series: 'SG4D' } })
    t.equal(created.json().data.CloseDate, '2030-02-13T17:45:00+08:00', 'a new draw closes at the series\' time')
    await h.call('PUT', '/api/v1/4d/draw/series', { token: admin, payload: { Series: 'SG4D', CloseTime: '18:00' } })
  })

  t.test('app download links come from the settings table', async (t) => {
    const s = await settings()
    t.match(s.mobileAppData, { downloadUrl: /^https:\/\/.+\.apk$/, iosDownloadUrl: /^https:\/\// })
    await h.db.query("UPDATE settings SET value = 'https://example.org/app.apk' WHERE key = 'app.downloadUrl'")
    t.equal((await settings()).mobileAppData.downloadUrl, 'https://example.org/app.apk')
  })

  t.test('smsSetting differs by game', async (t) => {
    const d = (await h.call('GET', '/api/v1/4d/smsSetting', { token })).json()
    const tt = (await h.call('GET', '/api/v1/tt/smsSetting?LocId=TT', { token })).json()
    t.equal(d.success, true)
    t.match(d.data.qResults, { SMSNumber: /^65\d{8}$/, TelegramBot: /\w+Bot$/, OpenTime: '09:00', CloseTime: '18:00', OpenDay: 'Wed, Sat, Sun' })
    t.not(d.data.qResults.SMSHelpdesk, '')
    t.match(tt.data.qResults, { TelegramBot: /\w+Bot$/, OpenDay: 'Mon, Thu', SMSHelpdesk: '' })
    t.not(d.data.qResults.SMSNumber, tt.data.qResults.SMSNumber)
  })

  t.test('getCurrencyCode: the operator\'s currency, SGD until one is set', async (t) => {
    t.same((await h.call('GET', '/api/v1/4d/getCurrencyCode', { token })).json(), { success: true, data: { CurrencyCode: 'SGD' } })
    await h.db.query("UPDATE settings SET value = 'MYR' WHERE key = 'money.currencyCode'")
    t.equal((await h.call('GET', '/api/v1/tt/getCurrencyCode?LocId=TT', { token })).json().data.CurrencyCode, 'MYR')
    await h.db.query("DELETE FROM settings WHERE key = 'money.currencyCode'")
    t.equal((await h.call('GET', '/api/v1/4d/getCurrencyCode', { token })).json().data.CurrencyCode, 'SGD')
  })

  t.test('each needs a token', async (t) => {
    t.equal((await h.call('GET', '/api/v1/4d/getCurrencyCode')).statusCode, 401)
    t.equal((await h.call('GET', '/api/v1/4d/settings')).statusCode, 401)
    t.equal((await h.call('GET', '/api/v1/tt/smsSetting')).statusCode, 401)
  })
})
