import t from 'tap'
import { Redis } from 'ioredis'
import { buildGameApi, buildService } from '../../helpers/build.ts'
import { Browser, signedIn } from '../../helpers/http-browser.ts'
import { redisReachable, testRedisUrl } from '../../helpers/redis.ts'
import { eventually } from '../../helpers/eventually.ts'
import { INVALIDATION_CHANNEL } from '../../../server/src/caches/bus.ts'
import { cacheKey } from '../../../server/src/proxy/cache-key.ts'

// The one cache owner across instances: what one instance forgets, every instance forgets (Redis pub/sub), and alone an
// instance forgets at once. The probe: mem1 must change the password (set in the game API's database behind the service's
// back), which only a fresh read of mem1's profile reveals: the page answers 200 from the kept reads, 403 once they are dropped.

const PAGE = '/ui/pages?path=/bet/placeBets/add'
const answer = { status: 200, contentType: 'application/json', body: Buffer.from('{"success":true,"data":[]}') }

t.test('alone (no Redis): forgetting a user makes the next request read them afresh', async (t) => {
  const { gameApiUrl, db } = await buildGameApi(t)
  const { serviceUrl, service } = await buildService(t, { gameApiUrl })
  t.teardown(() => db.query("UPDATE users SET update_password = false WHERE user_id = 'mem1'"))
  const mem1 = await signedIn(serviceUrl, 'mem1')
  t.equal((await mem1.get(PAGE)).status, 200)
  await db.query("UPDATE users SET update_password = true WHERE user_id = 'mem1'")
  t.equal((await mem1.get(PAGE)).status, 200, 'the kept profile still answers')
  const keys = { mem1: cacheKey('mem1', 'SG', 'announcements', {}), preview: cacheKey('sup1>mem1', 'SG', 'announcements', {}), ag1: cacheKey('ag1', 'SG', 'announcements', {}) }
  for (const key of Object.values(keys)) service.caches.answers.set(key, answer)
  await service.caches.invalidate({ kind: 'user', userId: 'mem1' })
  t.equal((await mem1.get(PAGE)).status, 403, 'read afresh: the password must change first')
  t.equal(service.caches.answers.get(keys.mem1), undefined, 'their answers, cut to the rights they had, are dropped')
  t.equal(service.caches.answers.get(keys.preview), undefined, 'and a supporter\'s preview of them')
  t.equal(service.caches.answers.get(keys.ag1), answer, 'another user\'s answers stay')
})

const noRedis = await redisReachable() ? false : `Redis at ${testRedisUrl} is not reachable: skipped the cross-instance tests`
t.test('two instances sharing Redis', { skip: noRedis }, async (t) => {
  const { gameApiUrl, db } = await buildGameApi(t)
  // One session key for both, as behind a load balancer: a cookie made by one is read by the other.
  const env = { REDIS_URL: testRedisUrl, SESSION_SECRET: 'caches-test-session-secret-of-32-chars-or-more' }
  const a = await buildService(t, { gameApiUrl, env })
  const b = await buildService(t, { gameApiUrl, env })
  t.teardown(() => db.query("UPDATE users SET update_password = false WHERE user_id = 'mem1'"))

  await t.test('forgetting a user on one makes the other read them afresh', async (t) => {
    const onA = await signedIn(a.serviceUrl, 'mem1')
    const onB = Object.assign(new Browser(b.serviceUrl, onA.ip), { cookie: onA.cookie, csrf: onA.csrf })
    t.equal((await onB.get(PAGE)).status, 200, 'the other instance reads the same session')
    await db.query("UPDATE users SET update_password = true WHERE user_id = 'mem1'")
    t.equal((await onB.get(PAGE)).status, 200, 'the other instance answers from its kept reads')
    const key = cacheKey('mem1', 'SG', 'announcements', {})
    b.service.caches.answers.set(key, answer)
    await a.service.caches.invalidate({ kind: 'user', userId: 'mem1' })
    t.equal((await onA.get(PAGE)).status, 403, 'the instance that forgot reads afresh at once')
    await t.resolves(eventually(async () => (await onB.get(PAGE)).status === 403, { what: 'the other instance reading mem1 afresh' }))
    t.equal(b.service.caches.answers.get(key), undefined, 'and drops their answers')
  })

  await t.test('a write\'s answers clear and Clear Cache reach the other instance; a config load drops answers cut to the old columns', async (t) => {
    b.service.caches.answers.set('k', answer)
    await a.service.caches.invalidate({ kind: 'answers' })
    await t.resolves(eventually(() => b.service.caches.answers.get('k') === undefined, { what: 'the answers clear reaching the other instance' }))
    b.service.caches.answers.set('k', answer)
    t.ok(b.service.caches.reads.size > 0, 'the other instance holds session reads')
    await a.service.caches.invalidate({ kind: 'all' })
    await t.resolves(eventually(() => b.service.caches.answers.get('k') === undefined && b.service.caches.reads.size === 0, { what: 'Clear Cache reaching the other instance' }))
    b.service.caches.answers.set('k', answer)
    await a.service.caches.invalidate({ kind: 'config', version: a.service.configStore.current().version })
    await t.resolves(eventually(() => b.service.caches.answers.get('k') === undefined, { what: 'the config load reaching the other instance' }))
  })

  await t.test('a message that is not an invalidation drops nothing', async (t) => {
    const intruder = new Redis(testRedisUrl)
    t.teardown(() => intruder.disconnect())
    b.service.caches.answers.set('k', answer)
    for (const junk of ['flush', '{"from":"x","batch":[{"kind":"everything"}]}']) await intruder.publish(INVALIDATION_CHANNEL, junk)
    // Messages arrive in order: once the valid one after the junk was handled, the junk was handled too.
    const marker = { tokenKey: 'marker', userId: 'nobody', locId: 'none' }
    b.service.caches.reads.put(marker, 'settings', 1)
    await intruder.publish(INVALIDATION_CHANNEL, JSON.stringify({ from: 'x', batch: [{ kind: 'location', locId: 'none' }] }))
    await t.resolves(eventually(async () => (await b.service.caches.reads.cached(marker, 'settings', async () => 2)) === 2, { what: 'the valid message after the junk' }))
    t.same(b.service.caches.answers.get('k'), answer, 'the answers were kept')
  })
})
