import { randomUUID } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { buildProduct, buildService } from '../../helpers/build.ts'
import { Browser, signedIn } from '../../helpers/http-browser.ts'
import { postgresReachable, testPostgresUrl } from '../../helpers/db.ts'
import { redisReachable, testRedisUrl } from '../../helpers/redis.ts'
import { pageOf, tableOf } from '../pages/report-tables.ts'
import { copyConfig } from './fixtures.ts'

// The config console's API as operators use it through the service (Utilities → Configuration): a draft of Full Report's
// columns made, refused at its pointer when broken, compared with the live version, published and rolled back, with ag1's
// page following each step; who may do what; approvals; two drafts from one base merged by keys; the files rule.

const FULL = 'columns/report-full.json'
type Json = Record<string, any>

/** The draft's Full Report column set with one column's override changed (stake, net: the fragment names they $ref). */
function withColumn (files: Record<string, string>, name: string, override: Json): string {
  const set = JSON.parse(files[FULL] ?? '{}') as Json
  const at = (set.columns as Json[]).findIndex((c) => String(c.$ref).endsWith(`#/${name}`))
  set.columns[at] = { ...set.columns[at], ...override }
  return JSON.stringify(set, null, 2)
}
const withStake = (files: Record<string, string>, override: Json) => withColumn(files, 'stake', override)
/** ag1's Full Report Stake column as the service serves it now. */
async function stakeColumn (ag1: Browser) {
  return tableOf(await pageOf(ag1, '/report/full'), 'full').columns.find((c) => c.field === 'Stake')
}

t.test('a draft of Full Report\'s columns: saved with the load\'s checks, compared, published, rolled back', async (t) => {
  const dir = copyConfig(t)
  const { serviceUrl, service } = await buildProduct(t, { env: { CONFIG_DIR: dir } })
  const [admin, ag1] = await Promise.all([signedIn(serviceUrl, 'admin'), signedIn(serviceUrl, 'ag1')])
  const shipped = await stakeColumn(ag1)
  t.match(shipped, { field: 'Stake', width: 110 }, 'ag1 sees the shipped Stake column')

  const started = await admin.post('/ui/config/drafts', { message: 'Wider Stake' })
  t.equal(started.status, 200, 'a draft starts')
  t.match(started.json, { id: Number, base: 1, author: 'admin', editors: ['admin'], revision: 1, state: 'open', source: 'console', approvals: [] })
  const draft = started.json as { id: number, files: Record<string, string> }
  t.equal(draft.files[FULL], readFileSync(join(dir, FULL), 'utf8'), 'a draft starts with the live version\'s files')

  const broken = await admin.put(`/ui/config/drafts/${draft.id}/files`, { path: FULL, text: JSON.stringify({ ...JSON.parse(draft.files[FULL] ?? '{}'), key: 7 }), revision: 1 })
  t.equal(broken.status, 422, 'a change that would not load is refused')
  t.match(broken.json, { code: 'UI_CONFIG_DRAFT_INVALID', problems: [{ file: FULL, pointer: '/key' }] }, 'at its file and pointer')
  t.equal((await admin.put(`/ui/config/drafts/${draft.id}/files`, { path: '../secrets.json', text: '{}', revision: 1 })).json.code, 'UI_CONFIG_BAD_PATH', 'only config files')
  t.equal((await admin.get(`/ui/config/drafts/${draft.id}`)).json.revision, 1, 'nothing was saved')

  const saved = await admin.put(`/ui/config/drafts/${draft.id}/files`, { path: FULL, text: withStake(draft.files, { width: 160 }), revision: 1 })
  t.equal(saved.status, 200, 'a valid change saves')
  t.equal(saved.json.revision, 2)
  const stale = await admin.put(`/ui/config/drafts/${draft.id}/files`, { path: FULL, text: withStake(draft.files, { width: 170 }), revision: 1 })
  t.match(stale, { status: 409, json: { code: 'UI_CONFIG_DRAFT_STALE' } }, 'a save from an older revision is refused, not lost over the newer one')
  t.match(await stakeColumn(ag1), { width: 110 }, 'a draft changes nothing live')

  const diff = await admin.get(`/ui/config/drafts/${draft.id}/diff`)
  t.equal(diff.status, 200, 'the diff answers')
  t.match(diff.json, { live: 1, changes: [{ file: FULL, kind: 'added', after: 160 }] }, 'the diff names the column, not text lines')
  t.equal(diff.json.changes.length, 1)

  const preview = await admin.get(`/ui/config/drafts/${draft.id}/preview?user=ag1&path=/report/full`)
  t.equal(preview.status, 200, 'the draft previews as ag1')
  const stakeIn = (side: Json) => (side.page.descriptor.widgets as Json[]).find((w) => w.id === 'full')!.columns.find((c: Json) => c.field === 'Stake')
  t.match({ draft: stakeIn(preview.json.draft), live: stakeIn(preview.json.live) }, { draft: { width: 160 }, live: { width: 110 } }, 'ag1\'s Full Report as the draft and as live serve it')
  t.match(preview.json, { user: 'ag1', changed: { page: true, menu: false } })
  t.match(await stakeColumn(ag1), { width: 110 }, 'the preview leaks into no live answer or cache')
  t.equal((await ag1.get(`/ui/config/drafts/${draft.id}/preview?user=ag1&path=/report/full`)).status, 403, 'ag1 cannot preview')

  const published = await admin.post(`/ui/config/drafts/${draft.id}/publish`, { revision: 2, message: 'Stake wider for agents' })
  t.same(published.json, { number: 2, merged: false }, 'published as version 2')
  t.equal(published.headers.get('x-config-version'), '1', 'the publishing answer was read before the swap')
  const after = await ag1.get('/ui/session')
  t.equal(after.headers.get('x-config-version'), '2', 'every later answer names version 2')
  t.match(await stakeColumn(ag1), { width: 160 }, 'ag1\'s Full Report follows')
  const listed = (await admin.get('/ui/config/versions?limit=2')).json.versions
  t.match(listed, [{ number: 2, author: 'admin', message: 'Stake wider for agents', source: 'console', parent: 1, live: true }, { number: 1, live: false }])
  t.match(listed[0], { changes: /^1 change: columns\/report-full\.json: .*"stake" width added$/, changesCode: 'CONFIG_VERSION_CHANGES', changesValues: { count: 1, first: /stake" width added$/ } }, 'the versions list says what version 2 changed: Full Report\'s Stake width')
  t.match(listed[1], { changes: /^Initial import: \d+ files$/, changesCode: 'CONFIG_VERSION_INITIAL' }, 'and that version 1 is the initial import')
  t.match((await admin.get(`/ui/config/drafts/${draft.id}`)).json, { state: 'published', published: 2 })
  t.equal((await admin.post(`/ui/config/drafts/${draft.id}/publish`, { revision: 2 })).json.code, 'UI_CONFIG_DRAFT_CLOSED', 'a draft publishes once')

  const back = await admin.post('/ui/config/versions/1/rollback', { message: 'back to the shipped columns' })
  t.same(back.json, { number: 3 }, 'rolled back as version 3')
  t.match(await stakeColumn(ag1), { width: 110 }, 'a rollback is a new version holding the old files')
  t.match((await admin.get('/ui/config/versions?limit=1')).json.versions, [{ number: 3, source: 'rollback', parent: 2, author: 'admin', live: true, changes: /^1 change: .*"stake" width removed$/ }], 'the rollback\'s change is the Stake width undone')
  t.equal((await admin.post('/ui/config/versions/3/rollback', {})).json.code, 'UI_CONFIG_ALREADY_LIVE')
  t.equal((await admin.post('/ui/config/versions/99/rollback', {})).status, 404)
  const files = await admin.get('/ui/config/versions/2/files')
  t.equal(JSON.parse(files.json.files[FULL]).columns.find((c: Json) => String(c.$ref).endsWith('#/stake')).width, 160, 'a version downloads as its menus/ tree')

  // The files rule: menus/ changing after a console edit is a draft to review, never a silent overwrite.
  const en = JSON.parse(readFileSync(join(dir, 'i18n', 'en.json'), 'utf8')) as Json
  en.menu.profile = 'Profile (from git)'
  writeFileSync(join(dir, 'i18n', 'en.json'), JSON.stringify(en, null, 2))
  t.match(await service.configStore.reload(), { outcome: 'drafted', draft: Number }, 'a file change after a console edit becomes a draft')
  t.equal(service.configStore.versionNumber(), 3, 'and the live version stays')
  const drafts = (await admin.get('/ui/config/drafts')).json.drafts as Json[]
  t.match(drafts[0], { author: 'files', source: 'files', base: 3, message: /changed after version 3 was made in the console/ })
  t.match(await service.configStore.reload(), { outcome: 'unchanged' }, 'seen once, drafted once')
  t.equal((await admin.get('/ui/config/drafts')).json.drafts.length, 1)

  const audit = (await admin.get('/ui/audit?limit=200')).json.items as Array<{ action: string, userId: string | null, detail: Json }>
  const actions = audit.map((r) => r.action)
  for (const action of ['config-draft-create', 'config-draft-save', 'config-preview', 'config-publish', 'config-rollback', 'config-download']) t.ok(actions.includes(action), `${action} is audited`)
  t.match(audit.find((r) => r.action === 'config-publish'), { userId: 'admin', detail: { draft: draft.id, version: 2, previous: 1, digest: /^[0-9a-f]{16}$/ } })
})

t.test('who may: ConfigEdit for the console, ConfigApprove to approve, nobody their own change; an edit voids an approval', async (t) => {
  const dir = copyConfig(t)
  const product = await buildProduct(t, { env: { CONFIG_DIR: dir, CONFIG_APPROVALS: '2' } })
  const { serviceUrl } = product
  const [admin, ops, ag1] = await Promise.all([signedIn(serviceUrl, 'admin'), signedIn(serviceUrl, 'ops'), signedIn(serviceUrl, 'ag1')])
  for (const [who, browser] of [['ops (ADMIN without ConfigEdit)', ops], ['ag1', ag1]] as const) {
    for (const [method, path] of [['GET', '/ui/config/drafts'], ['POST', '/ui/config/drafts'], ['GET', '/ui/config/versions'], ['GET', '/ui/config/versions/1/files'], ['POST', '/ui/config/versions/1/rollback']] as const) {
      const answer = await browser.request(method, path, method === 'POST' ? { body: {} } : {})
      t.match(answer, { status: 403, json: { code: 'UI_CONFIG_FORBIDDEN' } }, `${who}: ${method} ${path} refused`)
    }
  }
  t.match(await new Browser(serviceUrl).get('/ui/config/drafts'), { status: 401, json: { code: 'UI_CONFIG_AUTH_REQUIRED' } })

  const draft = (await admin.post('/ui/config/drafts', {})).json as { id: number, files: Record<string, string> }
  await admin.put(`/ui/config/drafts/${draft.id}/files`, { path: FULL, text: withStake(draft.files, { width: 150 }), revision: 1 })
  t.match(await admin.post(`/ui/config/drafts/${draft.id}/approve`, { revision: 2 }), { status: 403, json: { code: 'UI_CONFIG_SELF_APPROVAL' } }, 'nobody approves their own change')
  t.match(await admin.post(`/ui/config/drafts/${draft.id}/publish`, { revision: 2 }), { status: 409, json: { code: 'UI_CONFIG_APPROVAL_REQUIRED' } }, 'CONFIG_APPROVALS=2: not without an approval')
  t.match(await ops.post(`/ui/config/drafts/${draft.id}/approve`, { revision: 2 }), { status: 403, json: { code: 'UI_CONFIG_FORBIDDEN', message: /ConfigApprove/ } })

  // ops is granted ConfigApprove (not ConfigEdit) on the Permission page's call.
  const granted = await admin.request('POST', '/api/v1/permissions', { body: { UserId: 'ops', Granted: ['Report', 'DrawSetting', 'BetEntry', 'OutSet', 'ConfigApprove'] }, headers: { 'idempotency-key': randomUUID() } })
  t.equal(granted.status, 200, 'ops is granted ConfigApprove')
  const opsAgain = await signedIn(serviceUrl, 'ops')
  t.match(await opsAgain.post(`/ui/config/drafts/${draft.id}/approve`, { revision: 2 }), { status: 200, json: { approvals: ['ops'] } }, 'another operator holding ConfigApprove approves')
  t.equal((await opsAgain.get('/ui/config/drafts')).status, 403, 'ConfigApprove alone opens nothing else')

  const edited = await admin.put(`/ui/config/drafts/${draft.id}/files`, { path: FULL, text: withStake(draft.files, { width: 155 }), revision: 2 })
  t.match(edited.json, { revision: 3, approvals: [] }, 'an edit after the approval voids it')
  t.match(await admin.post(`/ui/config/drafts/${draft.id}/publish`, { revision: 3 }), { status: 409, json: { code: 'UI_CONFIG_APPROVAL_REQUIRED' } })
  await opsAgain.post(`/ui/config/drafts/${draft.id}/approve`, { revision: 3 })
  t.same((await admin.post(`/ui/config/drafts/${draft.id}/publish`, { revision: 3 })).json, { number: 2, merged: false }, 'approved again, it publishes')
  t.match(await stakeColumn(ag1), { width: 155 })
  const audit = (await admin.get('/ui/audit?limit=200')).json.items as Array<{ action: string, userId: string | null, detail: Json }>
  t.match(audit.filter((r) => r.action === 'config-approve').map((r) => [r.userId, r.detail.revision]), [['ops', 3], ['ops', 2]], 'approvals are audited with their revision')
  t.ok(audit.some((r) => r.action === 'denied' && r.detail.reason === 'UI_CONFIG_SELF_APPROVAL'), 'and a refused one too')
})

t.test('two drafts from one base: different columns merge by keys, the same column changed twice is a conflict nobody loses', async (t) => {
  const dir = copyConfig(t)
  const { serviceUrl } = await buildProduct(t, { env: { CONFIG_DIR: dir } })
  const [admin, ag1] = await Promise.all([signedIn(serviceUrl, 'admin'), signedIn(serviceUrl, 'ag1')])
  const open = async () => (await admin.post('/ui/config/drafts', {})).json as { id: number, files: Record<string, string> }
  const [one, two, three] = [await open(), await open(), await open()]
  await admin.put(`/ui/config/drafts/${one.id}/files`, { path: FULL, text: withStake(one.files, { width: 140 }), revision: 1 })
  await admin.put(`/ui/config/drafts/${two.id}/files`, { path: FULL, text: withColumn(two.files, 'net', { width: 130 }), revision: 1 })
  await admin.put(`/ui/config/drafts/${three.id}/files`, { path: FULL, text: withStake(three.files, { width: 180 }), revision: 1 })

  t.same((await admin.post(`/ui/config/drafts/${one.id}/publish`, { revision: 2 })).json, { number: 2, merged: false })
  t.same((await admin.post(`/ui/config/drafts/${two.id}/publish`, { revision: 2 })).json, { number: 3, merged: true }, 'the second publish merges over the first')
  const columns = tableOf(await pageOf(ag1, '/report/full'), 'full').columns
  t.match(columns.find((c) => c.field === 'Stake'), { width: 140 }, 'both changes are live: the first\'s Stake')
  t.match(columns.find((c) => c.field === 'Net'), { width: 130 }, 'and the second\'s Net')

  const conflict = await admin.post(`/ui/config/drafts/${three.id}/publish`, { revision: 2 })
  t.match(conflict, { status: 409, json: { code: 'UI_CONFIG_MERGE_CONFLICT', conflicts: [{ file: FULL, ours: 180, theirs: 140 }] } }, 'the same width changed twice is shown, not guessed')
  t.match(await stakeColumn(ag1), { width: 140 }, 'nothing was published')
  const rebased = await admin.post(`/ui/config/drafts/${three.id}/rebase`, { revision: 2 })
  t.match(rebased.json, { draft: { base: 3, revision: 3 }, conflicts: [{ file: FULL }] }, 'rebased onto the live version, the conflict listed')
  t.equal(JSON.parse(rebased.json.draft.files[FULL]).columns.find((c: Json) => String(c.$ref).endsWith('#/net')).width, 130, 'the live side\'s other change is in the draft')
  t.same((await admin.post(`/ui/config/drafts/${three.id}/publish`, { revision: 3 })).json, { number: 4, merged: false }, 'the operator\'s side, kept by the rebase, publishes')
  t.match(await stakeColumn(ag1), { width: 180 })

  // The column-set form saves a column's own label with both catalogues in one revision (PATCH): all or none.
  const labels = await open()
  const withText = (path: string, text: string) => {
    const catalogue = JSON.parse(labels.files[path] ?? '{}') as Json
    catalogue.column.reportFullStake = text
    return JSON.stringify(catalogue, null, 2)
  }
  const relabelled = withColumn(labels.files, 'stake', { labelKey: 'column.reportFullStake' })
  const halfway = await admin.request('PATCH', `/ui/config/drafts/${labels.id}/files`, { body: { files: { [FULL]: relabelled, 'i18n/en.json': withText('i18n/en.json', 'Turnover') }, revision: 1 } })
  t.match(halfway, { status: 422, json: { code: 'UI_CONFIG_DRAFT_INVALID', problems: [{ file: 'i18n/zh.json', pointer: '/column/reportFullStake' }] } }, 'a text in one catalogue alone is refused at the missing translation')
  t.match(await admin.request('PATCH', `/ui/config/drafts/${labels.id}/files`, { body: { files: { 'secrets.json': '{}' }, revision: 1 } }), { status: 400, json: { code: 'UI_CONFIG_BAD_PATH' } })
  t.equal((await ag1.request('PATCH', `/ui/config/drafts/${labels.id}/files`, { body: { files: { [FULL]: relabelled }, revision: 1 } })).status, 403, 'ag1 may not')
  const files = { [FULL]: relabelled, 'i18n/en.json': withText('i18n/en.json', 'Turnover'), 'i18n/zh.json': withText('i18n/zh.json', '营业额') }
  const together = await admin.request('PATCH', `/ui/config/drafts/${labels.id}/files`, { body: { files, revision: 1 } })
  t.match(together, { status: 200, json: { revision: 2, files } }, 'the column set and both catalogues save as one revision')
  t.match(await admin.request('PATCH', `/ui/config/drafts/${labels.id}/files`, { body: { files, revision: 1 } }), { status: 409, json: { code: 'UI_CONFIG_DRAFT_STALE' } }, 'from an older revision: refused, not lost')
  const preview = await admin.get(`/ui/config/drafts/${labels.id}/preview?user=ag1&path=/report/full`)
  t.match((preview.json.draft.page.descriptor.widgets as Json[]).find((w) => w.id === 'full')!.columns.find((c: Json) => c.field === 'Stake'), { labelKey: 'column.reportFullStake' }, 'the draft serves the column\'s own label')
})

t.test('a second instance on the same store serves what the first published (its catch-up poll, without Redis)', async (t) => {
  const dir = copyConfig(t)
  const product = await buildProduct(t, { env: { CONFIG_DIR: dir } })
  const second = await buildService(t, { gameApiUrl: product.gameApiUrl, env: { CONFIG_DIR: dir, CONFIG_SYNC_MS: '200' }, store: product.store })
  const admin = await signedIn(product.serviceUrl, 'admin')
  const ag1 = await signedIn(second.serviceUrl, 'ag1')
  const draft = (await admin.post('/ui/config/drafts', {})).json as { id: number, files: Record<string, string> }
  await admin.put(`/ui/config/drafts/${draft.id}/files`, { path: FULL, text: withStake(draft.files, { width: 125 }), revision: 1 })
  await admin.post(`/ui/config/drafts/${draft.id}/publish`, { revision: 2 })
  const deadline = Date.now() + 5000
  while (second.service.configStore.versionNumber() !== 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
  t.equal(second.service.configStore.versionNumber(), 2, 'the other instance took version 2 from the store')
  t.match(await stakeColumn(ag1), { width: 125 }, 'and serves it')
  const status = (await admin.get('/ui/config/status')).json as { instances: Array<{ versionNumber: number }> }
  t.equal(status.instances.length, 2, 'both instances report')
  t.ok(status.instances.every((i) => i.versionNumber === 2), 'on version 2')
})

const noTopology = !await postgresReachable()
  ? `PostgreSQL at ${testPostgresUrl} is not reachable: skipped the restart test (two instances on one PostgreSQL and one Redis)`
  : !await redisReachable() ? `Redis at ${testRedisUrl} is not reachable: skipped the restart test (two instances on one PostgreSQL and one Redis)` : false
t.test('an instance stopped while another publishes serves that version once started again, and reports it', { skip: noTopology }, async (t) => {
  const dir = copyConfig(t)
  // The catch-up poll slowed to a minute: what the restarted instance serves, it took at its start.
  const env = { CONFIG_DIR: dir, REDIS_URL: testRedisUrl, CONFIG_SYNC_MS: '60000' }
  const product = await buildProduct(t, { kind: 'postgres', env })
  const startB = async () => {
    const stops: Array<() => unknown> = []
    const b = await buildService({ teardown: (fn) => { stops.push(fn) } }, { gameApiUrl: product.gameApiUrl, env, store: product.store })
    let stopped = false
    const stop = async () => { if (!stopped) { stopped = true; for (const fn of stops.reverse()) await fn() } }
    t.teardown(stop)
    return { ...b, stop }
  }
  const admin = await signedIn(product.serviceUrl, 'admin')
  const instances = async () => ((await admin.get('/ui/config/status')).json as { instances: Array<{ instance: string, versionNumber: number }> }).instances
  const b = await startB()
  t.same((await instances()).map((i) => i.versionNumber), [1, 1], 'A and B report version 1')

  await b.stop()
  const alone = await instances()
  t.same(alone.map((i) => i.versionNumber), [1], 'B stopped is no longer listed')
  const draft = (await admin.post('/ui/config/drafts', {})).json as { id: number, files: Record<string, string> }
  await admin.put(`/ui/config/drafts/${draft.id}/files`, { path: FULL, text: withStake(draft.files, { width: 135 }), revision: 1 })
  t.same((await admin.post(`/ui/config/drafts/${draft.id}/publish`, { revision: 2 })).json, { number: 2, merged: false }, 'A publishes version 2 while B is down (its Redis message reaches nobody)')

  const again = await startB()
  t.equal(again.service.configStore.versionNumber(), 2, 'B started again serves version 2 from its start')
  const ag1 = await signedIn(again.serviceUrl, 'ag1')
  t.match(await stakeColumn(ag1), { width: 135 }, 'ag1 on B gets A\'s Stake width')
  t.equal((await ag1.get('/ui/session')).headers.get('x-config-version'), '2', 'B names version 2 on its answers')
  const listed = await instances()
  t.same(listed.map((i) => i.versionNumber), [2, 2], 'both instances report version 2')
  t.ok(listed.some((i) => !alone.some((a) => a.instance === i.instance)), 'one of them the restarted B')
})

t.test('a rollback to a version that no longer validates is refused whole, with its reasons; a save racing a publish loses nothing', async (t) => {
  const dir = copyConfig(t)
  const product = await buildProduct(t, { env: { CONFIG_DIR: dir } })
  const admin = await signedIn(product.serviceUrl, 'admin')
  const versions = async () => ((await admin.get('/ui/config/versions')).json as { versions: Array<{ number: number }> }).versions.map((v) => v.number)

  // A version an earlier release of the product stored: Full Report's column set names a key today's schema does not know.
  const live = (await admin.post('/ui/config/drafts', {})).json as { id: number, files: Record<string, string> }
  const old = { ...live.files, [FULL]: JSON.stringify({ ...JSON.parse(live.files[FULL] ?? '{}'), retiredKey: true }) }
  const { rows: [stored] } = await product.store.query<{ id: number }>(
    "INSERT INTO config_versions (content_version, files, author, message, parent_id, source) VALUES ('0123456789abcdef', $1, 'admin', 'from an earlier release', 1, 'console') RETURNING id",
    [JSON.stringify(old)]
  )
  const before = await versions()
  const refused = await admin.post(`/ui/config/versions/${stored!.id}/rollback`, { message: 'back to the old one' })
  t.equal(refused.status, 422, 'the rollback is refused')
  t.match(refused.json, { code: 'UI_CONFIG_INVALID_VERSION', problems: [{ file: FULL, pointer: '/retiredKey' }] }, 'naming each reason at its file and pointer')
  t.same(await versions(), before, 'no version was made')
  t.equal((await admin.get('/ui/session')).headers.get('x-config-version'), '1', 'version 1 still serves')

  // Five rounds of a save and a publish sent together from the same revision: one wins, the other is refused and says why.
  for (let round = 1; round <= 5; round++) {
    const draft = (await admin.post('/ui/config/drafts', {})).json as { id: number, revision: number, files: Record<string, string> }
    const first = await admin.put(`/ui/config/drafts/${draft.id}/files`, { path: FULL, text: withStake(draft.files, { width: 200 + round }), revision: 1 })
    const published = withStake(draft.files, { width: 200 + round })
    const racing = withStake(draft.files, { width: 300 + round })
    t.equal(first.status, 200)
    const saving = () => admin.put(`/ui/config/drafts/${draft.id}/files`, { path: FULL, text: racing, revision: 2 })
    const publishing = () => admin.post(`/ui/config/drafts/${draft.id}/publish`, { revision: 2, message: `round ${round}` })
    // Sent in turns, the save first or the publish first, so both orders arrive.
    const [save, publish] = round % 2 === 1
      ? await Promise.all([saving(), publishing()])
      : await Promise.all([publishing(), saving()]).then(([p, s]) => [s, p] as const)
    t.equal([save.status, publish.status].filter((s) => s === 200).length, 1, `round ${round}: exactly one of the save and the publish wins`)
    const now = (await admin.get(`/ui/config/drafts/${draft.id}`)).json as { state: string, files: Record<string, string> }
    if (publish.status === 200) {
      t.equal(save.status, 409, `round ${round}: the save after the publish is refused, not lost silently`)
      const number = (publish.json as { number: number }).number
      t.equal((await admin.get(`/ui/config/versions/${number}/files`)).json.files[FULL], published, `round ${round}: the published version holds revision 2`)
    } else {
      t.equal(publish.status, 409, `round ${round}: the publish after the save is refused as stale`)
      t.match(now, { state: 'open', files: { [FULL]: racing } }, `round ${round}: the draft holds the save`)
      await admin.post(`/ui/config/drafts/${draft.id}/discard`, {})
    }
  }
})
