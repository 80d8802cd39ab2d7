import t from 'tap'
import { drawChanges } from '../../../server/game-api/lib/draw-changes.ts'
import { buildProduct } from '../../helpers/build.ts'
import { eventually } from '../../helpers/eventually.ts'
import { signedIn } from '../../helpers/http-browser.ts'

// The live exposure's server-sent events through the service: gated by the page like every call, relayed as they come
// (never held to the call timeout, cached or buffered), and the game API's stream ends when the browser leaves.
const CALL_TIMEOUT_MS = 500
const { serviceUrl, gameDb } = await buildProduct(t, { env: { PROXY_TIMEOUT_MS: String(CALL_TIMEOUT_MS) } })
const admin = await signedIn(serviceUrl, 'admin')
const mem1 = await signedIn(serviceUrl, 'mem1')

/** Opens the stream as a browser does and reads its text as it comes. */
async function openStream (cookie: string, ip: string) {
  const controller = new AbortController()
  const response = await fetch(`${serviceUrl}/api/v1/4d/exposure/stream`, { headers: { cookie, 'x-forwarded-for': ip, accept: 'text/event-stream' }, signal: controller.signal })
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let text = ''
  return {
    response,
    async readUntil (pattern: RegExp) {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read()
        if (done) throw new Error(`the stream ended before ${pattern}; it held ${JSON.stringify(text)}`)
        text += decoder.decode(value, { stream: true })
      }
      return text
    },
    close: () => controller.abort()
  }
}

t.test('admin holds the page: events arrive as bets are accepted, past the call timeout', async (t) => {
  const stream = await openStream(admin.cookie, admin.ip)
  t.teardown(stream.close)
  t.equal(stream.response.status, 200)
  t.match(stream.response.headers.get('content-type'), /^text\/event-stream/)
  t.match(stream.response.headers.get('cache-control'), /no-cache/)
  t.equal(stream.response.headers.get('x-cache'), null, 'not from the answer cache')
  await stream.readUntil(/event: ready/)
  // The heartbeat comes after the call timeout: the stream outlived it.
  await stream.readUntil(/: keep-alive/)
  t.pass(`still open after the ${CALL_TIMEOUT_MS} ms call timeout`)
  const placed = await mem1.post('/api/v1/4d/bet', { DayCode: '0', Lines: [{ Number: '8642', Big: 1 }] })
  t.equal(placed.status, 200, placed.text.slice(0, 300))
  await stream.readUntil(/event: change\ndata: \{"Kind":"placed"/)
  t.pass('the accepted bet arrives through the service')
  const exposure = await admin.get(`/api/v1/4d/exposure?DrawId=${placed.json.data.Draws[0].DrawId}`)
  t.equal(exposure.status, 200)
  t.ok((exposure.json.data.rows as Array<{ Number: string }>).some((r) => r.Number === '8642'), 'and the exposure read shows it')
})

t.test('the game API stream ends when the browser leaves', async (t) => {
  // The first test's stream closes as it ends: wait for it to go, then count.
  await eventually(() => drawChanges(gameDb).listenerCount('change') === 0, { what: 'earlier streams to close' })
  const before = 0
  const stream = await openStream(admin.cookie, admin.ip)
  await stream.readUntil(/event: ready/)
  t.equal(drawChanges(gameDb).listenerCount('change'), before + 1, 'one watcher while open')
  stream.close()
  await eventually(() => drawChanges(gameDb).listenerCount('change') === before, { what: 'the game API to drop the watcher' })
  t.pass('dropped')
})

t.test('a user without the page gets 403 for the stream, as for the data', async (t) => {
  t.equal((await mem1.get('/api/v1/4d/exposure/stream')).status, 403)
  t.equal((await mem1.get('/api/v1/4d/exposure')).status, 403)
})
