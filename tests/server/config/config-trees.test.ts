import { gzipSync } from 'node:zlib'
import t from 'tap'
import { unzipSync } from 'fflate'
import { createTar, parseTar } from 'nanotar'
import { buildProduct } from '../../helpers/build.ts'
import { signedIn, type Browser } from '../../helpers/http-browser.ts'
import { pageOf, tableOf } from '../pages/report-tables.ts'
import { copyConfig } from './fixtures.ts'

// The config as the menus/ tree through the service, for teams that keep it in git: a version downloaded as a tar or a zip
// (audited), and a tree uploaded as a new draft (a tar, tar.gz, zip, the page's multipart form, or JSON files) with the
// same checks as every save: refused at file and pointer, or for a path a draft may not hold, with nothing saved.

const FULL = 'columns/report-full.json'
type Json = Record<string, any>

const { serviceUrl } = await buildProduct(t, { env: { CONFIG_DIR: copyConfig(t) } })
const [admin, ag1] = await Promise.all([signedIn(serviceUrl, 'admin'), signedIn(serviceUrl, 'ag1')])
const live = (await admin.get('/ui/config/versions/1/files')).json.files as Record<string, string>

/** A raw body sent as the browser stand-in (its cookie, CSRF token and address): an archive, or a multipart form. */
async function send (browser: Browser, path: string, body: Uint8Array | FormData, contentType?: string) {
  const headers: Record<string, string> = { cookie: browser.cookie, 'x-csrf-token': browser.csrf, 'x-forwarded-for': browser.ip, ...(contentType ? { 'content-type': contentType } : {}) }
  const res = await fetch(serviceUrl + path, { method: 'POST', headers, body: body instanceof FormData ? body : new Uint8Array(body) })
  const text = await res.text()
  return { status: res.status, json: JSON.parse(text) as Json }
}
/** The files with Full Report's Stake column at this width. */
function withStake (files: Record<string, string>, width: number): Record<string, string> {
  const set = JSON.parse(files[FULL]!) as Json
  const at = (set.columns as Json[]).findIndex((c) => String(c.$ref).endsWith('#/stake'))
  set.columns[at] = { ...set.columns[at], width }
  return { ...files, [FULL]: JSON.stringify(set, null, 2) }
}
const tarOf = (files: Record<string, string>, folder = 'menus/') => createTar(Object.entries(files).map(([path, text]) => ({ name: `${folder}${path}`, data: text })))
const openDrafts = async () => ((await admin.get('/ui/config/drafts')).json.drafts as Json[]).length

t.test('a version downloads as the menus/ tree, a tar or a zip, and the download is audited', async (t) => {
  const tar = await fetch(`${serviceUrl}/ui/config/versions/1/tree`, { headers: { cookie: admin.cookie } })
  t.equal(tar.status, 200)
  t.match(Object.fromEntries(tar.headers), { 'content-type': 'application/x-tar', 'content-disposition': 'attachment; filename="menus-v1.tar"' }, 'a tar named after the version')
  const entries = parseTar(new Uint8Array(await tar.arrayBuffer()))
  t.same(Object.fromEntries(entries.map((e) => [e.name, e.text])), Object.fromEntries(Object.entries(live).map(([path, text]) => [`menus/${path}`, text])), 'each file at menus/<path>, as in the repository')

  const zip = await fetch(`${serviceUrl}/ui/config/versions/1/tree?format=zip`, { headers: { cookie: admin.cookie } })
  t.equal(zip.headers.get('content-type'), 'application/zip')
  const unzipped = unzipSync(new Uint8Array(await zip.arrayBuffer()))
  t.same(Object.keys(unzipped).sort(), Object.keys(live).map((p) => `menus/${p}`).sort(), 'the zip holds the same tree')
  t.equal(new TextDecoder().decode(unzipped[`menus/${FULL}`]), live[FULL], 'byte for byte')

  t.equal((await ag1.get('/ui/config/versions/1/tree')).status, 403, 'ag1 may not download it')
  t.equal((await admin.get('/ui/config/versions/99/tree')).json.code, 'UI_CONFIG_VERSION_NOT_FOUND')
  t.equal((await admin.get('/ui/config/versions/1/tree?format=rar')).status, 400, 'only tar or zip')
  const audit = (await admin.get('/ui/audit?limit=50')).json.items as Array<{ action: string, userId: string, detail: Json }>
  t.match(audit.filter((r) => r.action === 'config-download').map((r) => r.detail), [{ version: 1, format: 'zip', digest: /^[0-9a-f]{16}$/ }, { version: 1, format: 'tar' }], 'each download is audited with the version and its digest')
})

t.test('a tree uploaded becomes a draft after the same checks as a save, and publishes', async (t) => {
  const changed = withStake(live, 175)
  const uploaded = await send(admin, '/ui/config/drafts/upload?message=From%20git', tarOf(changed), 'application/x-tar')
  t.match(uploaded, { status: 200, json: { base: 1, author: 'admin', source: 'console', message: 'From git', revision: 1, state: 'open' } }, 'a tar of menus/ makes a draft on the live version')
  t.same(uploaded.json.files, changed, 'holding the tree\'s files')
  const diff = await admin.get(`/ui/config/drafts/${uploaded.json.id}/diff`)
  t.match(diff.json, { changes: [{ file: FULL, after: 175 }] }, 'compared with the live version by column')
  t.equal(diff.json.changes.length, 1)
  t.same((await admin.post(`/ui/config/drafts/${uploaded.json.id}/publish`, { revision: 1 })).json, { number: 2, merged: false }, 'and publishes')
  t.match(tableOf(await pageOf(ag1, '/report/full'), 'full').columns.find((c) => c.field === 'Stake'), { width: 175 }, 'ag1\'s Full Report follows')

  // The other forms: a gzipped tar with the files at its top, a zip, the page's form, JSON.
  const gz = await send(admin, '/ui/config/drafts/upload', gzipSync(tarOf(withStake(live, 120), '')), 'application/gzip')
  t.match(gz, { status: 200, json: { base: 2 } }, 'a tar.gz with the files at its top')
  t.equal(JSON.parse(gz.json.files[FULL]).columns.find((c: Json) => String(c.$ref).endsWith('#/stake')).width, 120)
  const zipped = await fetch(`${serviceUrl}/ui/config/versions/1/tree?format=zip`, { headers: { cookie: admin.cookie } })
  const zip = new Uint8Array(await zipped.arrayBuffer())
  t.match(await send(admin, '/ui/config/drafts/upload?base=1', zip, 'application/zip'), { status: 200, json: { base: 1, files: live } }, 'a zip, on the version named')
  const form = new FormData()
  form.append('message', 'From the page')
  form.append('tree', new Blob([new Uint8Array(tarOf(live))]), 'menus.tar')
  t.match(await send(admin, '/ui/config/drafts/upload', form), { status: 200, json: { message: 'From the page', files: live } }, 'the Upload tree form (multipart)')
  t.match(await admin.post('/ui/config/drafts/upload', { files: withStake(live, 130), message: 'JSON' }), { status: 200, json: { message: 'JSON' } }, 'JSON files')

  const audit = (await admin.get('/ui/audit?limit=50')).json.items as Array<{ action: string, detail: Json }>
  t.match(audit.find((r) => r.action === 'config-draft-upload'), { detail: { draft: Number, base: 2, files: Object.keys(live).length, digest: /^[0-9a-f]{16}$/ } }, 'an upload is audited with its draft and digest')
})

t.test('a tree that would not load, or holds a path a draft may not, is refused and nothing is saved', async (t) => {
  const before = await openDrafts()
  const broken = { ...live, [FULL]: JSON.stringify({ ...JSON.parse(live[FULL]!), key: 7 }) }
  t.match(await send(admin, '/ui/config/drafts/upload', tarOf(broken), 'application/x-tar'), { status: 422, json: { code: 'UI_CONFIG_DRAFT_INVALID', problems: [{ file: FULL, pointer: '/key' }] } }, 'refused at its file and pointer')
  const { 'menu.json': _menu, ...withoutMenu } = live
  t.match(await admin.post('/ui/config/drafts/upload', { files: withoutMenu }), { status: 422, json: { code: 'UI_CONFIG_DRAFT_INVALID', problems: [{ file: 'menu.json' }] } }, 'a tree is the whole config: one without menu.json does not load')
  t.match(await send(admin, '/ui/config/drafts/upload', tarOf({ ...live, 'scripts/run.js': 'process.exit()' }), 'application/x-tar'), { status: 400, json: { code: 'UI_CONFIG_BAD_PATH', message: /^scripts\/run\.js is not a config file/ } }, 'a file outside the config tree')
  t.match(await admin.post('/ui/config/drafts/upload', { files: { ...live, '../secrets.json': '{}' } }), { status: 400, json: { code: 'UI_CONFIG_BAD_PATH' } }, 'a path that climbs out')
  t.match(await send(admin, '/ui/config/drafts/upload', new TextEncoder().encode('not an archive at all, just words'), 'application/octet-stream'), { status: 400, json: { code: 'UI_CONFIG_TREE_UNREADABLE' } }, 'bytes that are no archive')
  t.match(await send(admin, '/ui/config/drafts/upload', new Uint8Array(), 'application/zip'), { status: 400, json: { code: 'UI_CONFIG_TREE_UNREADABLE' } }, 'an empty body')
  t.match(await admin.post('/ui/config/drafts/upload', { files: 'menus' }), { status: 400, json: { code: 'UI_BAD_REQUEST' } }, 'JSON that is not files')
  t.equal(await openDrafts(), before, 'no draft was made')
  t.match(await send(ag1, '/ui/config/drafts/upload', tarOf(live), 'application/x-tar'), { status: 403, json: { code: 'UI_CONFIG_FORBIDDEN' } }, 'ag1 may not upload')
})
