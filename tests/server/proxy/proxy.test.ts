import t from 'tap'
import { buildGameApi, buildService } from '../../helpers/build.ts'
import { Browser } from '../../helpers/http-browser.ts'
import { rawRequest, startRelay } from './relay.ts'

// One product for the file: the reference game API behind a recording relay, and the service pointed at the relay.
const { gameApiUrl, db: gameDb } = await buildGameApi(t)
const relay = await startRelay(t, gameApiUrl)
const { service, serviceUrl } = await buildService(t, { gameApiUrl: relay.url, env: { PROXY_TIMEOUT_MS: '1500' } })
const browser = () => new Browser(serviceUrl)
const forwarded = (path: string) => relay.seen.filter((r) => r.url.startsWith(path))

t.test('without a session only public endpoints pass', async (t) => {
  const anonymous = browser()
  t.equal((await anonymous.get('/api/v1/announcements')).status, 401)
  const status = await anonymous.get('/api/v1/status?t=localhost')
  t.equal(status.status, 200)
  t.same(status.json, { success: true, data: { t: '' } })
})

t.test('a member reads shell endpoints; LocId and the game prefix come from the session', async (t) => {
  const mem1 = browser()
  t.equal((await mem1.login('mem1')).status, 200)
  const before = relay.seen.length
  const list = await mem1.get('/api/v1/announcements?LocId=TT&locid=IN&PopUp=N')
  t.equal(list.status, 200)
  t.equal(list.json.success, true)
  const sent = relay.seen.slice(before).find((r) => r.url.includes('announcements'))
  t.ok(sent, 'the call reached the game API')
  const url = new URL(sent!.url, 'http://x')
  t.equal(url.pathname, '/api/v1/4d/announcements', 'SG is a 4D location')
  t.same(url.searchParams.getAll('LocId'), ['SG'], 'the client\'s LocId values are replaced by the session\'s')
  t.equal(url.searchParams.get('locid'), null)
  t.ok(list.json.data.every((a: { LocId: string | null }) => a.LocId === null || a.LocId === 'SG'), 'only SG and all-location announcements')

  t.equal((await mem1.put('/ui/session/location', { LocId: 'TT' })).status, 200)
  const before2 = relay.seen.length
  const tt = await mem1.get('/api/v1/4d/announcements', { 'x-no-cache': '1' })
  t.equal(tt.status, 200)
  const sentTT = relay.seen.slice(before2).find((r) => r.url.includes('announcements'))
  t.equal(new URL(sentTT!.url, 'http://x').pathname, '/api/v1/tt/announcements', 'a client cannot choose 4d/ at a TT location')
})

t.test('what the client sends never decides authorization, cookies or LocId upstream', async (t) => {
  const ag1 = browser()
  await ag1.login('ag1')
  const before = relay.seen.length
  const answer = await rawRequest(serviceUrl, 'GET', '/api/v1/profile?LocId=TT&LocId=IN', {
    cookie: ag1.cookie,
    connection: 'authorization, locid, x-request-id',
    authorization: ['Bearer forged', 'Bearer forged2'] as unknown as string, // sent twice on purpose
    locid: 'TT',
    'x-csrf-token': 'leak-me'
  })
  t.equal(answer.status, 200)
  t.equal(JSON.parse(answer.body).data.UserId, 'ag1', 'the session\'s token was used, not the forged one')
  // The proxied call is the one carrying this answer's request id (the service also reads the profile for the menu).
  const calls = relay.seen.slice(before).filter((r) => r.url.startsWith('/api/v1/profile') && r.headers['x-request-id'] === answer.headers['x-request-id'])
  const sent = calls.find((r) => r.url.includes('LocId'))!
  t.match(sent.headers.authorization, /^Bearer (?!forged)\S+$/)
  t.equal(sent.headers.cookie, undefined, 'no cookie upstream')
  t.equal(sent.headers['x-csrf-token'], undefined, 'no CSRF header upstream')
  t.equal(sent.headers.locid, undefined)
  t.ok(sent.headers['x-request-id'], 'the request id travels upstream')
  t.equal(new URL(sent.url, 'http://x').searchParams.get('LocId'), 'SG')
})

t.test('GET cache: per user and location, skipped with x-no-cache, cleared by any non-GET', async (t) => {
  const admin = browser()
  await admin.login('admin')
  const first = await admin.get('/api/v1/announcements?PopUp=Y')
  t.equal(first.headers.get('x-cache'), 'MISS')
  const calls = forwarded('/api/v1/4d/announcements').length
  const second = await admin.get('/api/v1/announcements?PopUp=Y')
  t.equal(second.headers.get('x-cache'), 'HIT')
  t.equal(second.text, first.text)
  t.equal(forwarded('/api/v1/4d/announcements').length, calls, 'a hit does not reach the game API')
  const skipped = await admin.get('/api/v1/announcements?PopUp=Y', { 'x-no-cache': '1' })
  t.equal(skipped.headers.get('x-cache'), null)
  t.equal(forwarded('/api/v1/4d/announcements').length, calls + 1)

  const mem3 = browser()
  await mem3.login('mem3')
  // Until mem3 accepts the terms the service answers no game call.
  t.equal((await mem3.post('/ui/terms', { agree: true })).status, 200, 'mem3 accepts the terms')
  const other = await mem3.get('/api/v1/announcements?PopUp=Y')
  t.equal(other.headers.get('x-cache'), 'MISS', 'another user never gets this user\'s entry')

  const created = await admin.post('/api/v1/announcements', { Content: '<b>cache test</b>', Color: '#ffeeaa', PopUp: 'Y', LocId: 'TT' })
  t.equal(created.status, 200, created.text)
  t.equal(created.json.data.LocId, 'SG', 'the body\'s LocId is the session\'s')
  const after = await admin.get('/api/v1/announcements?PopUp=Y')
  t.equal(after.headers.get('x-cache'), 'MISS', 'the POST cleared the cache')
  t.ok(after.json.data.some((a: { Content: string }) => a.Content === '<b>cache test</b>'))
})

t.test('the menu gates the API: a member cannot reach an admin page\'s endpoint; the denial is audited', async (t) => {
  const mem1 = browser()
  await mem1.login('mem1')
  const before = relay.seen.length
  const denied = await mem1.post('/api/v1/announcements', { Content: 'x', Color: 'red', PopUp: 'N' })
  t.equal(denied.status, 403)
  t.equal(denied.json.code, 'UI_API_FORBIDDEN')
  t.same(relay.seen.slice(before).filter((r) => r.url.includes('announcements')), [], 'the call did not reach the game API')
  const page = await service.audit.query({ action: 'denied', user: 'mem1' })
  t.ok(page.items.some((r) => String(r.path ?? '').includes('/api/v1/announcements') || JSON.stringify(r.detail).includes('/api/v1/announcements')), 'the denial is in the audit log')
})

t.test('a mutating call is audited before it is forwarded, its outcome after', async (t) => {
  const admin = browser()
  await admin.login('admin')
  const created = await admin.post('/api/v1/announcements', { Content: 'audited', Color: 'blue', PopUp: 'N' })
  t.equal(created.status, 200)
  const id = created.json.data.AnnouncementId
  const removed = await admin.request('DELETE', `/api/v1/announcements/${id}`)
  t.equal(removed.status, 200)
  const requestId = removed.headers.get('x-request-id')
  const records = (await service.audit.query({ user: 'admin' })).items.filter((r) => r.requestId === requestId)
  const actions = records.map((r) => r.action).sort()
  t.same(actions, ['api.call', 'outcome'])
  const call = records.find((r) => r.action === 'api.call')!
  const outcome = records.find((r) => r.action === 'outcome')!
  t.ok(Number(call.id) < Number(outcome.id), 'the request record precedes its outcome')
  t.equal(outcome.status, 200)
  t.match(call, { userId: 'admin', role: 'ADMIN', locId: 'SG', method: 'DELETE', path: `/api/v1/announcements/${id}` }, 'the record names who, as what, where and what')
})

t.test('unknown endpoints and hostile paths never reach the game API', async (t) => {
  const admin = browser()
  await admin.login('admin')
  const before = relay.seen.length
  t.equal((await admin.get('/api/v1/nope')).status, 404)
  t.equal((await admin.get('/api/v1/announcements/1')).status, 405)
  const hostile = [
    '../profile', '..%2fprofile', '%2e%2e/profile', '%252e%252e/profile', 'announcements/..%2f..%2fprofile', 'x/%2e%2e/%2e%2e/api/captcha',
    '..%5cprofile', 'announcements%2f..%2f..%2fcaptcha', '.%2e/.%2e/captcha', '%2e%2e%2f%2e%2e%2fcaptcha', 'announcements/%2e%2e', '%c0%ae%c0%ae/profile',
    'announcements;/../profile', 'announcements/..;/profile', '4d/..%2f..%2fcaptcha', 'tt/%2e%2e/profile', '%5c%5cevil/x', 'announcements%00',
    'announcements%20/../x', '.../profile', 'announcements/./', '%u002e%u002e/profile', '..%c0%afprofile', '..%ef%bc%8fprofile',
    'announcements\\..\\profile', 'profile%3f', 'profile%23', '%2fprofile', 'a%2f%2e%2e', '..%252f..%252fcaptcha', '%25%32%65%25%32%65/x'
  ]
  t.ok(hostile.length >= 30)
  for (const path of hostile) {
    const answer = await rawRequest(serviceUrl, 'GET', `/api/v1/${path}`, { cookie: admin.cookie })
    t.ok(answer.status >= 400 && answer.status < 500, `${path} → ${answer.status}`)
  }
  const leaked = relay.seen.slice(before)
  t.same(leaked, [], 'no hostile path was forwarded')
})

t.test('a game API 401 ends the session; maintenance (subCode 8000) reaches the client unchanged', async (t) => {
  const ag1 = browser()
  await ag1.login('ag1')
  await gameDb.query('DELETE FROM tokens')
  const answer = await ag1.get('/api/v1/profile')
  t.equal(answer.status, 401)
  t.equal((await ag1.get('/ui/session')).status, 401, 'the session ended')

  const until = new Date(Date.now() + 3_600_000).toISOString()
  const token = (await (await fetch(`${gameApiUrl}/api/v1/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'Demo#1234' }) })).json()).data.access_token
  const on = await fetch(`${gameApiUrl}/api/v1/maintenance`, { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ until }) })
  t.equal(on.status, 200)
  t.teardown(async () => {
    await fetch(`${gameApiUrl}/api/v1/maintenance`, { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ until: null }) })
  })
  const status = await browser().get('/api/v1/status')
  t.equal(status.status, 200)
  t.ok(status.json.data.t, 'the status endpoint tells the end time')
  const direct = await (await fetch(`${gameApiUrl}/api/v1/4d/loc`, { headers: { authorization: `Bearer ${token}` } })).json()
  const viaService = await browser().get('/api/v1/status')
  t.equal(direct.subCode, 8000)
  t.equal(viaService.status, 200)
})

t.test('the proxy and the service\'s own calls go through the game client\'s one dispatcher', async (t) => {
  const dispatcher = service.gameApi.dispatcher
  const dispatch = dispatcher.dispatch.bind(dispatcher)
  const paths: string[] = []
  dispatcher.dispatch = (options, handler) => { paths.push(String(options.path)); return dispatch(options, handler) }
  t.teardown(() => { dispatcher.dispatch = dispatch })
  const ag1 = browser()
  await ag1.login('ag1')
  t.ok(paths.some((p) => p.startsWith('/api/v1/oauth/token')), 'sign-in (a service call) used it')
  paths.length = 0
  t.equal((await ag1.get('/api/v1/announcements', { 'x-no-cache': '1' })).status, 200)
  t.ok(paths.some((p) => p.startsWith('/api/v1/4d/announcements')), 'the proxied call used it')
})

t.test('maintenance (subCode 8000) on a proxied call ends the server session; after maintenance the user signs in again', async (t) => {
  const mem1 = browser()
  t.equal((await mem1.login('mem1')).status, 200)
  t.equal((await mem1.get('/ui/session')).status, 200)
  const signedInCookie = mem1.cookie
  const admin = (await (await fetch(`${gameApiUrl}/api/v1/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'Demo#1234' }) })).json()).data.access_token
  const maintenance = (until: string | null) => fetch(`${gameApiUrl}/api/v1/maintenance`, { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` }, body: JSON.stringify({ until }) })
  t.equal((await maintenance(new Date(Date.now() + 3_600_000).toISOString())).status, 200)
  t.teardown(async () => { await maintenance(null) })

  const during = await mem1.get('/api/v1/announcements', { 'x-no-cache': '1' })
  t.equal(during.status, 503)
  t.match(during.json, { success: false, subCode: 8000 }, 'the maintenance answer reaches the browser unchanged')
  t.equal(mem1.cookie, '', 'the session cookie is cleared')

  t.equal((await maintenance(null)).status, 200)
  t.equal((await mem1.get('/ui/session')).status, 401, 'no way back in without signing in')
  t.not(signedInCookie, '', 'the browser was signed in before')
})

t.test('failures: slow game API 504, unreachable 502, oversized body 413', async (t) => {
  const admin = browser()
  await admin.login('admin')
  await admin.get('/api/v1/profile')
  relay.state.delayMs = 2500
  const slow = await admin.get('/api/v1/profile')
  relay.state.delayMs = 0
  t.equal(slow.status, 504, slow.text)
  t.equal(slow.json.code, 'UI_GAME_API_TIMEOUT')
  const big = await admin.post('/api/v1/announcements', { Content: 'x'.repeat(1100 * 1024), Color: 'red', PopUp: 'N' })
  t.equal(big.status, 413)
  t.equal(big.json.code, 'UI_API_BODY_TOO_LARGE')
  t.match(big.json.message, /KiB/)
  await relay.close()
  const down = await admin.get('/api/v1/profile', { 'x-no-cache': '1' })
  t.equal(down.status, 502)
  t.equal(down.json.code, 'UI_GAME_API_UNREACHABLE')
})
