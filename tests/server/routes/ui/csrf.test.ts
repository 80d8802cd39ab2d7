import t from 'tap'
import { startSessionProduct } from '../../../helpers/http-browser.ts'

// Every non-GET route of the session surface and the proxy.
const nonGet: Array<[string, string, unknown]> = [
  ['POST', '/ui/logout', {}],
  ['POST', '/ui/terms', { agree: true }],
  ['POST', '/ui/password', { OldPassword: 'Demo#1234', Password1: 'Better#12345', Password2: 'Better#12345' }],
  ['PUT', '/ui/session/location', { LocId: 'TT' }],
  ['POST', '/api/v1/4d/announcements', { Content: 'x', Color: 'red', PopUp: 'N' }],
  ['DELETE', '/api/v1/4d/announcements/1', {}]
]

t.test('CSRF: every non-GET under /ui and /api needs the session\'s x-csrf-token', async (t) => {
  const product = await startSessionProduct(t)
  const b = product.browser()
  await b.login('ag1')
  const csrf = b.csrf
  t.ok(csrf)

  for (const [method, path, body] of nonGet) {
    const missing = await b.request(method, path, { body, csrf: false })
    t.equal(missing.status, 403, `${method} ${path} without the header`)
    t.equal(missing.json.code, 'UI_CSRF_MISSING')
    t.match(missing.json.message, /x-csrf-token/)
    const wrong = await b.request(method, path, { body, csrf: false, headers: { 'x-csrf-token': csrf.slice(0, -2) + (csrf.endsWith('AA') ? 'BB' : 'AA') } })
    t.equal(wrong.status, 403, `${method} ${path} with a wrong header`)
    t.equal(wrong.json.code, 'UI_CSRF_MISMATCH')
    const otherLength = await b.request(method, path, { body, csrf: false, headers: { 'x-csrf-token': 'short' } })
    t.equal(otherLength.status, 403, `${method} ${path} with a header of another length`)
  }

  // A token from another session does not open this one.
  const other = product.browser()
  await other.login('mem1')
  const foreign = await b.request('PUT', '/ui/session/location', { body: { LocId: 'TT' }, csrf: false, headers: { 'x-csrf-token': other.csrf } })
  t.equal(foreign.status, 403, 'another session\'s token is refused')

  t.equal((await b.get('/ui/session')).json.location.LocId, 'SG', 'nothing changed')
  const ok = await b.put('/ui/session/location', { LocId: 'TT' })
  t.equal(ok.status, 200, 'with the right header the change goes through')

  // Without a session there is nothing to forge: 401 before anything else.
  const anonymous = product.browser()
  for (const [method, path, body] of nonGet) {
    if (path === '/ui/password') continue
    const answer = await anonymous.request(method, path, { body })
    t.equal(answer.status, 401, `${method} ${path} without a session`)
  }
  // GET, HEAD and OPTIONS need no header.
  t.equal((await b.request('GET', '/ui/session', { csrf: false })).status, 200)
  t.equal((await b.request('HEAD', '/ui/session', { csrf: false })).status, 200)
})

t.test('percent-encoded paths: the checks follow the matched route, not the raw URL', async (t) => {
  const product = await startSessionProduct(t)
  const b = product.browser()
  await b.login('admin')

  const location = await b.request('PUT', '/%75i/session/location', { body: { LocId: 'TT' }, csrf: false })
  t.equal(location.status, 403, 'PUT /%75i/session/location without x-csrf-token')
  t.equal(location.json.code, 'UI_CSRF_MISSING')
  t.equal((await b.get('/ui/session')).json.location.LocId, 'SG', 'the location did not change')

  const anonymous = product.browser()
  const crossSite = await anonymous.request('POST', '/%75i/login', { body: 'UserId=ag1&Password=Demo%231234&Lang=en', headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } })
  t.equal(crossSite.status, 415, 'a cross-site form post to /%75i/login is refused')
  t.equal(crossSite.setCookies.length, 0, 'and signs no one in')
  const crossOrigin = await anonymous.request('POST', '/%75i/login', { body: { UserId: 'ag1', Password: 'Demo#1234', Lang: 'en' }, headers: { 'sec-fetch-site': 'cross-site' } })
  t.equal(crossOrigin.status, 403)
  t.equal(crossOrigin.json.code, 'UI_CROSS_ORIGIN')

  const post = await b.request('POST', '/%61pi/v1/announcements', { body: { Content: 'smuggled', Color: 'red', PopUp: 'N' }, csrf: false })
  t.equal(post.status, 403, 'POST /%61pi/v1/... without x-csrf-token')
  t.equal(post.json.code, 'UI_CSRF_MISSING')
  t.equal((await anonymous.get('/%61pi/v1/announcements')).status, 401, 'the gate holds for /%61pi/v1: no session, no call')
  const gated = await b.get('/%61pi/v1/announcements')
  t.equal(gated.status, 200, 'a signed-in call through /%61pi/v1 is handled as /api/v1')
  t.equal(gated.json.success, true)
  const created = await b.post('/%61pi/v1/announcements', { Content: 'encoded', Color: 'red', PopUp: 'N' })
  t.equal(created.status, 200, 'with the token it goes through the same gate and audit')
  t.ok((await product.service.audit.query({ user: 'admin', action: 'api.call' })).items.length > 0, 'audited')
})

t.test('a non-GET to a path no route serves changes nothing: 404', async (t) => {
  const product = await startSessionProduct(t)
  const b = product.browser()
  await b.login('ag1')
  t.equal((await b.request('PATCH', '/ui/anything', { body: {}, csrf: false })).status, 404)
})
