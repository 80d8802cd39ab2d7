import t from 'tap'
import { startSessionProduct } from '../../../helpers/http-browser.ts'

// Every non-GET route of the session surface, plus paths under /ui and /api that no route serves (the check comes first).
const nonGet: Array<[string, string, unknown]> = [
  ['POST', '/ui/logout', {}],
  ['POST', '/ui/terms', { agree: true }],
  ['POST', '/ui/password', { OldPassword: 'Demo#1234', Password1: 'Better#12345', Password2: 'Better#12345' }],
  ['PUT', '/ui/session/location', { LocId: 'TT' }],
  ['POST', '/api/v1/4d/announcements', { Content: 'x', Color: 'red', PopUp: 'N' }],
  ['DELETE', '/api/v1/4d/announcements/1', {}],
  ['PATCH', '/ui/anything', {}]
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
