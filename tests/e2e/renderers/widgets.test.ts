import t from 'tap'
import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { frames, launchBrowser, settled } from '../../helpers/browser.ts'
import { harnessBuild, serveHarness, type ApiRoute } from './harness-server.ts'
import './harness-api.ts'

// Every widget type drawn from descriptors in the renderer harness, against a small JSON API this test serves and records.

const announcements = [
  { AnnouncementId: 1, Content: 'Draw on <b>Sunday</b><img src=x onerror="window.__pwned=1">', Color: '#ffeeaa', PopUp: 'N', LocId: null, CreatedBy: 'admin', CreatedDate: '2026-01-02T10:00:00+08:00' },
  { AnnouncementId: 2, Content: 'Second, newest', Color: 'lightblue', PopUp: 'N', LocId: 'SG', CreatedBy: 'admin', CreatedDate: '2026-01-05T09:30:00+08:00' },
  { AnnouncementId: 3, Content: 'Third', Color: 'red', PopUp: 'Y', LocId: null, CreatedBy: 'ops', CreatedDate: '2026-01-03T08:00:00+08:00' }
]
const bets = [
  { BetId: 1, Type: 'IBET', Amount: 10.5, Share: 0.25, CreatedDate: '2026-01-01T10:00:00+08:00', Status: 'A' },
  { BetId: 2, Type: '24', Amount: 0.1, Share: 0.5, CreatedDate: '2026-01-03T10:00:00+08:00', Status: 'V' },
  { BetId: 3, Type: '0', Amount: 0.2, Share: 1, CreatedDate: '2026-01-02T10:00:00+08:00', Status: 'A' }
]
const users = [{ UserId: 'mem2', UserName: 'Bob' }, { UserId: '0', UserName: 'Nobody' }, { UserId: 'ag1', UserName: 'Agent' }, { UserId: 'admin', Role: 'ADMIN', UserName: 'Boss' }]

const calls: { method: string, path: string, body: unknown }[] = []
let jobPolls = 0
const record = (answer: (req: Parameters<ApiRoute>[0]) => { status?: number, body: unknown }, delayMs = 0): ApiRoute => async (req) => {
  calls.push({ method: req.method, path: `${req.url.pathname}${req.url.search}`, body: req.body })
  if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs))
  return answer(req)
}
const routes: Record<string, ApiRoute> = {
  'GET /api/v1/4d/announcements': record(() => ({ body: { success: true, data: announcements } })),
  'DELETE /api/v1/4d/announcements/2': record(() => { announcements.splice(1, 1); return { body: { success: true, data: true } } }),
  'GET /api/v1/4d/bets': record(() => ({ body: { success: true, data: { qResults: bets } } })),
  'GET /api/v1/4d/empty': record(() => ({ body: { success: true, data: [] } })),
  'GET /api/v1/4d/broken': record(() => ({ status: 400, body: { success: false, message: 'DrawId must be a number.' } })),
  'GET /api/v1/4d/bet/userIds': record(() => ({ body: { success: true, data: users } }), 1200),
  'GET /api/v1/4d/draws': record(() => ({ body: { success: true, data: [{ DrawId: 7, DrawDate: '2026-01-04T18:30:00+08:00' }, { DrawId: 8, DrawDate: '2026-01-07T18:30:00+08:00' }] } })),
  'GET /api/v1/4d/settings': record(() => ({ body: { success: true, data: { serverTime: new Date(Date.now() + 3_600_000).toISOString(), dClose: { CloseDate: new Date(Date.now() + 3_600_000 + 5000).toISOString() }, tClose: { CloseDate: new Date(Date.now() - 60_000).toISOString() } } } })),
  'GET /api/v1/4d/checkMemberAccess': record((req) => req.url.searchParams.get('UserId') === 'ag1' ? { body: { success: true, data: true } } : { status: 403, body: { success: false, message: 'No access.' } }),
  'POST /api/v1/4d/job': record(() => { jobPolls = 0; return { body: { success: true, data: { FileId: 'f1' } } } }),
  'GET /api/v1/4d/job/f1/status': record(() => ({ body: { success: true, data: { FileStatus: ++jobPolls >= 3 ? 'DONE' : 'RUNNING', Progress: jobPolls * 33 } } })),
  'POST /api/v1/4d/profile': record(() => ({ body: { success: true, data: true } }))
}

const texts = {
  'page.demo': 'Demo page',
  'crumb.home': 'Home',
  'col.id': 'Id',
  'col.type': 'Type',
  'col.amount': 'Amount',
  'col.share': 'Share',
  'col.created': 'Created',
  'col.status': 'Status',
  'col.content': 'Content',
  'status.A': 'Active',
  'status.V': 'Void',
  'act.delete': 'Delete',
  'act.open': 'Open',
  'f.user': 'User',
  'f.draw': 'Draw',
  'f.from': 'From',
  'f.to': 'To',
  'f.pw1': 'New password',
  'f.pw2': 'Confirm password',
  'f.share': 'Share',
  'f.comm': 'Commission',
  'f.tax': 'Tax',
  'f.save': 'Save',
  'text.help': 'Send <b>{{SMSNumber}}</b> <script>window.__pwned=2</script>',
  'tab.one': 'One',
  'tab.two': 'Two',
  'job.run': 'Run job',
  'cd.closed': 'Close'
}

async function open (page: Page, descriptor: unknown, options: Record<string, unknown> = {}) {
  await page.evaluate(([d, o]) => window.harness.render(d, o), [descriptor, { texts, ...options }] as const)
}

const pageOf = (widgets: unknown[], extra: Record<string, unknown> = {}) => ({ path: '/demo', titleKey: 'page.demo', widgets, ...extra })

t.test('renderer widgets in a real browser', async (t) => {
  const build = harnessBuild()
  t.teardown(build.cleanup)
  const server = await serveHarness(build.dir, routes)
  t.teardown(server.close)
  const browser = await launchBrowser(t)
  const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await page.goto(`${server.url}/renderer-harness.html`)
  await page.waitForFunction(() => document.body.dataset.harness === 'ready')

  await t.test('a page with every widget type, and a visible notice for an unknown type', async (t) => {
    await open(page, pageOf([
      { type: 'content', id: 'c', bodyKey: 'text.help', data: { endpoint: '/api/v1/4d/settings' } },
      { type: 'announcements', id: 'a', data: { endpoint: '/api/v1/4d/announcements' } },
      { type: 'filters', id: 'flt', fields: [{ name: 'txtSearch', labelKey: 'f.user', kind: 'text' }] },
      { type: 'table', id: 'tbl', data: { endpoint: '/api/v1/4d/bets', dataPath: 'qResults' }, columns: [{ field: 'BetId', labelKey: 'col.id', type: 'number', width: 80 }] },
      { type: 'form', id: 'frm', fields: [{ name: 'Share', labelKey: 'f.share', kind: 'share' }], submit: { endpoint: '/api/v1/4d/profile', method: 'POST', labelKey: 'f.save' } },
      { type: 'countdown', id: 'cd', mode: 'simple', seconds: 30 },
      { type: 'job', id: 'job', labelKey: 'job.run', start: { endpoint: '/api/v1/4d/job', method: 'POST' }, status: { endpoint: '/api/v1/4d/job/{jobId}/status', idPath: 'FileId', doneValues: ['DONE'], failedValues: ['FAILED'] } },
      { type: 'accessGate', id: 'gate', check: { endpoint: '/api/v1/4d/checkMemberAccess' }, widgets: [] },
      { type: 'tabs', id: 'tabs', tabs: [{ id: 'one', labelKey: 'tab.one', widgets: [{ type: 'content', id: 'c1', bodyKey: 'tab.one' }] }, { id: 'two', labelKey: 'tab.two', widgets: [{ type: 'table', id: 't2', data: { endpoint: '/api/v1/4d/empty' }, columns: [{ field: 'X', labelKey: 'col.id', type: 'text', width: 80 }] }] }] },
      { type: 'chart', id: 'x' }
    ], { breadcrumb: [{ labelKey: 'crumb.home', path: '/admin/home' }, { labelKey: 'page.demo' }], back: true, actions: [{ kind: 'link', id: 'l', labelKey: 'act.open', to: '/report/full' }] }))
    await page.waitForSelector('.rr-announcements li')
    t.equal(await page.locator('h1').innerText(), 'Demo page')
    t.ok(await page.getByRole('button', { name: 'Back' }).isVisible(), 'Back button')
    await page.getByRole('link', { name: 'Home' }).click()
    t.same(await page.evaluate(() => window.harness.navigations.slice(-1)), ['/admin/home'], 'breadcrumb navigates')
    t.match(await page.locator('[data-widget-id=c]').innerHTML(), /Send <b><\/b>|Send <b>/, 'content translated')
    t.equal(await page.locator('.rr-announcements li').count(), 3)
    t.notOk(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), 'hostile HTML sanitised')
    t.equal(await page.locator('.rr-announcements li img[onerror]').count(), 0)
    t.ok(await page.locator('[data-widget-id=tbl] .rr-table').isVisible(), 'table')
    t.ok(await page.locator('[data-widget-id=frm] form').isVisible(), 'form (lazy chunk loaded)')
    t.ok(await page.locator('[data-widget-id=cd]').isVisible(), 'countdown')
    t.ok(await page.getByRole('button', { name: 'Run job' }).isVisible(), 'job')
    t.equal(await page.locator('[data-widget-id=gate].rr-unauthorized').innerText(), 'Unauthorized Access', 'gate denies on a failed check')
    t.ok(await page.getByRole('tab', { name: 'One' }).isVisible(), 'tabs')
    await page.getByRole('tab', { name: 'Two' }).click()
    t.equal(await page.locator('[data-widget-id=t2].rr-empty strong').innerText(), 'No data.', 'empty state')
    t.match(await page.locator('[data-unknown-type=chart]').innerText(), /"chart"/, 'unknown type named')
  })

  await t.test('table: types, default sort, sums, colours, sorting, row action, exports, print view', async (t) => {
    await open(page, pageOf([
      { type: 'table', id: 'ann', data: { endpoint: '/api/v1/4d/announcements' }, columns: [{ field: 'AnnouncementId', labelKey: 'col.id', type: 'number', width: 60 }, { field: 'CreatedDate', labelKey: 'col.created', type: 'date', width: 170 }], rowKey: 'AnnouncementId', rowActions: [{ kind: 'call', id: 'del', labelKey: 'act.delete', endpoint: '/api/v1/4d/announcements/:AnnouncementId', method: 'DELETE' }, { kind: 'link', id: 'open', labelKey: 'act.open', to: '/control/announcement/:AnnouncementId' }] },
      {
        type: 'table',
        id: 'bets',
        data: { endpoint: '/api/v1/4d/bets', dataPath: 'qResults' },
        drawColourField: 'Type',
        export: { csv: true, ara: true },
        print: true,
        columns: [
          { field: 'BetId', labelKey: 'col.id', type: 'number', width: 60 },
          { field: 'Type', labelKey: 'col.type', type: 'text', width: 60 },
          { field: 'Amount', labelKey: 'col.amount', type: 'money', width: 100, sum: true },
          { field: 'Share', labelKey: 'col.share', type: 'percent', width: 80 },
          { field: 'Status', labelKey: 'col.status', type: 'status', width: 80, statusLabels: { A: 'status.A', V: 'status.V' } },
          { field: 'CreatedDate', labelKey: 'col.created', type: 'date', width: 170 }
        ]
      }
    ], { actions: [{ kind: 'print', id: 'p', labelKey: 'renderers.print' }] }))
    const bodyRows = (id: string) => page.locator(`[data-widget-id=${id}] tbody tr`)
    await bodyRows('bets').first().waitFor()
    t.same(await bodyRows('ann').locator('td:first-child').allInnerTexts(), ['2', '3', '1'], 'CreatedDate descending by default')
    t.same(await bodyRows('bets').first().locator('td').allInnerTexts(), ['2', '24', '0.10', '50.00%', 'Void', '01/03/2026 10:00:00'])
    t.equal(await page.locator('[data-widget-id=bets] [data-sum=Amount]').first().innerText(), '10.80', 'footer sum with exactly 2 decimals')
    t.equal(await bodyRows('bets').first().evaluate((tr) => getComputedStyle(tr).backgroundColor), 'rgb(252, 194, 215)', 'draw colour of type 24')
    t.ok(await page.locator('[data-widget-id=bets] .rr-table').evaluate((el) => el.getBoundingClientRect().width >= el.parentElement!.clientWidth), 'the table spans its box')
    t.equal(await page.locator('[data-widget-id=bets] thead').evaluate((el) => getComputedStyle(el).position), 'sticky')
    await page.locator('[data-widget-id=bets] .rr-sort', { hasText: 'Amount' }).click()
    t.same(await bodyRows('bets').locator('td:nth-child(3)').allInnerTexts(), ['10.50', '0.20', '0.10'], 'money sorts descending first')
    await page.locator('[data-widget-id=bets] .rr-sort', { hasText: 'Amount' }).click()
    t.same(await bodyRows('bets').locator('td:nth-child(3)').allInnerTexts(), ['0.10', '0.20', '10.50'], 'then ascending')

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()])
    t.equal(csv.suggestedFilename(), 'exported.csv')
    t.equal((await readFile(await csv.path(), 'utf8')).replace(/^\uFEFF/, ''), 'Id,Type,Amount,Share,Status,Created\r\n2,24,0.10,0.5,V,2026-01-03T10:00:00+08:00\r\n3,0,0.20,1,A,2026-01-02T10:00:00+08:00\r\n1,IBET,10.50,0.25,A,2026-01-01T10:00:00+08:00', 'CSV in the shown order')
    const [ara] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download .ara' }).click()])
    t.equal(ara.suggestedFilename(), 'exported.ara')
    t.equal(await readFile(await ara.path(), 'utf8'), 'BetId|Type|Amount|Share|Status|CreatedDate\r\n2|24|0.10|0.5|V|2026-01-03T10:00:00+08:00\r\n3|0|0.20|1|A|2026-01-02T10:00:00+08:00\r\n1|IBET|10.50|0.25|A|2026-01-01T10:00:00+08:00')

    await page.evaluate(() => { window.print = () => {} })
    await page.getByRole('button', { name: 'Print' }).last().click()
    await page.locator('.rr-print-table').waitFor()
    t.notOk(await page.locator('.rr-page-header').isVisible(), 'print view without the page header')
    t.equal(await page.locator('.rr-print-table tbody tr').count(), 3, 'every row in the print view')
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')))
    await page.locator('.rr-print-table').waitFor({ state: 'detached' })
    t.ok(await page.locator('.rr-page-header').isVisible(), 'header back after printing')

    await bodyRows('ann').first().getByRole('button', { name: 'Open' }).click()
    t.same(await page.evaluate(() => window.harness.navigations.slice(-1)), ['/control/announcement/2'])
    await bodyRows('ann').first().getByRole('button', { name: 'Delete' }).click()
    await page.waitForFunction(() => document.querySelectorAll('[data-widget-id=ann] tbody tr').length === 2)
    t.ok(calls.some((c) => c.method === 'DELETE' && c.path === '/api/v1/4d/announcements/2'), 'row action called, table reloaded')
  })

  await t.test('table with a failing call shows the server message, once for two tables reading that call (the Support page)', async (t) => {
    await open(page, pageOf([
      { type: 'table', id: 'bad', data: { endpoint: '/api/v1/4d/broken' }, columns: [{ field: 'X', labelKey: 'col.id', type: 'text', width: 80 }] },
      { type: 'table', id: 'badLines', data: { endpoint: '/api/v1/4d/broken', dataPath: 'lines' }, columns: [{ field: 'X', labelKey: 'col.id', type: 'text', width: 80 }] }
    ]))
    await page.getByRole('alert').first().waitFor()
    t.same(await page.getByRole('alert').allInnerTexts(), ['DrawId must be a number.'], 'one alert, not one per table')
  })

  await t.test('form widgets: every rule, translated, focus on the first invalid input, submit', async (t) => {
    const form = pageOf([{
      type: 'form',
      id: 'f',
      dateRanges: [{ from: 'From', to: 'To' }],
      submit: { endpoint: '/api/v1/4d/profile', method: 'POST', labelKey: 'f.save', params: { LocId: { from: 'session', name: 'LocId' } } },
      fields: [
        { name: 'UserId', labelKey: 'f.user', kind: 'user', data: { endpoint: '/api/v1/4d/bet/userIds' } },
        { name: 'DrawId', labelKey: 'f.draw', kind: 'drawDate', data: { endpoint: '/api/v1/4d/draws' } },
        { name: 'From', labelKey: 'f.from', kind: 'date' },
        { name: 'To', labelKey: 'f.to', kind: 'date' },
        { name: 'Password1', labelKey: 'f.pw1', kind: 'password', required: true },
        { name: 'Password2', labelKey: 'f.pw2', kind: 'password', equalTo: 'Password1' },
        { name: 'Share', labelKey: 'f.share', kind: 'share' },
        { name: 'Comm', labelKey: 'f.comm', kind: 'commission' },
        { name: 'Tax', labelKey: 'f.tax', kind: 'tax' }
      ]
    }])
    await open(page, form, { session: { LocId: 'SG' } })
    const user = page.locator('#form-f_UserId')
    await user.waitFor()
    t.equal(await user.getAttribute('placeholder'), 'UserId / Name')
    await user.focus()
    t.equal(await page.locator('.rr-listbox').innerText(), 'Loading...', 'user drop-down while loading')
    await page.locator('.rr-listbox [role=option]').first().waitFor()
    t.same(await page.locator('.rr-listbox [role=option]').allInnerTexts(), ['admin / Boss', 'ag1 / Agent', 'mem2 / Bob', '0 / Nobody'], 'ADMIN, non-zero ids, zero ids')
    t.equal(await page.locator('.rr-listbox [role=option]').first().evaluate((el) => el.getBoundingClientRect().height), 26, 'option height 26 above 360 px')
    t.equal(await page.locator('.rr-listbox').evaluate((el) => getComputedStyle(el).maxHeight), '650px')
    await user.fill('zzz')
    t.equal(await page.locator('.rr-listbox').innerText(), 'No data.', 'no match')
    await user.fill('ag')
    await page.locator('.rr-listbox [role=option]', { hasText: 'ag1' }).click()
    t.equal(await user.inputValue(), 'ag1 / Agent')
    t.equal(await page.locator('#form-f_DrawId').evaluate((el) => el.getBoundingClientRect().width), 115, 'draw-date drop-down 115 px')
    await page.locator('#form-f_DrawId').selectOption('8')

    await page.locator('#form-f_From').fill('7/4')
    await page.locator('#form-f_From').blur()
    const year = new Date().getFullYear()
    t.equal(await page.locator('#form-f_From').inputValue(), `04/07/${year}`, 'd/m shown as MM/DD/YYYY')
    await page.locator('#form-f_To').fill('3')
    await page.locator('#form-f_To').blur()
    t.match(await page.locator('#form-f_To').inputValue(), new RegExp(`^\\d{2}/03/${year}$`), 'd alone takes this month')
    await page.locator('#form-f_To').fill('11/20/2025')
    await page.locator('#form-f_To').blur()
    t.equal(await page.locator('#form-f_To').inputValue(), '11/20/2025', 'what the field shows (MM/DD/YYYY) can be typed back')
    t.equal(await page.locator('#form-f_To').getAttribute('placeholder'), 'MM/DD/YYYY, d or d/m', 'the placeholder says what is accepted')
    await page.locator('#form-f_To').fill('03/04/2025')
    await page.locator('#form-f_To').blur()
    t.equal(await page.locator('#form-f_To').inputValue(), '03/04/2025', 'an ambiguous date is kept as typed')
    await page.locator('#form-f_To').locator('xpath=ancestor::div[contains(@class,"form-group")][1]').filter({ hasText: '03/04/2025 could be two different days' }).waitFor()
    t.pass('and refused with a message, never read silently one way')
    await page.locator('#form-f_To').fill('1/1/25')
    await page.locator('#form-f_To').blur()
    t.equal(await page.locator('#form-f_To').inputValue(), '01/01/2025')

    await page.locator('#form-f_Password2').fill('abc')
    await page.locator('#form-f_Share').fill('0.555')
    await page.locator('#form-f_Comm').fill('0.25')
    await page.locator('#form-f_Tax').fill('0.0015')
    // Blur first: the Tax message appearing under its field moves the button.
    await page.locator('#form-f_Tax').blur()
    await page.getByRole('button', { name: 'Save' }).click()
    await page.waitForFunction(() => document.activeElement?.id === 'form-f_From')
    t.pass('focus moved to the first invalid input in form order (the date range)')
    const errorsOf = async (name: string) => (await page.locator(`#form-f_${name}`).locator('xpath=ancestor::div[contains(@class,"form-group")][1]').innerText())
    t.match(await errorsOf('Password1'), /Please fill in this field\./)
    t.match(await errorsOf('Password2'), /Please enter the same value as New password\./, 'equalTo')
    t.match(await errorsOf('Share'), /Please enter a value in steps of 0\.01\./)
    t.match(await errorsOf('Comm'), /Please enter a value of at most 0\.2\./)
    t.match(await errorsOf('Tax'), /Please enter a value in steps of 0\.001\./)
    t.match(await errorsOf('From'), /The from date must not be later than the to date\./, 'date range')
    t.notMatch(await page.locator('[data-widget-id=f]').innerText(), /must have required property|must be (number|string|integer|boolean|<=|>=)|must match|must NOT have/, 'no raw schema (ajv) text')

    await page.locator('#form-f_Password1').fill('abc')
    await page.locator('#form-f_Password1').blur()
    await page.waitForFunction(() => !document.querySelector('[data-widget-id=f]')?.textContent?.includes('same value as'))
    t.pass('equal-to error cleared when the other field changed')
    await page.locator('#form-f_Password1').fill('abcd')
    await page.waitForFunction(() => document.querySelector('[data-widget-id=f]')?.textContent?.includes('same value as') === true)
    t.pass('and back when it changed again')

    await page.locator('#form-f_Password1').fill('Secret#12')
    await page.locator('#form-f_Password2').fill('Secret#12')
    await page.locator('#form-f_Share').fill('0.55')
    await page.locator('#form-f_Comm').fill('0.195')
    await page.locator('#form-f_Tax').fill('0.007')
    await page.locator('#form-f_To').fill('30/4')
    await page.locator('#form-f_To').blur()
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
    const posted = calls.findLast((c) => c.method === 'POST' && c.path === '/api/v1/4d/profile')
    t.same(posted?.body, { UserId: 'ag1', DrawId: '8', From: `${year}-04-07`, To: `${year}-04-30`, Password1: 'Secret#12', Password2: 'Secret#12', Share: 0.55, Comm: 0.195, Tax: 0.007, LocId: 'SG' }, 'submitted values with the session LocId')

    await open(page, pageOf([{ ...form.widgets[0] as object, game: 'tt' }]), { lang: 'zh', mobile: true })
    await page.locator('#form-f_UserId').waitFor()
    t.equal(await page.locator('#form-f_UserId').getAttribute('placeholder'), 'ID / 名称', 'mobile placeholder, translated')
    t.equal(await page.locator('#form-f_DrawId').evaluate((el) => el.getBoundingClientRect().width), 105, 'draw-date drop-down 105 px on mobile')
    await page.locator('#form-f_Comm').fill('0.3')
    await page.locator('#form-f_Share').fill('0.555')
    await page.locator('#form-f_Share').blur()
    await page.getByRole('button', { name: 'Save' }).click()
    await page.waitForFunction(() => document.querySelector('[data-widget-id=f]')?.textContent?.includes('请填写此字段。') === true)
    const zh = await page.locator('[data-widget-id=f]').innerText()
    t.match(zh, /请输入以 0.01 为步长的值。/, 'Chinese step message for the share')
    t.notMatch(zh, /Please|不大于 0.2/, 'no English; TOTO commission 0.3 accepted')
    await page.setViewportSize({ width: 360, height: 800 })
    await page.locator('#form-f_UserId').focus()
    await page.locator('.rr-listbox [role=option]').first().waitFor()
    t.equal(await page.locator('.rr-listbox [role=option]').first().evaluate((el) => el.getBoundingClientRect().height), 24, 'option height 24 at 360 px')
    await page.setViewportSize({ width: 1280, height: 900 })
  })

  await t.test('form number pickers: each range\'s ends and step (share, commission 4D and TOTO, tax)', async (t) => {
    const pickers = (game?: 'tt') => pageOf([{
      type: 'form',
      // A new id for TOTO, so no state (a Saved. notice) carries over from the 4D form.
      id: game ? 'ptt' : 'p',
      ...(game ? { game } : {}),
      submit: { endpoint: '/api/v1/4d/profile', method: 'POST', labelKey: 'f.save' },
      fields: [{ name: 'Share', labelKey: 'f.share', kind: 'share' }, { name: 'Comm', labelKey: 'f.comm', kind: 'commission' }, { name: 'Tax', labelKey: 'f.tax', kind: 'tax' }]
    }])
    // Each form's controls carry its own id prefix (form-<widget id>_).
    let current = 'p'
    const groupText = (name: string) => page.locator(`#form-${current}_${name}`).locator('xpath=ancestor::div[contains(@class,"form-group")][1]').innerText()
    /** Fills the pickers, submits, and answers each field's text (its label and any error). */
    const attempt = async (values: Record<string, string>) => {
      for (const [name, value] of Object.entries(values)) await page.locator(`#form-${current}_${name}`).fill(value)
      await page.locator(`#form-${current}_${Object.keys(values).at(-1)}`).blur()
      await page.getByRole('button', { name: 'Save' }).click()
      const out: Record<string, string> = {}
      for (const name of Object.keys(values)) out[name] = await groupText(name)
      return out
    }
    await open(page, pickers())
    await page.locator('#form-p_Share').waitFor()
    let shown = await attempt({ Share: '-0.01', Comm: '0.205', Tax: '0.011' })
    t.match(shown.Share, /Please enter a value of at least 0\./, 'share below 0')
    t.match(shown.Comm, /Please enter a value of at most 0\.2\./, 'commission above 0.2')
    t.match(shown.Tax, /Please enter a value of at most 0\.01\./, 'tax above 0.01')
    shown = await attempt({ Share: '1.01', Comm: '0.193', Tax: '-0.001' })
    t.match(shown.Share, /Please enter a value of at most 1\./, 'share above 1')
    t.match(shown.Comm, /Please enter a value in steps of 0\.005\./, 'commission off its 0.005 step')
    t.match(shown.Tax, /Please enter a value of at least 0\./, 'tax below 0')
    await attempt({ Share: '1', Comm: '0.2', Tax: '0.01' })
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
    t.same(calls.findLast((c) => c.path === '/api/v1/4d/profile')?.body, { Share: 1, Comm: 0.2, Tax: 0.01 }, 'the upper ends are accepted')

    current = 'ptt'
    await open(page, pickers('tt'))
    await page.locator('#form-ptt_Share').waitFor()
    shown = await attempt({ Share: '0', Comm: '0.31', Tax: '0' })
    t.match(shown.Comm, /Please enter a value of at most 0\.3\./, 'TOTO commission above 0.3')
    shown = await attempt({ Share: '0', Comm: '0.295', Tax: '0' })
    t.match(shown.Comm, /Please enter a value in steps of 0\.01\./, 'TOTO commission off its 0.01 step')
    await attempt({ Share: '0', Comm: '0.3', Tax: '0' })
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
    t.same(calls.findLast((c) => c.path === '/api/v1/4d/profile')?.body, { Share: 0, Comm: 0.3, Tax: 0 }, 'the lower ends and TOTO\'s 0.3 are accepted')
  })

  await t.test('countdown through running, paused, stopped and done; server countdown shows Close', async (t) => {
    const status = () => page.locator('[data-widget-id=cd]').getAttribute('data-status')
    await open(page, pageOf([{ type: 'countdown', id: 'cd', mode: 'simple', seconds: 2, notify: 1, controls: true, format: 'mm:ss.S' }]))
    await page.locator('[data-widget-id=cd]').waitFor()
    t.equal(await status(), 'running')
    await page.getByRole('button', { name: 'Pause' }).click()
    t.equal(await status(), 'paused')
    const frozen = await page.locator('.rr-countdown-time').innerText()
    await frames(page, 30)
    t.equal(await page.locator('.rr-countdown-time').innerText(), frozen, 'paused time stands still')
    await page.getByRole('button', { name: 'Resume' }).click()
    t.equal(await status(), 'running')
    await page.waitForFunction(() => /done/.test(document.querySelector('[data-widget-id=cd]')?.getAttribute('data-events') ?? ''), undefined, { timeout: 5000 })
    const events = await page.locator('[data-widget-id=cd]').getAttribute('data-events')
    t.match(events, /start pause resume notify:1 done/, 'notify then done at zero')
    t.equal(await status(), 'running', 'the simple countdown restarts after zero')
    await page.getByRole('button', { name: 'Stop' }).click()
    t.equal(await status(), 'stopped')
    await page.getByRole('button', { name: 'Pause' }).click()
    t.equal(await status(), 'stopped', 'pause ignored when stopped')
    await page.getByRole('button', { name: 'Resume' }).click()
    t.equal(await status(), 'stopped', 'resume only from paused')

    await open(page, pageOf([{ type: 'countdown', id: 'cd', mode: 'simple', seconds: 5, demandStart: true, controls: true }]))
    await page.locator('[data-widget-id=cd]').waitFor()
    t.equal(await status(), 'paused', 'demand-start starts paused')
    t.equal(await page.locator('.rr-countdown-time').innerText(), '00:00:05')
    await page.getByRole('button', { name: 'Start', exact: true }).click()
    t.equal(await status(), 'running')

    await open(page, pageOf([
      { type: 'countdown', id: 'cd', mode: 'server', data: { endpoint: '/api/v1/4d/settings' }, targetPath: 'dClose.CloseDate' },
      { type: 'countdown', id: 'tt', mode: 'server', data: { endpoint: '/api/v1/4d/settings' }, targetPath: 'tClose.CloseDate', closedKey: 'cd.closed' },
      { type: 'countdown', id: 'bad', mode: 'simple', notify: [5, 0] }
    ]))
    await page.locator('[data-widget-id=cd] time').waitFor()
    t.match(await page.locator('[data-widget-id=cd] time').innerText(), /^00:00:0[45]$/, 'counts to the close date on server time (server clock one hour ahead)')
    t.equal(await page.locator('[data-widget-id=tt] time').innerText(), 'Close', 'a past close date shows Close')
    t.equal(await page.locator('[data-widget-id=tt]').getAttribute('data-status'), 'done')
    t.equal(await page.getByRole('alert').innerText(), 'The notify config must be a positive integer.')
  })

  await t.test('access gate reruns when the user id changes to a non-empty value; job polls to done', async (t) => {
    await open(page, pageOf([
      { type: 'filters', id: 'flt', fields: [{ name: 'UserId', labelKey: 'f.user', kind: 'text' }] },
      { type: 'accessGate', id: 'gate', check: { endpoint: '/api/v1/4d/checkMemberAccess' }, userIdFrom: { from: 'filter', name: 'UserId' }, widgets: [{ type: 'content', id: 'inside', bodyKey: 'tab.one' }] },
      { type: 'job', id: 'job', labelKey: 'job.run', pollMs: 100, start: { endpoint: '/api/v1/4d/job', method: 'POST' }, status: { endpoint: '/api/v1/4d/job/{jobId}/status', idPath: 'FileId', statusPath: 'FileStatus', progressPath: 'Progress', doneValues: ['DONE'], failedValues: ['FAILED'] } }
    ]))
    await page.getByText('Unauthorized Access').waitFor()
    await page.locator('#flt_UserId').fill('ag1')
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.locator('[data-widget-id=inside]').waitFor()
    t.equal(await page.locator('[data-widget-id=inside]').innerText(), 'One', 'allowed for ag1')
    const checks = () => calls.filter((c) => c.path.startsWith('/api/v1/4d/checkMemberAccess')).length
    const before = checks()
    await page.locator('#flt_UserId').fill('')
    await page.getByRole('button', { name: 'Apply' }).click()
    await settled(page)
    t.equal(checks(), before, 'no rerun for an empty user id')
    t.ok(await page.locator('[data-widget-id=inside]').isVisible(), 'still allowed')
    await page.locator('#flt_UserId').fill('mem2')
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.getByText('Unauthorized Access').waitFor()
    t.ok(calls.some((c) => c.path === '/api/v1/4d/checkMemberAccess?UserId=mem2'), 'rerun with the new id')

    await page.getByRole('button', { name: 'Run job' }).click()
    await page.locator('[data-widget-id=job][data-phase=done]').waitFor()
    t.equal(jobPolls, 3, 'polled until done')
    t.equal(await page.locator('[data-widget-id=job] [role=status]').innerText(), 'Finished.')
  })

  t.same(errors, [], 'no uncaught page errors')
})
