import { readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import Fastify from 'fastify'
import t, { type Test } from 'tap'
import { loadSettings } from '../../../server/shared/env.ts'
import type { Db } from '../../../server/shared/db.ts'
import storePlugin from '../../../server/src/plugins/app/store.ts'
import configStorePlugin from '../../../server/src/plugins/app/config-store.ts'
import configStatusRoutes from '../../../server/src/routes/config-status.ts'
import { applyFiles } from '../../../server/src/config/versions.ts'
import { contentVersion, readConfigDir } from '../../../server/src/config/load.ts'
import { verifyAuditLog } from '../../../server/src/audit/store.ts'
import { eachDatabase, freshDb } from '../../helpers/db.ts'
import { buildProduct } from '../../helpers/build.ts'
import { Browser, signedIn } from '../../helpers/http-browser.ts'
import { copyConfig } from './fixtures.ts'

/** The store, the config store on dir (reloaded by the test, not by a watcher) and GET /ui/config/status. */
async function configApp (t: Test, dir: string, db: Db) {
  const app = Fastify({ logger: false })
  app.decorate('settings', loadSettings({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://' }))
  await app.register(storePlugin, { db, owned: false })
  await app.register(configStorePlugin, { dir, watch: false })
  await app.register(configStatusRoutes)
  await app.ready()
  t.teardown(() => app.close())
  return app
}

interface VersionRow { id: number, content_version: string, author: string, message: string, parent_id: number | null, source: string, files: Record<string, string> }
const versions = async (db: Db) => (await db.query<VersionRow>('SELECT id, content_version, author, message, parent_id, source, files FROM config_versions ORDER BY id')).rows
const liveId = async (db: Db) => (await db.query<{ version_id: number | null }>('SELECT version_id FROM config_live')).rows.map((r) => r.version_id)

const editJson = (file: string, change: (value: any) => void) => {
  const value = JSON.parse(readFileSync(file, 'utf8'))
  change(value)
  writeFileSync(file, JSON.stringify(value, null, 2))
}

t.test('each config loaded from files is a numbered version in the store, named by every answer', (t) => eachDatabase(t, async (t, kind) => {
  const dir = copyConfig(t)
  const db = await freshDb(t, kind, { of: 'service' })
  const app = await configApp(t, dir, db)
  const first = app.configStore.current()

  const started = await app.inject('/ui/config/status')
  t.equal(started.headers['x-config-version'], '1', 'a start records version 1 and names it')
  t.match(started.json(), { version: first.version, versionNumber: 1 }, 'the status keeps the content version and adds the number')
  const [one] = await versions(db)
  t.match(one, { id: 1, content_version: first.version, author: 'files', source: 'files', parent_id: null, message: `imported from ${basename(dir)}/ (${Object.keys(one?.files ?? {}).length} files changed)` })
  t.equal(one?.files['menu.json'], readFileSync(join(dir, 'menu.json'), 'utf8'), 'the version holds the files as read')
  t.same(await liveId(db), [1], 'and is live')

  // The same content again (a file written with what it held): nothing new.
  writeFileSync(join(dir, 'menu.json'), readFileSync(join(dir, 'menu.json'), 'utf8'))
  t.same(await app.configStore.reload(), { outcome: 'unchanged', version: first.version })
  t.equal((await versions(db)).length, 1, 'an identical reload records nothing')

  editJson(join(dir, 'i18n', 'en.json'), (c) => { c.menu.profile = 'My Profile' })
  const changed = await app.configStore.reload()
  t.match(changed, { outcome: 'loaded', number: 2, previousVersion: first.version })
  const second = app.configStore.current()
  t.match((await versions(db))[1], { id: 2, content_version: second.version, author: 'files', parent_id: 1, message: `imported from ${basename(dir)}/ (1 file changed)` }, 'a changed file is version 2 after 1')
  t.same(await liveId(db), [2])
  const after = await app.inject('/ui/config/status')
  t.equal(after.headers['x-config-version'], '2', 'the header follows')
  t.match(after.json(), { version: second.version, versionNumber: 2 })

  editJson(join(dir, 'menu.json'), (m) => { m.groups[0].items[1].rule = { flag: 'EnableEverything' } })
  t.match(await app.configStore.reload(), { outcome: 'rejected' })
  t.equal((await versions(db)).length, 2, 'a refused change records no version')
  t.same(await liveId(db), [2])
  t.equal((await app.inject('/ui/config/status')).headers['x-config-version'], '2', 'and the live version is still named')

  await t.rejects(db.query("UPDATE config_versions SET message = 'edited'"), /immutable/, 'a version cannot be changed')
  await t.rejects(db.query('DELETE FROM config_versions'), /immutable/, 'nor deleted')
}))

t.test('two services starting on one store with the same files make one version', (t) => eachDatabase(t, async (t, kind) => {
  const dir = copyConfig(t)
  const db = await freshDb(t, kind, { of: 'service' })
  // On PostgreSQL each service has its own connections, as two instances have.
  const other = await db.fork(3)
  t.teardown(() => other.close())
  const [a, b] = await Promise.all([configApp(t, dir, db), configApp(t, dir, other)])
  t.equal(a.configStore.versionNumber(), 1)
  t.equal(b.configStore.versionNumber(), 1)
  t.equal((await versions(db)).length, 1, 'one version, not two')

  // More importers at once, each on its own connection: still no second version of the same content.
  const { files } = await readConfigDir(dir)
  files.set('menu.json', `${files.get('menu.json') ?? ''}\n`)
  const handles = kind === 'postgres' ? await Promise.all([1, 2, 3].map(() => db.fork(1))) : [db, db, db]
  if (kind === 'postgres') t.teardown(() => Promise.all(handles.map((h) => h.close())))
  const imported = await Promise.all(handles.map((h) => applyFiles(h, { files, contentVersion: contentVersion(files), dirName: 'menus' })))
  t.same(imported.map((i) => i.number), [2, 2, 2], 'every importer finds the same version')
  t.equal(imported.filter((i) => i.kind === 'live' && i.created).length, 1, 'made once; the others find the files already seen')
  t.match(await versions(db), [{ id: 1 }, { id: 2, parent_id: 1, message: 'imported from menus/ (1 file changed)' }])
}))

t.test('the product names the version on every answer and in every audit record; GET /ui/config/versions for ConfigEdit holders and OPS_TOKEN', async (t) => {
  const dir = copyConfig(t)
  const OPS_TOKEN = 'ops-token-for-the-config-versions-test'
  const { service, serviceUrl, store } = await buildProduct(t, { env: { CONFIG_DIR: dir, OPS_TOKEN } })

  const anonymous = new Browser(serviceUrl)
  const health = await anonymous.get('/healthz')
  t.equal(health.headers.get('x-config-version'), '1', 'every answer names the live version')
  t.equal((await anonymous.get('/ui/no/such/route')).headers.get('x-config-version'), '1', 'a 404 too')
  const refused = await anonymous.get('/ui/config/versions')
  t.equal(refused.status, 401, 'the read is refused without a session or OPS_TOKEN')
  t.match(refused.json, { code: 'UI_CONFIG_AUTH_REQUIRED', message: /ConfigEdit/ })
  t.equal((await anonymous.get('/ui/config/versions', { authorization: 'Bearer not-the-ops-token-at-all-0000' })).status, 401, 'a wrong token too')

  const admin = await signedIn(serviceUrl, 'admin')
  editJson(join(dir, 'i18n', 'zh.json'), (c) => { c.menu.profile = '我的资料' })
  // Loaded here, or already by the watcher: one version either way.
  t.not((await service.configStore.reload()).outcome, 'rejected')
  t.equal(service.configStore.versionNumber(), 2)

  const list = await admin.get('/ui/config/versions')
  t.equal(list.status, 200, list.text)
  t.equal(list.headers.get('x-config-version'), '2')
  t.equal(list.headers.get('cache-control'), 'no-store')
  t.match(list.json, {
    versions: [
      { number: 2, contentVersion: service.configStore.current().version, author: 'files', message: `imported from ${basename(dir)}/ (1 file changed)`, parent: 1, source: 'files', createdAt: String, live: true },
      { number: 1, author: 'files', parent: null, live: false }
    ],
    nextBefore: null
  }, 'newest first, which is live')
  t.notOk('files' in (list.json.versions[0] ?? {}), 'no file contents')
  const page = await anonymous.get('/ui/config/versions?limit=1', { authorization: `Bearer ${OPS_TOKEN}` })
  t.equal(page.status, 200, 'OPS_TOKEN reads it too')
  t.match(page.json, { versions: [{ number: 2 }], nextBefore: 2 })
  t.match((await anonymous.get('/ui/config/versions?limit=1&before=2', { authorization: `Bearer ${OPS_TOKEN}` })).json, { versions: [{ number: 1 }] })
  t.equal((await admin.get('/ui/config/versions?limit=0')).status, 400, 'a bad limit is a bad request')

  const audit = await admin.get('/ui/audit?limit=200')
  t.equal(audit.status, 200, audit.text)
  const records = audit.json.items as Array<{ action: string, userId: string | null, detail: Record<string, unknown> | null }>
  t.match(records.find((r) => r.action === 'login'), { userId: 'admin', detail: { configVersionNumber: 1 } }, 'the sign-in record carries version 1')
  t.match(records.find((r) => r.action === 'config-reload'), { detail: { configVersionNumber: 2, number: 2, previousNumber: 1 } }, 'the reload record carries version 2')
  t.match(records.find((r) => r.action === 'audit-read'), { userId: 'admin', detail: { configVersionNumber: 2 } }, 'a request after it carries 2')
  t.same(records.filter((r) => typeof r.detail?.configVersionNumber !== 'number').map((r) => r.action), [], 'every record carries a number')
  t.match(await verifyAuditLog(store), { ok: true }, 'the audit chain still verifies')
})
