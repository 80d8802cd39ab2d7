import t from 'tap'
import { startSessionProduct } from '../../../helpers/http-browser.ts'

// The helper's product trusts loopback (TRUST_PROXY): a browser's X-Forwarded-For marks it as coming through that proxy.
const product = await startSessionProduct(t)
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

t.test("a client's x-request-id never becomes the request id; a trusted proxy's is kept in forwardedRequestId", async (t) => {
  const admin = product.browser()
  t.equal((await admin.login('admin')).status, 200)
  const created = await admin.post('/api/v1/announcements', { Content: 'traced', Color: 'blue', PopUp: 'N' }, { headers: { 'x-request-id': 'lb-trace-42' } })
  t.equal(created.status, 200, created.text)
  const id = created.headers.get('x-request-id') ?? ''
  t.match(id, uuid, 'the answer carries a generated id, not the forwarded one')
  const records = (await product.service.audit.query({ user: 'admin', action: 'api.call' })).items
  t.match(records[0], { requestId: id, forwardedRequestId: 'lb-trace-42' }, 'the proxy\'s id is kept beside ours')

  // Straight from a client (no trusted proxy in between): its header is neither our id nor kept.
  const direct = await fetch(`${product.serviceUrl}/api/v1/announcements`, {
    method: 'POST',
    headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf, 'content-type': 'application/json', 'x-request-id': 'chosen-by-client' },
    body: JSON.stringify({ Content: 'direct', Color: 'blue', PopUp: 'N' })
  })
  t.equal(direct.status, 200)
  t.match(direct.headers.get('x-request-id'), uuid)
  const latest = (await product.service.audit.query({ user: 'admin', action: 'api.call' })).items[0]
  t.match(latest, { requestId: direct.headers.get('x-request-id'), forwardedRequestId: null }, 'a header from an untrusted peer is dropped')
})

t.test('without TRUST_PROXY no forwarded id is kept', async (t) => {
  const untrusting = await startSessionProduct(t, { env: { TRUST_PROXY: '' } })
  const health = await fetch(`${untrusting.serviceUrl}/healthz`, { headers: { 'x-request-id': 'lb-trace-43', 'x-forwarded-for': '10.1.2.3' } })
  t.match(health.headers.get('x-request-id'), uuid)
  const admin = untrusting.browser()
  await admin.login('admin')
  await admin.post('/api/v1/announcements', { Content: 'untrusted', Color: 'blue', PopUp: 'N' }, { headers: { 'x-request-id': 'lb-trace-43' } })
  t.match((await untrusting.service.audit.query({ user: 'admin', action: 'api.call' })).items[0], { forwardedRequestId: null, clientAddress: '127.0.0.1' })
})
