import net from 'node:net'
import { randomUUID } from 'node:crypto'
import t from 'tap'
import type { Test } from 'tap'
import { LOGIN_LIMITS } from '../../../../server/src/routes/ui/login.ts'
import { startSessionProduct, type SessionProduct } from '../../../helpers/http-browser.ts'
import { eventually } from '../../../helpers/eventually.ts'
import { startTcpGate } from '../../chaos/tcp-gate.ts'

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

function reachable (url: string): Promise<boolean> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) })
    socket.setTimeout(1000)
    socket.once('connect', () => { socket.destroy(); resolve(true) })
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => { socket.destroy(); resolve(false) })
  })
}

// Unique user ids and addresses: counters in a shared Redis outlive a run by up to a minute.
const uniqueUser = () => `nobody-${randomUUID().slice(0, 8)}`

async function checkLimits (t: Test, product: SessionProduct) {
  await t.test(`${LOGIN_LIMITS.perAddress} attempts a minute per address, then 429 with Retry-After`, async (t) => {
    const b = product.browser()
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      const answer = await b.login(uniqueUser(), 'Wrong#1234')
      t.equal(answer.status, 400, `attempt ${i + 1} reaches the game API`)
    }
    const limited = await b.login(uniqueUser(), 'Wrong#1234')
    t.equal(limited.status, 429)
    t.equal(limited.json.code, 'UI_LOGIN_RATE_LIMITED')
    t.match(limited.json.message, /^Too many sign-in attempts for this address: wait \d+ s before trying again\.$/)
    const retryAfter = Number(limited.headers.get('retry-after'))
    t.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter} s`)
    t.equal((await product.browser().login('ag1')).status, 200, 'another address is not held back')
  })

  await t.test(`${LOGIN_LIMITS.perUserId} attempts a minute per user id, from any address`, async (t) => {
    const user = uniqueUser()
    for (let i = 0; i < LOGIN_LIMITS.perUserId; i++) {
      t.equal((await product.browser().login(user, 'Wrong#1234')).status, 400)
    }
    const limited = await product.browser().login(user.toUpperCase(), 'Wrong#1234')
    t.equal(limited.status, 429, 'the user id is limited whatever its case and address')
    t.match(limited.json.message, /for this user id/)
    t.ok(Number(limited.headers.get('retry-after')) >= 1)
  })
}

t.test('sign-in rate limit, in memory, behind a proxy on 127.0.0.1 (TRUST_PROXY): its X-Forwarded-For is honoured', async (t) => {
  await checkLimits(t, await startSessionProduct(t, { env: { TRUST_PROXY: '127.0.0.1' } }))
})

t.test('without TRUST_PROXY a rotating X-Forwarded-For does not escape the per-address limit', async (t) => {
  const product = await startSessionProduct(t, { env: { TRUST_PROXY: '' } })
  for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) t.equal((await product.browser().login(uniqueUser(), 'Wrong#1234')).status, 400)
  const limited = await product.browser().login(uniqueUser(), 'Wrong#1234')
  t.equal(limited.status, 429, 'every forged address counts as the one real address')
  t.match(limited.json.message, /for this address/)
})

const redisUp = await reachable(redisUrl)
if (!redisUp) t.comment(`Redis at ${redisUrl} is not reachable: skipped the Redis store run`)
t.test('sign-in rate limit, Redis store', { skip: redisUp ? false : `Redis at ${redisUrl} is not reachable` }, async (t) => {
  const product = await startSessionProduct(t, { env: { REDIS_URL: redisUrl } })
  await checkLimits(t, product)
  // Two instances share the counters: a second service on the same Redis sees the first one's attempts.
  const user = uniqueUser()
  for (let i = 0; i < LOGIN_LIMITS.perUserId; i++) await product.browser().login(user, 'Wrong#1234')
  const second = await startSessionProduct(t, { env: { REDIS_URL: redisUrl } })
  t.equal((await second.browser().login(user, 'Wrong#1234')).status, 429, 'another instance refuses the same user id')
})

t.test('Redis going away: the limits fall back to this process, /readyz says degraded; back, they count in Redis again', { skip: redisUp ? false : `Redis at ${redisUrl} is not reachable` }, async (t) => {
  const { hostname, port } = new URL(redisUrl)
  const gate = await startTcpGate(t, { host: hostname, port: Number(port || 6379) })
  const product = await startSessionProduct(t, { env: { REDIS_URL: `redis://127.0.0.1:${gate.port}` } })
  const ready = async () => (await fetch(`${product.serviceUrl}/readyz`).then(async (r) => ({ status: r.status, json: await r.json() as any })))
  t.match(await ready(), { status: 200, json: { status: 'ready', degraded: [], checks: { redis: { ok: true } } } })
  gate.down()
  const away = await ready()
  t.equal(away.status, 200, 'the service still serves')
  t.match(away.json, { status: 'degraded', failed: [], degraded: ['redis'], checks: { redis: { ok: false, message: /^Redis: .*sign-in limits are counted in each instance until it is back$/ } } })
  t.equal(product.service.rateLimitBackend.mode(), 'fallback', 'the limits count in this process')
  await checkLimits(t, product)
  gate.up()
  await eventually(async () => (await ready()).json.status === 'ready', { within: 15_000, every: 200, what: 'Redis answering again' })
  t.equal((await product.browser().login(uniqueUser(), 'Wrong#1234')).status, 400)
  t.equal(product.service.rateLimitBackend.mode(), 'redis', 'back in Redis')
})

t.test('Redis away when the service starts: it starts and serves, limits counted in this process, until Redis answers', { skip: redisUp ? false : `Redis at ${redisUrl} is not reachable` }, async (t) => {
  const { hostname, port } = new URL(redisUrl)
  const gate = await startTcpGate(t, { host: hostname, port: Number(port || 6379) })
  gate.down()
  const product = await startSessionProduct(t, { env: { REDIS_URL: `redis://127.0.0.1:${gate.port}` } })
  const ready = async () => (await fetch(`${product.serviceUrl}/readyz`).then(async (r) => ({ status: r.status, json: await r.json() as any })))
  t.match(await ready(), { status: 200, json: { status: 'degraded', degraded: ['redis'] } }, 'ready, and saying what is missing')
  await checkLimits(t, product)
  gate.up()
  await eventually(async () => (await ready()).json.status === 'ready', { within: 15_000, every: 200, what: 'Redis answering' })
  t.equal((await product.browser().login(uniqueUser(), 'Wrong#1234')).status, 400)
  t.equal(product.service.rateLimitBackend.mode(), 'redis', 'counting in Redis once it answers')
})
