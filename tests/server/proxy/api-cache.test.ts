import t, { type Test } from 'tap'
import Fastify from 'fastify'
import { loadSettings } from '../../../server/shared/env.ts'
import apiCache from '../../../server/src/plugins/app/api-cache.ts'
import { cacheKey } from '../../../server/src/proxy/cache-key.ts'
import { redisReachable, testRedisUrl } from '../../helpers/redis.ts'
import { eventually } from '../../helpers/eventually.ts'

async function instance (t: Test, env: NodeJS.ProcessEnv = {}) {
  const app = Fastify()
  app.decorate('settings', loadSettings({ LOG_LEVEL: 'silent', ...env }))
  await app.register(apiCache)
  await app.ready()
  t.teardown(() => app.close())
  return app
}

const answer = { status: 200, contentType: 'application/json', body: Buffer.from('{"success":true,"data":[]}') }

t.test('keys never mix users, locations or queries; query order and cache-busters do not matter', async (t) => {
  const base = cacheKey('ag1', 'SG', 'announcements', { PopUp: 'Y', a: '1' })
  t.equal(cacheKey('ag1', 'SG', 'announcements', { a: '1', PopUp: 'Y', rand: '123', LocId: 'XX' }), base)
  t.not(cacheKey('mem1', 'SG', 'announcements', { PopUp: 'Y', a: '1' }), base)
  t.not(cacheKey('ag1', 'TT', 'announcements', { PopUp: 'Y', a: '1' }), base)
  t.not(cacheKey('ag1', 'SG', 'announcements', { PopUp: 'N', a: '1' }), base)
  t.not(cacheKey('ag1', 'SG', 'bet/userIds', { PopUp: 'Y', a: '1' }), base)
})

t.test('hits, misses and clear on one instance', async (t) => {
  const app = await instance(t)
  t.equal(app.apiCache.get('k'), undefined)
  app.apiCache.set('k', answer)
  t.equal(app.apiCache.get('k'), answer, 'the same buffer comes back (no clones)')
  t.same(app.apiCache.stats, { hits: 1, misses: 1 })
  await app.apiCache.clear()
  t.equal(app.apiCache.get('k'), undefined)
})

const noRedis = await redisReachable() ? false : `Redis at ${testRedisUrl} is not reachable: skipped the cross-instance test`
t.test('a clear on one instance empties every instance through Redis', { skip: noRedis }, async (t) => {
  const a = await instance(t, { REDIS_URL: testRedisUrl })
  const b = await instance(t, { REDIS_URL: testRedisUrl })
  a.apiCache.set('k', answer)
  b.apiCache.set('k', answer)
  await a.apiCache.clear()
  await t.resolves(eventually(() => b.apiCache.get('k') === undefined, { what: 'the clear reaching the other instance' }), 'the other instance was cleared')
})

t.test('a clear of scope all runs the onClearAll listeners; an ordinary clear does not', async (t) => {
  const app = await instance(t)
  let runs = 0
  app.apiCache.onClearAll(() => { runs++ })
  app.apiCache.set('k', answer)
  await app.apiCache.clear()
  t.equal(runs, 0, 'a mutating call keeps the user contexts')
  app.apiCache.set('k', answer)
  await app.apiCache.clear('all')
  t.equal(runs, 1)
  t.equal(app.apiCache.get('k'), undefined)
})

t.test('Clear Cache on one instance runs the other instance\'s listeners through Redis', { skip: noRedis }, async (t) => {
  const a = await instance(t, { REDIS_URL: testRedisUrl })
  const b = await instance(t, { REDIS_URL: testRedisUrl })
  let runsA = 0
  let runsB = 0
  a.apiCache.onClearAll(() => { runsA++ })
  b.apiCache.onClearAll(() => { runsB++ })
  b.apiCache.set('k', answer)
  await a.apiCache.clear('all')
  await t.resolves(eventually(() => runsB === 1 && b.apiCache.get('k') === undefined, { what: 'the full clear reaching the other instance' }))
  t.equal(runsA, 1, 'the sender ran its own once, not again on its own message')
})
