import t from 'tap'
import { startSessionProduct } from '../../../helpers/http-browser.ts'

const keysOf = (menu: Array<{ key: string }>) => menu.map((g) => g.key)
const itemOf = (menu: Array<{ key: string, items: Array<{ key: string, path: string }> }>, group: string, item: string) =>
  menu.find((g) => g.key === group)?.items.find((i) => i.key === item)

t.test('GET /ui/session, PUT /ui/session/location and GET /ui/pages over HTTP', async (t) => {
  const product = await startSessionProduct(t)
  const version = product.service.configStore.current().version

  await t.test('401 without a session', async (t) => {
    const answer = await product.browser().get('/ui/session')
    t.equal(answer.status, 401)
    t.equal(answer.json.code, 'UI_NOT_SIGNED_IN')
    t.match(answer.json.message, /sign in/i)
  })

  await t.test('an unknown service route answers a coded 404', async (t) => {
    for (const [method, path] of [['GET', '/ui/no-such-route'], ['GET', '/api'], ['POST', '/nowhere']] as const) {
      const answer = await product.browser().request(method, `${path}?x=1`)
      t.equal(answer.status, 404, `${method} ${path}`)
      t.same(answer.json, { success: false, code: 'UI_NOT_FOUND', message: `No route ${method} ${path}: check the address (the service answers under /ui and /api/v1).`, params: [method, path] })
    }
  })

  await t.test('an agent at SG: profile summary, locations, theme, settings, config version, CSRF token, menu', async (t) => {
    const b = product.browser()
    const login = await b.login('ag1')
    const answer = await b.get('/ui/session')
    t.equal(answer.status, 200)
    const s = answer.json
    t.same(s.profile, { UserId: 'ag1', AliasId: 'ag1', Role: 'AG', Rank: 1, Credit: 50000, AccBal: 1250.5, CreditLeft: 39450.5 })
    t.equal(s.termsAccepted, true)
    t.same(s.location, { LocId: 'SG', Loc: 'Singapore', flags: [] })
    t.same(s.locations.map((l: { LocId: string }) => l.LocId), ['SG', 'TT', 'MG'])
    t.same(s.locations.find((l: { LocId: string }) => l.LocId === 'TT').flags, ['TT'])
    t.equal(s.game, '4d')
    t.equal(s.mobile, false)
    t.same(Object.keys(s.theme).sort(), ['ColorTbl01', 'ColorTbl02', 'VipLeftCss', 'VipTopBGImage'])
    t.match(s.settings.serverTime, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/, 'server time in GMT+8')
    t.ok(Math.abs(Date.parse(s.settings.serverTime) - Date.now()) < 5000, 'server time is now')
    t.equal(s.settings.closeDate, s.settings.dCloseDate, '4D close date at a 4D location')
    t.ok(Date.parse(s.settings.dCloseDate) > Date.now() - 60_000, 'the 4D close is ahead')
    t.match(s.settings.sms, { SMSNumber: /\S/, OpenTime: /\S/, CloseTime: /\S/ })
    t.match(s.settings.mobileAppData, { downloadUrl: /^https?:\/\//, iosDownloadUrl: /^https?:\/\// })
    t.equal(s.settings.currency, 'SGD', 'the currency from getCurrencyCode')
    t.equal(s.configVersion, version)
    t.equal(s.csrfToken, login.json.csrfToken)
    t.equal(answer.headers.get('cache-control'), 'no-store')
    t.same(keysOf(s.menu), ['administration', 'bet', 'report', 'options'])
    t.equal(itemOf(s.menu, 'administration', 'androidApp')?.path, s.settings.mobileAppData.downloadUrl, 'app download link from the settings')
    t.notOk(answer.text.includes(product.tokenOf(b)), 'no token in the body')
  })

  await t.test('an admin at SG and at TT', async (t) => {
    const b = product.browser()
    await b.login('admin')
    const sg = (await b.get('/ui/session')).json
    t.same(keysOf(sg.menu), ['administration', 'bet', 'report', 'control', 'outset', 'utilities', 'sms', 'smsGateway', 'options'])
    t.notOk(itemOf(sg.menu, 'control', 'limitSetting'), 'Limit Setting is TT only')
    t.ok(itemOf(sg.menu, 'control', 'payRate'), 'Payrate outside TT')
    t.equal(itemOf(sg.menu, 'report', 'reportFull')?.path, '/report/full')
    const change = await b.put('/ui/session/location', { LocId: 'TT' })
    t.equal(change.status, 200)
    t.same(change.json, { location: { LocId: 'TT', Loc: 'TOTO', flags: ['TT'] }, game: 'tt' })
    const tt = (await b.get('/ui/session')).json
    t.same(tt.location, { LocId: 'TT', Loc: 'TOTO', flags: ['TT'] })
    t.equal(tt.game, 'tt')
    t.equal(tt.settings.closeDate, tt.settings.tCloseDate, 'TOTO close date at a TT location')
    t.not(tt.settings.sms.SMSNumber + tt.settings.sms.OpenDay, sg.settings.sms.SMSNumber + sg.settings.sms.OpenDay, 'TOTO SMS details differ from 4D')
    t.same(keysOf(tt.menu), ['administration', 'bet', 'report', 'control', 'outset', 'utilities', 'sms', 'options'], 'no SMS Gateway at TT')
    t.ok(itemOf(tt.menu, 'control', 'limitSetting'), 'Limit Setting at TT')
    t.notOk(itemOf(tt.menu, 'control', 'payRate'), 'no Payrate at TT')
    t.equal(itemOf(tt.menu, 'report', 'reportFull')?.path, '/report/tt/full')
  })

  await t.test('a member at SG, at TT and on mobile', async (t) => {
    const b = product.browser()
    await b.login('mem1')
    const sg = (await b.get('/ui/session')).json
    t.same(keysOf(sg.menu), ['administration', 'bet', 'report', 'options'])
    t.same(sg.menu.find((g: { key: string }) => g.key === 'report').items.map((i: { key: string }) => i.key), ['reportMember', 'reportDrawResult'])
    t.notOk(itemOf(sg.menu, 'administration', 'agents'))
    t.equal(itemOf(sg.menu, 'bet', 'placeBets')?.path, '/bet/placeBets/add')
    const mobile = (await b.get('/ui/session?mobile=1')).json
    t.equal(mobile.mobile, true)
    t.equal(itemOf(mobile.menu, 'bet', 'placeBets')?.path, '/bet/placeBets/add-20', 'mobile variant')
    t.equal((await b.get('/ui/session')).json.mobile, true, 'the mobile choice is remembered')
    t.equal((await b.get('/ui/session?mobile=0')).json.mobile, false)
    await b.put('/ui/session/location', { LocId: 'TT' })
    const tt = (await b.get('/ui/session')).json
    t.equal(itemOf(tt.menu, 'bet', 'placeBets')?.path, '/bet/placeBets/add-simple', 'TT variant')
  })

  await t.test('a phone user agent gets the mobile menu from sign-in', async (t) => {
    const b = product.browser()
    await b.request('POST', '/ui/login', { body: { UserId: 'mem1', Password: 'Demo#1234', Lang: 'en' }, headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' } })
    b.csrf = (await b.get('/ui/session')).json.csrfToken
    const s = (await b.get('/ui/session')).json
    t.equal(s.mobile, true)
    t.equal(itemOf(s.menu, 'bet', 'placeBets')?.path, '/bet/placeBets/add-20')
  })

  await t.test('a location change is accepted only within the user\'s list', async (t) => {
    const b = product.browser()
    await b.login('mem1')
    const other = await b.put('/ui/session/location', { LocId: 'IN' })
    t.equal(other.status, 403)
    t.equal(other.json.code, 'UI_LOCATION_NOT_ALLOWED')
    t.equal(other.json.message, 'Location IN is not available to this user: choose one of SG, TT.')
    const unknown = await b.put('/ui/session/location', { LocId: 'XX' })
    t.equal(unknown.status, 403)
    const malformed = await b.put('/ui/session/location', { LocId: '../SG' })
    t.equal(malformed.status, 400)
    t.match(malformed.json.message, /LocId/)
    t.equal((await b.get('/ui/session')).json.location.LocId, 'SG', 'still at SG')
  })

  await t.test('a stored location no longer allowed falls back to the first allowed one', async (t) => {
    const b = product.browser()
    await b.login('mem3')
    t.equal((await b.get('/ui/session')).json.location.LocId, 'SG')
    await product.gameApi.db.query("DELETE FROM user_locations WHERE user_id = 'mem3' AND loc_id = 'SG'", [])
    // Any refused change reads the list afresh; the session still names SG.
    t.equal((await b.put('/ui/session/location', { LocId: 'SG' })).status, 403)
    const s = (await b.get('/ui/session')).json
    t.same(s.locations.map((l: { LocId: string }) => l.LocId), ['TT'])
    t.equal(s.location.LocId, 'TT', 'fell back to TT')
    t.equal(s.game, 'tt')
  })

  await t.test('GET /ui/pages: 200 in the menu, 403 (and a denied event) outside it, 404 unknown', async (t) => {
    const denied: Array<{ UserId: string, path: string, LocId: string }> = []
    product.service.events.on('denied', (e) => denied.push(e))
    const b = product.browser()
    await b.login('mem1')
    const profile = await b.get('/ui/pages?path=/admin/profile')
    t.equal(profile.status, 200)
    t.equal(profile.json.path, '/admin/profile')
    t.equal(profile.json.variant, '4d')
    t.match(profile.json.titleKey, /\./)
    t.ok(Array.isArray(profile.json.widgets))
    const control = await b.get('/ui/pages?path=/control/announcement')
    t.equal(control.status, 403)
    t.equal(control.json.code, 'UI_PAGE_FORBIDDEN')
    t.match(denied, [{ UserId: 'mem1', path: '/control/announcement', LocId: 'SG' }], 'the denial is an event')
    const missing = await b.get('/ui/pages?path=/no/such/page')
    t.equal(missing.status, 404)
    t.equal(missing.json.code, 'UI_PAGE_NOT_FOUND')
    const noSession = await product.browser().get('/ui/pages?path=/admin/profile')
    t.equal(noSession.status, 401)
    const admin = product.browser()
    await admin.login('admin')
    t.equal((await admin.get('/ui/pages?path=/control/announcement')).status, 200, 'an admin may open Control pages')
    const ttAtSg = await admin.get('/ui/pages?path=/report/tt/full')
    t.same([ttAtSg.status, ttAtSg.json.path, ttAtSg.json.variant], [200, '/report/full', '4d'], 'the TT path is not in the menu at SG: it leads to the 4D Full Report the menu holds')
    await admin.put('/ui/session/location', { LocId: 'TT' })
    const ttFull = await admin.get('/ui/pages?path=/report/tt/full')
    t.equal(ttFull.status, 200)
    t.equal(ttFull.json.variant, 'tt')
  })

  await t.test('a 401 from the game API (signed out elsewhere) ends the session', async (t) => {
    const b = product.browser()
    await b.login('ag2')
    const token = product.tokenOf(b)
    const elsewhere = await fetch(`${product.gameApiUrl}/api/v1/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })
    t.equal(elsewhere.status, 200)
    const answer = await b.get('/ui/session')
    t.equal(answer.status, 401)
    t.equal(answer.json.code, 'UI_SESSION_EXPIRED')
    t.equal(b.cookie, '', 'the session cookie is cleared')
    t.equal((await b.get('/ui/session')).json.code, 'UI_NOT_SIGNED_IN')
  })
})
