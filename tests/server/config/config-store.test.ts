import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import t, { type Test } from 'tap'
import { loadSettings } from '../../../server/shared/env.ts'
import storePlugin from '../../../server/src/plugins/app/store.ts'
import configStorePlugin, { type ConfigChangeEvent } from '../../../server/src/plugins/app/config-store.ts'
import configStatusRoutes from '../../../server/src/routes/config-status.ts'
import configI18nRoutes from '../../../server/src/routes/config-i18n.ts'
import { buildMenu } from '../../../server/src/config/menu.ts'
import { eachDatabase, freshDb, type DbKind } from '../../helpers/db.ts'
import { copyConfig, ctxFor, SG, shippedConfigDir } from './fixtures.ts'
import { resolveReferences } from '../../../schemas/i18n.ts'

/** A small app: the store, the config store on dir, and the config routes. */
async function configApp (t: Test, dir: string, kind: DbKind = 'pglite') {
  const db = await freshDb(t, kind, { of: 'service' })
  const app = Fastify({ logger: false })
  app.decorate('settings', loadSettings({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://' }))
  await app.register(storePlugin, { db, owned: false })
  await app.register(configStorePlugin, { dir, debounceMs: 50 })
  await app.register(configStatusRoutes)
  await app.register(configI18nRoutes)
  await app.ready()
  t.teardown(() => app.close())
  return app
}

/** The next change event of a kind (fails the wait after 5 s). */
function next (app: Awaited<ReturnType<typeof configApp>>, kind: ConfigChangeEvent['kind']): Promise<ConfigChangeEvent> {
  return new Promise((resolve, reject) => {
    let done = false
    const timer = setTimeout(() => { done = true; reject(new Error(`no ${kind} event within 5 s`)) }, 5000)
    app.configStore.onChange((event) => {
      if (done || event.kind !== kind) return
      done = true
      clearTimeout(timer)
      resolve(event)
    })
  })
}

const editJson = (file: string, change: (value: any) => void) => {
  const value = JSON.parse(readFileSync(file, 'utf8'))
  change(value)
  writeFileSync(file, JSON.stringify(value, null, 2))
}

t.test('a good change is picked up, a bad one is refused while the previous config keeps answering', async (t) => {
  await eachDatabase(t, async (t, kind) => {
    const dir = copyConfig(t)
    const app = await configApp(t, dir, kind)
    const first = app.configStore.current()
    const status = await app.inject('/ui/config/status')
    t.equal(status.statusCode, 200)
    t.match(status.json(), { version: first.version, versionNumber: 1, loadedAt: first.loadedAt, lastRejected: null, instances: [{ versionNumber: 1 }] })

    const loaded = next(app, 'loaded')
    editJson(join(dir, 'i18n', 'en.json'), (c) => { c.menu.profile = 'My Profile' })
    const event = await loaded
    const second = app.configStore.current()
    t.not(second.version, first.version)
    t.match(event, { kind: 'loaded', version: second.version, previousVersion: first.version })
    t.match((await app.inject('/ui/i18n/en')).json(), { menu: { profile: 'My Profile' } })

    const rejected = next(app, 'rejected')
    editJson(join(dir, 'menu.json'), (m) => { m.groups[0].items[1].rule = { flag: 'EnableEverything' } })
    const refusal = await rejected
    t.match(refusal, { kind: 'rejected', keptVersion: second.version, errors: [{ file: 'menu.json', pointer: '/groups/0/items/1/rule/flag' }] })
    t.equal(app.configStore.current(), second, 'the previous config keeps serving')
    t.ok(buildMenu(app.configStore.current(), ctxFor('admin', SG)).length > 0, 'menus still build')
    const after = (await app.inject('/ui/config/status')).json()
    t.equal(after.version, second.version)
    t.match(after.lastRejected, { version: refusal.version, errors: [{ file: 'menu.json', pointer: '/groups/0/items/1/rule/flag', message: /unknown profile field "EnableEverything"/ }] })
    t.match(app.configStore.status().lastRejected, { version: refusal.version })

    const { rows } = await app.store.query<{ outcome: string }>('SELECT outcome FROM config_events ORDER BY id')
    t.same(rows.map((r) => r.outcome), ['loaded', 'loaded', 'rejected'], 'every reload and rejection is in the store, once')

    const fixed = next(app, 'loaded')
    editJson(join(dir, 'menu.json'), (m) => { m.groups[0].items[1].rule = { flag: 'EnableCreateAgent' } })
    await fixed
    t.not(app.configStore.current().version, second.version)
    t.same(await app.configStore.reload(), { outcome: 'unchanged', version: app.configStore.current().version }, 'reloading the same files changes nothing')
  })
})

t.test('a fragment is watched and hot-reloaded like the rest: a change is served, a broken one is refused naming the fragment', async (t) => {
  const dir = copyConfig(t)
  const app = await configApp(t, dir)
  const homeFile = join(dir, 'pages', 'admin-home.json')
  const widget = JSON.parse(readFileSync(homeFile, 'utf8')).widgets[0]
  const homeWidget = () => app.configStore.current().pages.find((p) => p.file === 'pages/admin-home.json')?.page.widgets[0]

  // A new fragment file is seen, and a page that starts using it.
  const used = next(app, 'loaded')
  writeFileSync(join(dir, 'fragments', 'home.json'), JSON.stringify({ announcements: widget }))
  editJson(homeFile, (p) => { p.widgets[0] = { $ref: 'fragments/home.json#/announcements' } })
  await used
  t.same(homeWidget(), widget, 'the page holds the fragment')
  // The store watches afresh just after the reload it announces: edit after that.
  const rewatched = () => new Promise((resolve) => setTimeout(resolve, 100))
  await rewatched()

  const changed = next(app, 'loaded')
  writeFileSync(join(dir, 'fragments', 'home.json'), JSON.stringify({ announcements: { ...widget, delayMs: 900 } }))
  await changed
  t.match(homeWidget(), { delayMs: 900 }, 'an edit of the fragment alone is picked up')
  await rewatched()

  const rejected = next(app, 'rejected')
  writeFileSync(join(dir, 'fragments', 'home.json'), JSON.stringify({ announcements: { ...widget, delayMs: 'soon' } }))
  const refusal = await rejected
  t.match(refusal, { kind: 'rejected', errors: [{ file: 'fragments/home.json', pointer: '/announcements/delayMs', message: /used through the \$ref at pages\/admin-home\.json#\/widgets\/0/ }] })
  t.match(homeWidget(), { delayMs: 900 }, 'the last good config keeps serving')
})

t.test('an invalid config at start stops the start with every error', async (t) => {
  const dir = copyConfig(t)
  writeFileSync(join(dir, 'pages', 'admin-home.json'), '{ "path": ')
  await t.rejects(configApp(t, dir), /admin-home\.json#: invalid JSON at line 1/)
})

t.test('a symlink swap of the config directory is seen', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'config-swap-'))
  t.teardown(() => rmSync(root, { recursive: true, force: true }))
  cpSync(shippedConfigDir, join(root, 'v1'), { recursive: true })
  cpSync(shippedConfigDir, join(root, 'v2'), { recursive: true })
  editJson(join(root, 'v2', 'i18n', 'en.json'), (c) => { c.menu.home = 'Start' })
  symlinkSync(join(root, 'v1'), join(root, 'current'))
  const app = await configApp(t, join(root, 'current'))
  const v1 = app.configStore.current().version

  const swapped = next(app, 'loaded')
  symlinkSync(join(root, 'v2'), join(root, 'next'))
  renameSync(join(root, 'next'), join(root, 'current')) // atomic, as deployment tools do
  const event = await swapped
  t.not(event.version, v1)
  t.match((await app.inject('/ui/i18n/en')).json(), { menu: { home: 'Start' } })

  // The watch follows the new target: an edit inside v2 is seen, one inside v1 is not.
  const edited = next(app, 'loaded')
  editJson(join(root, 'v2', 'pages', 'admin-home.json'), (p) => { p.widgets[0].delayMs = 800 })
  await edited
  t.match(app.configStore.current().pages.find((p) => p.page.path === '/admin/home')?.page.widgets[0], { delayMs: 800 })
})

t.test('a Kubernetes ConfigMap update (..data symlink swap inside the directory) is seen', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'config-k8s-'))
  t.teardown(() => rmSync(root, { recursive: true, force: true }))
  const mount = join(root, 'mount')
  mkdirSync(mount)
  cpSync(shippedConfigDir, join(mount, '..2026_01'), { recursive: true })
  cpSync(shippedConfigDir, join(mount, '..2026_02'), { recursive: true })
  editJson(join(mount, '..2026_02', 'i18n', 'zh.json'), (c) => { c.menu.home = '主页' })
  symlinkSync('..2026_01', join(mount, '..data'))
  for (const name of readdirSync(shippedConfigDir)) symlinkSync(join('..data', name), join(mount, name))
  const app = await configApp(t, mount)
  const before = app.configStore.current().version

  const swapped = next(app, 'loaded')
  symlinkSync('..2026_02', join(mount, '..data_tmp'))
  renameSync(join(mount, '..data_tmp'), join(mount, '..data'))
  await swapped
  t.not(app.configStore.current().version, before)
  t.match((await app.inject('/ui/i18n/zh')).json(), { menu: { home: '主页' } })
})

t.test('reloads under a stream of concurrent requests: none lost, none mixing two versions', async (t) => {
  const dir = copyConfig(t)
  const app = await configApp(t, dir)
  const loadedAtToVersion = new Map<string, string>()
  const versionToLabel = new Map<string, string>()
  const remember = () => {
    const c = app.configStore.current()
    loadedAtToVersion.set(c.loadedAt, c.version)
    // As the route serves it: a $t(common.x) entry answers the text it names.
    versionToLabel.set(c.version, (resolveReferences(c.i18n.en).menu as Record<string, string>).profile as string)
  }
  remember()
  let loads = 0
  app.configStore.onChange((event) => { if (event.kind === 'loaded') { loads++; remember() } })

  const state = { stop: false }
  let sent = 0
  let answered = 0
  const problems: string[] = []
  const worker = async (id: number) => {
    while (!state.stop) {
      await new Promise((resolve) => setImmediate(resolve)) // a client between two requests: lets file reads and timers run
      sent++
      if (id % 2 === 0) {
        const res = await app.inject('/ui/config/status')
        answered++
        const body = res.json()
        if (res.statusCode !== 200) problems.push(`status ${res.statusCode}`)
        else if (loadedAtToVersion.get(body.loadedAt) !== body.version) problems.push(`status mixes ${body.version} with loadedAt ${body.loadedAt}`)
      } else {
        const res = await app.inject('/ui/i18n/en')
        answered++
        const version = String(res.headers.etag).replace(/^"|-en"$/g, '')
        if (res.statusCode !== 200) problems.push(`i18n ${res.statusCode}`)
        else if (versionToLabel.get(version) !== res.json().menu.profile) problems.push(`i18n ${version} answered "${res.json().menu.profile}"`)
      }
    }
  }
  const workers = Array.from({ length: 8 }, (_, i) => worker(i))

  const en = join(dir, 'i18n', 'en.json')
  const started = Date.now()
  for (let round = 0; round < 12; round++) {
    editJson(en, (c) => { c.menu.profile = `Profile ${round}` })
    t.not((await app.configStore.reload()).outcome, 'rejected') // loaded here, or already by the watcher
    if (round % 4 === 3) {
      writeFileSync(join(dir, 'menu.json'), '{ "groups": [ }')
      t.equal((await app.configStore.reload()).outcome, 'rejected')
      cpSync(join(shippedConfigDir, 'menu.json'), join(dir, 'menu.json'))
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  // Reloads run one after another: this one waits for any the watcher started, and leaves the final files served.
  t.equal((await app.configStore.reload()).outcome, 'unchanged', 'the last edit was already loaded')
  state.stop = true
  await Promise.all(workers)
  t.comment(`${loads} reloads in ${Date.now() - started} ms under ${answered} requests`)
  t.ok(loads >= 12, `${loads} reloads`)
  t.ok(answered > 200, `${answered} requests answered`)
  t.equal(answered, sent, 'no request lost')
  t.same(problems, [], 'every response from one version')
  t.equal((app.configStore.current().i18n.en.menu as Record<string, string>).profile, 'Profile 11')
})

t.test('a rule nested 300,000 deep is refused, not a crash, and GET /ui/config/status shows why', async (t) => {
  const dir = copyConfig(t)
  const app = await configApp(t, dir)
  const kept = app.configStore.current()
  const rejected = next(app, 'rejected')
  const menu = readFileSync(join(dir, 'menu.json'), 'utf8')
  const deep = '{"not":'.repeat(300_000) + '{"tt":true}' + '}'.repeat(300_000)
  writeFileSync(join(dir, 'menu.json'), menu.replace(/"rule":\s*\{/, `"rule": { "all": [${deep}] }, "_": {`))
  const refusal = await rejected
  t.match(refusal, { kind: 'rejected', keptVersion: kept.version })
  t.equal(app.configStore.current(), kept, 'the previous config keeps serving')
  const status = (await app.inject('/ui/config/status')).json()
  t.match(status.lastRejected, { errors: [{ file: 'menu.json', pointer: /\/rule\/all\/0\/not\/not\//, message: /nested more than \d+ levels deep: flatten it/ }] })
})

t.test('a page binding an endpoint outside the game API contract is refused; the last good config and its allowlist keep serving', async (t) => {
  const dir = copyConfig(t)
  const app = await configApp(t, dir)
  const kept = app.configStore.current()
  const rejected = next(app, 'rejected')
  editJson(join(dir, 'pages', 'report-full.json'), (p) => { p.widgets[1].data = { $ref: 'fragments/reports.json#/data', endpoint: '/api/v1/4d/reportEverything' } })
  const refusal = await rejected
  t.match(refusal, { kind: 'rejected', keptVersion: kept.version })
  t.equal(app.configStore.current(), kept, 'the previous config keeps serving')
  t.match(app.configStore.current().api.match('GET', ['reportFull']), { endpoint: { path: 'reportFull' } }, 'with its derived allowlist')
  t.equal(app.configStore.current().api.match('GET', ['reportEverything']), 'not-found')
  const status = (await app.inject('/ui/config/status')).json()
  t.match(status.lastRejected, { errors: [{ file: 'pages/report-full.json', pointer: '/widgets/1/data/endpoint', message: /is not in the game API contract \(schemas\/game-api-contract\.ts\): bind one of its endpoints/ }] })
})
