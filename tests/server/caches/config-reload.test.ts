import t, { type Test } from 'tap'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Fastify from 'fastify'
import { loadSettings } from '../../../server/shared/env.ts'
import storePlugin from '../../../server/src/plugins/app/store.ts'
import configStorePlugin from '../../../server/src/plugins/app/config-store.ts'
import cachesPlugin from '../../../server/src/plugins/app/caches.ts'
import { freshDb } from '../../helpers/db.ts'
import { redisReachable, testRedisUrl } from '../../helpers/redis.ts'
import { eventually } from '../../helpers/eventually.ts'
import { copyConfig } from '../config/fixtures.ts'

// A config load on one instance reaches the others: they drop what was made from the old config and, serving another
// version, read their own directory again (a change their file watch missed, as on some shared volumes).

/** The config store (its directory not watched: only a message can make it read again) and the cache owner over Redis. */
async function instance (t: Test, dir: string) {
  const app = Fastify({ logger: false })
  app.decorate('settings', loadSettings({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://', REDIS_URL: testRedisUrl }))
  await app.register(storePlugin, { db: await freshDb(t, 'pglite', { of: 'service' }), owned: false })
  await app.register(configStorePlugin, { dir, watch: false })
  await app.register(cachesPlugin)
  await app.ready()
  t.teardown(() => app.close())
  return app
}

const noRedis = await redisReachable() ? false : `Redis at ${testRedisUrl} is not reachable: skipped the cross-instance config test`
t.test('an instance that loaded a config makes the others read theirs again', { skip: noRedis }, async (t) => {
  const [dirA, dirB] = [copyConfig(t), copyConfig(t)]
  const a = await instance(t, dirA)
  const b = await instance(t, dirB)
  const before = b.configStore.current().version
  for (const dir of [dirA, dirB]) {
    const file = join(dir, 'i18n', 'en.json')
    const catalogue = JSON.parse(readFileSync(file, 'utf8'))
    catalogue.common.profile = 'My profile'
    writeFileSync(file, JSON.stringify(catalogue, null, 2))
  }
  t.equal(b.configStore.current().version, before, 'unwatched, the other instance still serves the old files')
  t.equal((await a.configStore.reload()).outcome, 'loaded')
  await t.resolves(eventually(() => b.configStore.current().version === a.configStore.current().version, { what: 'the other instance loading the same files' }))
  t.not(b.configStore.current().version, before)
})
