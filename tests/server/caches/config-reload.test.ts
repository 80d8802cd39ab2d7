import t, { type Test } from 'tap'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Fastify from 'fastify'
import { loadSettings } from '../../../server/shared/env.ts'
import storePlugin from '../../../server/src/plugins/app/store.ts'
import configStorePlugin from '../../../server/src/plugins/app/config-store.ts'
import cachesPlugin from '../../../server/src/plugins/app/caches.ts'
import { freshDb } from '../../helpers/db.ts'
import type { Db } from '../../../server/shared/db.ts'
import { redisReachable, testRedisUrl } from '../../helpers/redis.ts'
import { eventually } from '../../helpers/eventually.ts'
import { copyConfig } from '../config/fixtures.ts'

// A version made live on one instance reaches the others over Redis at once: they drop what was made from the old config and
// take the new version from the store they share (the catch-up poll, which would find it without Redis, is slowed down here so
// only the message can explain it).

/** The config store (its directory not watched, its poll slow) and the cache owner over Redis, on the given store. */
async function instance (t: Test, dir: string, db: Db) {
  const app = Fastify({ logger: false })
  app.decorate('settings', loadSettings({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://', REDIS_URL: testRedisUrl, CONFIG_SYNC_MS: '60000' }))
  await app.register(storePlugin, { db, owned: false })
  await app.register(configStorePlugin, { dir, watch: false })
  await app.register(cachesPlugin)
  await app.ready()
  t.teardown(() => app.close())
  return app
}

const noRedis = await redisReachable() ? false : `Redis at ${testRedisUrl} is not reachable: skipped the cross-instance config test`
t.test('a version one instance makes live is served by the others at once', { skip: noRedis }, async (t) => {
  const dir = copyConfig(t)
  const db = await freshDb(t, 'pglite', { of: 'service' })
  const a = await instance(t, dir, db)
  const b = await instance(t, dir, db)
  const before = b.configStore.current().version
  const file = join(dir, 'i18n', 'en.json')
  const catalogue = JSON.parse(readFileSync(file, 'utf8'))
  catalogue.common.profile = 'My profile'
  writeFileSync(file, JSON.stringify(catalogue, null, 2))
  t.equal(b.configStore.current().version, before, 'unwatched, the other instance still serves the old version')
  t.equal((await a.configStore.reload()).outcome, 'loaded')
  await t.resolves(eventually(() => b.configStore.versionNumber() === a.configStore.versionNumber(), { what: 'the other instance taking the new version' }))
  t.equal(b.configStore.current().version, a.configStore.current().version, 'the same content')
  t.not(b.configStore.current().version, before)
})
