import t from 'tap'
import { randomUUID } from 'node:crypto'
import { signedIn, startSessionProduct } from '../../helpers/http-browser.ts'

// Control › Draw Setting's Close betting is a row call the browser sends as a PUT without a body: it answered 400 "body has the wrong kind of value".
t.test('a write without a body, sent through the service as the browser sends it, is taken as an empty one', async (t) => {
  const product = await startSessionProduct(t)
  const admin = await signedIn(product.serviceUrl, 'admin')
  await admin.get('/ui/pages?path=/control/drawSetting')
  const open = (await admin.get('/api/v1/4d/draw/activeLatest')).json.data[0]
  const bare = (path: string) => admin.request('PUT', path, { headers: { 'idempotency-key': randomUUID() } })
  const closed = await bare(`/api/v1/4d/draw/${open.DrawId}/close`)
  t.equal(closed.status, 200, closed.text)
  t.match(closed.json?.data, { DrawId: open.DrawId, Status: 'closed', ClosedByHand: true }, 'Close betting closes the draw')
  const reopened = await bare(`/api/v1/4d/draw/${open.DrawId}/reopen`)
  t.equal(reopened.status, 200, reopened.text)
  t.match(reopened.json?.data, { Status: 'open', ClosedByHand: false }, 'and Reopen reopens it')
  const unknown = await bare('/api/v1/4d/draw/999999/close')
  t.match(unknown, { status: 404, json: { code: 'GA_DRAW_NOT_FOUND' } }, 'a mistake is still named, never a body refusal')
})
