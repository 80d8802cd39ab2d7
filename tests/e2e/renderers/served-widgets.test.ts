import t from 'tap'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { fileURLToPath } from 'node:url'
import { gameApiToken, signInAt, startE2E, type E2E, openFromMenu } from '../support.ts'
import { eventually } from '../../helpers/eventually.ts'

// Every widget type drawn from a descriptor the service itself serves (a temporary copy of menus/ whose /admin/mobile page holds
// one widget of each type, bound to real game API endpoints), in Debian's Chromium, signed in as admin and opened from the menu.
// An unknown widget type cannot reach the client from the service: the config loader rejects it (asserted at the end); the
// client's notice for one is covered by the renderer harness (widgets.test.ts).

const menus = fileURLToPath(new URL('../../../menus/', import.meta.url))
const PAGE = '/admin/mobile'
const GATE_CHECK = '/api/v1/4d/checkMemberAccess/{UserId}'

type Json = Record<string, unknown>

const texts = {
  en: {
    filterUser: 'Member',
    locId: 'Location id',
    loc: 'Location',
    auditId: 'Audit id',
    action: 'Action',
    user: 'User',
    created: 'Created',
    locations: 'Locations',
    helpTab: 'Help',
    help: '<p>Close times come from the server.</p>',
    upload: 'Process the bet file',
    close: 'Closed'
  },
  zh: {
    filterUser: '会员',
    locId: '地点编号',
    loc: '地点',
    auditId: '审计编号',
    action: '操作',
    user: '用户',
    created: '创建时间',
    locations: '地点',
    helpTab: '说明',
    help: '<p>截止时间来自服务器。</p>',
    upload: '处理投注文件',
    close: '已截止'
  }
}
const key = (name: keyof typeof texts.en) => `page.widgetsDemo.${name}`

/** A table of locations (LocId, Loc) from a game API endpoint. */
const locTable = (id: string, endpoint: string, params?: Json) => ({
  type: 'table',
  id,
  data: { endpoint, ...(params ? { params } : {}) },
  rowKey: 'LocId',
  columns: [{ field: 'LocId', labelKey: key('locId'), type: 'text', width: 120 }, { field: 'Loc', labelKey: key('loc'), type: 'text', width: 200 }]
})

/** The demo page: every widget type once (the job only once a file exists to process). */
function demoPage (job?: { fileId: number }, extra: Json[] = []) {
  return {
    $schema: '../../schemas/page.schema.json',
    path: PAGE,
    title: 'page.adminMobile.title',
    widgets: [
      { type: 'filters', id: 'flt', fields: [{ name: 'UserId', labelKey: key('filterUser'), kind: 'text', maxLength: 50 }] },
      { type: 'content', id: 'mobileNow', bodyKey: 'page.adminMobile.current', data: { endpoint: '/api/v1/4d/mobile' } },
      { type: 'form', id: 'mobile', fields: [{ name: 'Mobile', labelKey: 'page.adminMobile.number', kind: 'text', required: true, minLength: 6, maxLength: 20 }], submit: { endpoint: '/api/v1/4d/mobile', method: 'PUT', labelKey: 'page.adminMobile.save', successKey: 'page.adminMobile.saved' } },
      { type: 'countdown', id: 'close', mode: 'server', data: { endpoint: '/api/v1/4d/settings' }, targetPath: 'dClose.CloseDate', closedKey: key('close') },
      { type: 'announcements', id: 'news', data: { endpoint: '/api/v1/4d/announcements' } },
      {
        type: 'table',
        id: 'audits',
        rowKey: 'AuditId',
        data: { endpoint: '/api/v1/4d/audits' },
        columns: [
          { field: 'AuditId', labelKey: key('auditId'), type: 'number', width: 90 },
          { field: 'Action', labelKey: key('action'), type: 'text', width: 160 },
          { field: 'UserId', labelKey: key('user'), type: 'text', width: 110 },
          { field: 'CreatedDate', labelKey: key('created'), type: 'date', width: 170 }
        ]
      },
      { type: 'accessGate', id: 'gate', check: { endpoint: GATE_CHECK }, userIdFrom: { from: 'filter', name: 'UserId' }, widgets: [locTable('gateLocs', '/api/v1/4d/locIdAvailable', { UserId: { from: 'filter', name: 'UserId' } })] },
      {
        type: 'tabs',
        id: 'tabs',
        tabs: [
          { id: 'help', labelKey: key('helpTab'), widgets: [{ type: 'content', id: 'help', bodyKey: key('help') }] },
          { id: 'locs', labelKey: key('locations'), widgets: [locTable('locs', '/api/v1/4d/loc')] }
        ]
      },
      ...(job
        ? [{
            type: 'job',
            id: 'upload',
            labelKey: key('upload'),
            pollMs: 200,
            start: { endpoint: `/api/v1/4d/files/processUpload/${job.fileId}`, method: 'POST' },
            status: { endpoint: '/api/v1/4d/files/processUpload/{jobId}/status', idPath: 'FileId', statusPath: 'Status', progressPath: 'Progress', doneValues: ['done'], failedValues: ['failed'] }
          }]
        : []),
      ...extra
    ]
  }
}

/** A copy of menus/ where /admin/mobile is the demo page (its endpoints derived from it) and its texts in en and zh. */
async function configCopy (): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'served-widgets-'))
  await cp(menus, dir, { recursive: true })
  // No api.json edit: the allowlist is derived from the demo page's bindings.
  for (const lang of ['en', 'zh'] as const) {
    const file = join(dir, 'i18n', `${lang}.json`)
    const catalogue = JSON.parse(await readFile(file, 'utf8')) as { page: Json }
    catalogue.page.widgetsDemo = texts[lang]
    await writeFile(file, JSON.stringify(catalogue, null, 2))
  }
  await writePage(dir, demoPage())
  return dir
}

const writePage = (dir: string, page: Json) => writeFile(join(dir, 'pages', 'admin-mobile.json'), JSON.stringify(page, null, 2))

/** GET /ui/config/status of the product. */
async function configStatus (e2e: E2E): Promise<{ version: string, lastRejected: null | { errors: Array<{ file: string, pointer: string, message: string }> } }> {
  return fetch(`${e2e.url}/ui/config/status`).then((r) => r.json()) as never
}

/** Waits until the served config changed (a hot reload) or a change was refused. */
async function waitForConfig (e2e: E2E, done: (s: Awaited<ReturnType<typeof configStatus>>) => boolean) {
  return eventually(async () => {
    const status = await configStatus(e2e)
    return done(status) && status
  }, { within: 20_000, every: 100, what: 'the config reload' })
}

/** A bet file uploaded through the game API as admin (two lines for mem1), ready for the job widget to process. */
async function uploadBetFile (e2e: E2E, token: string): Promise<number> {
  const form = new FormData()
  form.set('UserId', 'admin')
  form.set('file', new Blob(['mem1 3 1234 1-\nmem1 3 5678 2-\n'], { type: 'text/plain' }), 'bets.txt')
  const answer = await fetch(`${e2e.product.gameApiUrl}/api/v1/4d/files/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }).then((r) => r.json()) as { success: boolean, data: { FileId: number } }
  if (!answer.success) throw new Error(`upload failed: ${JSON.stringify(answer)}`)
  return answer.data.FileId
}

t.test('every widget type from a descriptor the service serves, with real game API data', async (t) => {
  const dir = await configCopy()
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  const e2e = await startE2E(t, { env: { CONFIG_DIR: dir } })
  const token = await gameApiToken(e2e, 'admin')
  const game = async (path: string) => (await fetch(`${e2e.product.gameApiUrl}/api/v1/4d/${path}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json()) as { data: never }).data

  // The job needs a file to process: upload one, then let the service hot-reload the page with the job widget added.
  const fileId = await uploadBetFile(e2e, token)
  const before = (await configStatus(e2e)).version
  await writePage(dir, demoPage({ fileId }))
  await waitForConfig(e2e, (s) => s.version !== before)

  const { page, errors } = await e2e.newPage({ viewport: { width: 1280, height: 900 } })
  await signInAt(e2e, page, 'admin')
  await openFromMenu(page, 'Administration', 'Mobile', PAGE)
  const widget = (id: string) => page.locator(`[data-widget-id="${id}"]`)

  await t.test('content and form: GET mobile drawn, PUT mobile saved and the content reloaded', async (t) => {
    await widget('mobileNow').locator('strong').waitFor({ state: 'attached' })
    t.equal(await widget('mobileNow').locator('strong').innerText(), '', 'no number on file yet')
    await page.getByLabel('Mobile number').fill('+6591234567')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByRole('status').filter({ hasText: 'Mobile number saved.' }).waitFor()
    await page.waitForFunction(() => document.querySelector('[data-widget-id="mobileNow"] strong')?.textContent === '+6591234567')
    t.same(await game('mobile'), { UserId: 'admin', Mobile: '+6591234567' }, 'the game API holds the saved number')
  })

  await t.test('countdown: to the next 4D close on the server clock', async (t) => {
    const settings = await game('settings') as { serverTime: string, dClose: { CloseDate: string } }
    const expected = (Date.parse(settings.dClose.CloseDate) - Date.parse(settings.serverTime)) / 1000
    const shown = await widget('close').locator('time').innerText()
    const [h, m, s] = shown.split(':').map(Number) as [number, number, number]
    t.match(shown, /^\d{2,}:\d{2}:\d{2}$/)
    t.ok(Math.abs(h * 3600 + m * 60 + s - expected) < 60, `shows ${shown}, the game API's close is ${Math.round(expected)} s away`)
    t.equal(await widget('close').getAttribute('data-status'), 'running')
  })

  await t.test('announcements: the seeded ones, hostile HTML sanitised', async (t) => {
    await widget('news').locator('li').first().waitFor()
    // Through the service, as the widget calls it (the proxy adds the session's LocId).
    const served = await page.evaluate(() => fetch('/api/v1/4d/announcements').then((r) => r.json())) as { data: unknown[] }
    t.equal(await page.locator('[data-widget-id="news"] > li').count(), served.data.length, 'one item per announcement of the game API')
    t.match(await widget('news').innerText(), 'Welcome to the demo back office.')
    t.equal(await widget('news').locator('script, [onerror], [onclick]').count(), 0, 'no script or event handler survives')
  })

  await t.test('table: the game API\'s audit records', async (t) => {
    const rows = widget('audits').locator('tbody tr')
    await rows.first().waitFor()
    const records = await game('audits') as Array<{ AuditId: number, Action: string }>
    const shown = (await widget('audits').locator('tbody tr td:first-child').allInnerTexts()).map((s) => Number(s.replace(/,/g, '')))
    t.ok(shown.length > 0 && shown.every((id) => records.some((r) => r.AuditId === id)), 'every row is a record of the game API')
    t.ok(await rows.filter({ hasText: 'admin' }).count() > 0, 'the admin\'s own records are listed')
    t.match(await widget('audits').locator('tbody tr').first().locator('td').nth(3).innerText(), /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/, 'dates as MM/DD/YYYY HH:mm:ss')
  })

  await t.test('filters and access gate: checkMemberAccess/{id} allows the admin and a downline, refuses an unknown id', async (t) => {
    const gateRows = () => widget('gateLocs').locator('tbody tr td:first-child').allInnerTexts()
    await widget('gateLocs').locator('tbody tr').first().waitFor()
    const mine = await game('locIdAvailable') as Array<{ LocId: string }>
    t.same((await gateRows()).sort(), mine.map((l) => l.LocId).sort(), 'without a member: the admin, allowed, with their locations')
    await page.locator('#flt_UserId').fill('mem2')
    await page.getByRole('button', { name: 'Apply' }).click()
    const theirs = (await game('locIdAvailable?UserId=mem2') as Array<{ LocId: string }>).map((l) => l.LocId).sort()
    await page.waitForFunction((ids) => {
      const cells = [...document.querySelectorAll('[data-widget-id="gateLocs"] tbody tr td:first-child')].map((c) => c.textContent ?? '')
      return cells.length === ids.length && cells.sort().join() === ids.join()
    }, theirs)
    t.pass('mem2 (a downline): allowed, with mem2\'s locations')
    await page.locator('#flt_UserId').fill('nobody')
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.locator('[data-widget-id="gate"].rr-unauthorized').waitFor()
    t.equal(await widget('gate').innerText(), 'Unauthorized Access', 'an id the game API refuses')
  })

  await t.test('tabs: the second tab\'s table holds every location', async (t) => {
    t.ok(await widget('help').isVisible(), 'first tab open')
    await page.getByRole('tab', { name: 'Locations' }).click()
    await widget('locs').locator('tbody tr').first().waitFor()
    const all = (await game('loc') as Array<{ LocId: string }>).map((l) => l.LocId).sort()
    t.same((await widget('locs').locator('tbody tr td:first-child').allInnerTexts()).sort(), all)
  })

  await t.test('job: processes the uploaded bet file, polling the status call until done', async (t) => {
    await page.getByRole('button', { name: 'Process the bet file' }).click()
    await page.locator('[data-widget-id="upload"][data-phase="done"]').waitFor()
    t.equal(await widget('upload').locator('[role=status]').innerText(), 'Finished.')
    const status = await game(`files/processUpload/${fileId}/status`) as { Status: string, FileStatus: string, Lines: number }
    t.match(status, { Status: 'done', FileStatus: 'processed', Lines: 2 }, 'the game API processed the file')
  })

  await t.test('a widget of an unknown type never reaches the client: the loader refuses the change, the last good page keeps serving', async (t) => {
    await writePage(dir, demoPage({ fileId }, [{ type: 'chart', id: 'x' }]))
    const status = await waitForConfig(e2e, (s) => s.lastRejected !== null)
    t.match(status.lastRejected?.errors, [{ file: /admin-mobile\.json$/, pointer: /^\/widgets\/\d+\/type$/ }], 'refused with file and pointer')
    await page.reload()
    await page.locator(`article.rr-page[data-page="${PAGE}"]`).waitFor()
    await widget('audits').locator('tbody tr').first().waitFor()
    t.equal(await page.locator('[data-unknown-type]').count(), 0, 'no unknown widget served')
  })

  t.same(errors, [], 'no uncaught page errors')
})
