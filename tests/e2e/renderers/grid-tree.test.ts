import t from 'tap'
import type { Page } from 'playwright-core'
import { confirmOk, launchBrowser } from '../../helpers/browser.ts'
import { harnessBuild, serveHarness, type ApiRoute } from './harness-server.ts'
import './harness-api.ts'

// The editable grid and the tree drawn from descriptors in the renderer harness, driven by keyboard, against a small recorded API.

const rates = [
  { BetType: 'Big', First: 2500, Form: 'B', On: true },
  { BetType: 'Small', First: 3500, Form: 'S', On: false }
]
const defaults = [{ BetType: 'Big', First: 2000, Form: 'B', On: true }, { BetType: 'Small', First: 3000, Form: 'S', On: true }]
const tree: Record<string, Array<{ UserId: string, UserName: string, Children: number }>> = {
  '': [{ UserId: 'ag1', UserName: 'Agent One', Children: 2 }, { UserId: 'mem9', UserName: 'Solo', Children: 0 }],
  ag1: [{ UserId: 'ag2', UserName: 'Agent Two', Children: 0 }, { UserId: 'mem1', UserName: 'Member One', Children: 0 }],
  roots2: [{ UserId: 'lone', UserName: 'lone', Children: 1 }, { UserId: 'oops', UserName: 'oops', Children: 1 }],
  many: Array.from({ length: 20_000 }, (_, i) => ({ UserId: `dl${String(i + 1).padStart(5, '0')}`, UserName: `Agent ${i + 1}`, Children: i === 0 ? 1 : 0 })),
  dl00001: [{ UserId: 'deep1', UserName: 'Deep', Children: 0 }]
}
const calls: { method: string, path: string, body: unknown }[] = []
const record = (answer: (req: Parameters<ApiRoute>[0]) => { status?: number, body: unknown }): ApiRoute => async (req) => {
  calls.push({ method: req.method, path: `${req.url.pathname}${req.url.search}`, body: req.body })
  return answer(req)
}
const routes: Record<string, ApiRoute> = {
  'GET /api/v1/4d/rates': record(() => ({ body: { success: true, data: rates } })),
  'GET /api/v1/4d/rateDefaults': record(() => ({ body: { success: true, data: defaults } })),
  'PUT /api/v1/4d/rate': record((req) => {
    const body = req.body as { BetType: string, First: number }
    if (body.First === 1234) return { status: 400, body: { success: false, message: 'First prize rate refused.' } }
    Object.assign(rates.find((r) => r.BetType === body.BetType)!, body)
    return { body: { success: true, data: true } }
  }),
  'PUT /api/v1/4d/rates': record(() => ({ body: { success: true, data: true } })),
  'PUT /api/v1/4d/rateDefault': record((req) => {
    const { BetType } = req.body as { BetType: string }
    Object.assign(rates.find((r) => r.BetType === BetType)!, defaults.find((d) => d.BetType === BetType))
    return { body: { success: true, data: true } }
  }),
  'GET /api/v1/4d/down': record((req) => req.url.searchParams.get('UserId') === 'oops'
    ? { status: 400, body: { success: false, message: 'LocId is required.' } }
    : { body: { success: true, data: tree[req.url.searchParams.get('UserId') ?? ''] ?? [] } }),
  'GET /api/v1/4d/tickets': record((req) => ({ body: { success: true, data: [{ TicketNo: `T-${req.url.searchParams.get('UserId')}` }] } })),
  'GET /api/v1/4d/broken': record(() => ({ status: 400, body: { success: false, message: 'LocId is required.' } }))
}
const texts = {
  'page.demo': 'Demo',
  'col.betType': 'Bet type',
  'col.first': '1st',
  'col.form': 'Form',
  'col.on': 'On',
  'form.big': 'Big',
  'form.small': 'Small',
  'act.save': 'Save',
  'act.saveAll': 'Save all',
  'act.reset': 'Reset',
  'act.sure': 'Reset this row?',
  'tree.title': 'Downline',
  'col.ticket': 'Ticket'
}
const columns = [
  { field: 'BetType', labelKey: 'col.betType', kind: 'readonly', width: 90 },
  { field: 'First', labelKey: 'col.first', kind: 'number', width: 90, required: true, min: 0, max: 5000, step: 0.5 },
  { field: 'Form', labelKey: 'col.form', kind: 'select', width: 90, options: [{ value: 'B', labelKey: 'form.big' }, { value: 'S', labelKey: 'form.small' }] },
  { field: 'On', labelKey: 'col.on', kind: 'checkbox', width: 60 }
]
const grid = (actions: unknown[], extra: Record<string, unknown> = {}) => ({ type: 'grid', id: 'g', data: { endpoint: '/api/v1/4d/rates' }, rowKey: 'BetType', columns, actions, ...extra })
const save = { kind: 'save', id: 's', labelKey: 'act.save', endpoint: '/api/v1/4d/rate', method: 'PUT', mode: 'row', rowParams: { BetType: 'BetType' } }

async function open (page: Page, widgets: unknown[]) {
  await page.evaluate(([d, o]) => window.harness.render(d, o), [{ path: '/demo', titleKey: 'page.demo', widgets }, { texts }] as const)
}
const cell = (page: Page, r: number, c: number) => page.locator(`[data-cell="g-${r}-${c}"]`)
const since = (n: number) => calls.slice(n).filter((c) => c.method !== 'GET')

t.test('grid and tree in a real browser', async (t) => {
  const build = harnessBuild()
  t.teardown(build.cleanup)
  const server = await serveHarness(build.dir, routes)
  t.teardown(server.close)
  const browser = await launchBrowser(t)
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await page.goto(`${server.url}/renderer-harness.html`)
  await page.waitForFunction(() => document.body.dataset.harness === 'ready')

  await t.test('grid: keyboard editing, per-cell checks, dirty cells, Escape, save per row, server refusal, discard', async (t) => {
    await open(page, [grid([save, { kind: 'reset', id: 'r', labelKey: 'act.reset', endpoint: '/api/v1/4d/rateDefault', method: 'PUT', rowParams: { BetType: 'BetType' }, confirmKey: 'act.sure' }])])
    await page.waitForSelector('[role=grid]')
    t.equal(await cell(page, 1, 0).innerText(), 'Small')
    t.equal(await cell(page, 0, 2).innerText(), 'Big', 'a select shows its option label')
    await cell(page, 0, 0).click()
    await page.keyboard.press('ArrowRight')
    t.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-cell')), 'g-0-1', 'arrow moves the active cell')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Control+A')
    await page.keyboard.type('99999')
    await page.keyboard.press('Enter')
    t.equal(await cell(page, 0, 1).getAttribute('data-dirty'), 'true', 'the changed cell is marked')
    t.equal(await cell(page, 0, 1).getAttribute('aria-invalid'), 'true')
    t.match(await cell(page, 0, 1).innerText(), /Please enter a value of at most 5000\./)
    await page.getByRole('row').nth(1).getByRole('button', { name: 'Save' }).click()
    t.ok(await page.getByText('Please correct the marked cells first.').isVisible(), 'a broken row is not sent')
    t.equal(since(0).length, 0)
    await page.keyboard.press('Escape')
    await cell(page, 0, 1).focus()
    await page.keyboard.press('Enter')
    await page.keyboard.press('Control+A')
    await page.keyboard.type('2600.5')
    await page.keyboard.press('Tab')
    t.equal(await page.evaluate(() => document.activeElement?.tagName), 'SELECT', 'Tab commits and edits the next editable cell')
    await page.keyboard.press('Escape')
    t.equal(await cell(page, 0, 2).getAttribute('data-dirty'), null, 'Escape keeps the cell as it was')
    t.equal(await cell(page, 0, 1).getAttribute('aria-invalid'), null, 'fixed')
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('Space')
    t.equal(await cell(page, 0, 3).getAttribute('aria-checked'), 'false', 'Space toggles a checkbox cell')
    t.match(await page.locator('.rr-grid-changes').innerText(), /2 unsaved/)
    const before = calls.length
    await page.getByRole('row').nth(1).getByRole('button', { name: 'Save' }).click()
    await page.waitForFunction(() => !document.querySelector('[data-dirty]'))
    t.same(since(before), [{ method: 'PUT', path: '/api/v1/4d/rate', body: { BetType: 'Big', First: 2600.5, Form: 'B', On: false } }], 'the row with its editable cells')
    t.equal(await cell(page, 0, 1).innerText(), '2600.5', 'reloaded from the API')
    t.ok(await page.getByText('Saved.').isVisible())

    // A refusal shows the game API's message and keeps the change.
    await cell(page, 1, 1).dblclick()
    await page.keyboard.press('Control+A')
    await page.keyboard.type('1234')
    await page.keyboard.press('Enter')
    await page.getByRole('row').nth(2).getByRole('button', { name: 'Save' }).click()
    await page.getByText('First prize rate refused.').waitFor()
    t.equal(await cell(page, 1, 1).getAttribute('data-dirty'), 'true', 'still unsaved')
    await page.getByRole('button', { name: 'Discard changes' }).click()
    t.equal(await cell(page, 1, 1).innerText(), '3500', 'discarded')

    // Reset asks first, then calls the reset endpoint with the row's parameters and reloads.
    const atReset = calls.length
    await page.getByRole('row').nth(1).getByRole('button', { name: 'Reset' }).click()
    await confirmOk(page, 'Reset this row?')
    await page.waitForFunction(() => document.querySelector('[data-cell="g-0-1"]')?.textContent === '2000')
    t.same(since(atReset), [{ method: 'PUT', path: '/api/v1/4d/rateDefault', body: { BetType: 'Big' } }])
  })

  await t.test('grid: reset from a defaults binding and save all in one call', async (t) => {
    await open(page, [grid([{ ...save, id: 'all', labelKey: 'act.saveAll', endpoint: '/api/v1/4d/rates', mode: 'all', rowsName: 'Rates' }, { kind: 'reset', id: 'r', labelKey: 'act.reset', defaults: { endpoint: '/api/v1/4d/rateDefaults' } }])])
    await page.waitForSelector('[role=grid]')
    await page.getByRole('row').nth(2).getByRole('button', { name: 'Reset' }).click()
    t.equal(await cell(page, 1, 1).innerText(), '3000', 'defaults copied in')
    t.equal(await cell(page, 1, 3).getAttribute('data-dirty'), 'true')
    const before = calls.length
    await page.getByRole('button', { name: 'Save all' }).click()
    await page.waitForFunction(() => !document.querySelector('[data-dirty]'))
    t.same(since(before), [{ method: 'PUT', path: '/api/v1/4d/rates', body: { Rates: [{ BetType: 'Small', First: 3000, Form: 'S', On: true }] } }])
  })

  await t.test('grid: read-only without a save action, empty and error states', async (t) => {
    await open(page, [grid([]), { ...grid([]), id: 'e', data: { endpoint: '/api/v1/4d/broken' } }])
    await page.waitForSelector('[role=grid]')
    t.equal(await page.locator('[role=grid]').getAttribute('aria-readonly'), 'true')
    await cell(page, 0, 1).focus()
    await page.keyboard.press('Enter')
    t.equal(await page.locator('.rr-grid-input').count(), 0, 'nothing to edit')
    t.equal(await page.getByRole('alert').innerText(), 'LocId is required.')
  })

  await t.test('tree: roots, a node opened by keyboard reads its children, choosing sets the filter a table reads', async (t) => {
    await open(page, [
      { type: 'tree', id: 'tr', titleKey: 'tree.title', data: { endpoint: '/api/v1/4d/down' }, children: { endpoint: '/api/v1/4d/down', nodeParam: 'UserId' }, idField: 'UserId', labelField: 'UserId', detailField: 'UserName', openableField: 'Children', choose: { set: { UserId: 'UserId' } } },
      { type: 'table', id: 'tk', data: { endpoint: '/api/v1/4d/tickets', params: { UserId: { from: 'filter', name: 'UserId' } }, requires: ['UserId'] }, columns: [{ field: 'TicketNo', labelKey: 'col.ticket', type: 'text', width: 120 }] }
    ])
    const tree = page.getByRole('tree', { name: 'Downline' })
    await tree.waitFor()
    const ag1 = page.getByRole('treeitem', { name: /ag1 \(Agent One\)/ })
    t.equal(await ag1.getAttribute('aria-expanded'), 'false')
    t.equal(await page.getByRole('treeitem', { name: /mem9/ }).getAttribute('aria-expanded'), null, 'a leaf has no opener')
    t.equal(await page.locator('[data-widget-id=tk]').count(), 0, 'the detail waits for a choice')
    await ag1.focus()
    const before = calls.length
    await page.keyboard.press('ArrowRight')
    await page.getByRole('treeitem', { name: /ag2/ }).waitFor()
    t.equal(await ag1.getAttribute('aria-expanded'), 'true')
    t.ok(calls.slice(before).some((c) => c.path === '/api/v1/4d/down?UserId=ag1'), 'children read with the node id')
    t.equal(await page.getByRole('treeitem', { name: /ag2/ }).getAttribute('aria-level'), '2')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    t.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-node-id')), 'mem1')
    await page.keyboard.press('Enter')
    await page.locator('[data-widget-id=tk]').waitFor()
    await page.getByText('T-mem1').waitFor()
    t.equal(await page.getByRole('treeitem', { name: /mem1/ }).getAttribute('aria-selected'), 'true')
    await page.keyboard.press('ArrowLeft')
    t.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-node-id')), 'ag1', 'Left goes to the parent')
    await page.keyboard.press('ArrowLeft')
    t.equal(await ag1.getAttribute('aria-expanded'), 'false', 'Left closes')
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    t.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-node-id')), 'ag2', 'Right on an open node goes to its first child')
    await page.keyboard.press('Enter')
    await page.getByText('T-ag2').waitFor()
    t.equal(await page.getByText('T-mem1').count(), 0, 'another node drives the table')
  })

  await t.test('tree: a node whose children are none or fail to load says so; no roots is the empty state', async (t) => {
    await open(page, [
      { type: 'tree', id: 'tr', data: { endpoint: '/api/v1/4d/down', params: { UserId: { from: 'const', value: 'roots2' } } }, children: { endpoint: '/api/v1/4d/down', nodeParam: 'UserId' }, idField: 'UserId', labelField: 'UserId' },
      { type: 'tree', id: 'none', data: { endpoint: '/api/v1/4d/down', params: { UserId: { from: 'const', value: 'nobody' } } }, children: { endpoint: '/api/v1/4d/down', nodeParam: 'UserId' }, idField: 'UserId', labelField: 'UserId' },
      { type: 'tree', id: 'bad', data: { endpoint: '/api/v1/4d/broken' }, children: { endpoint: '/api/v1/4d/down', nodeParam: 'UserId' }, idField: 'UserId', labelField: 'UserId' }
    ])
    await page.getByRole('treeitem', { name: 'lone' }).click()
    await page.getByRole('treeitem', { name: 'lone' }).press('ArrowRight')
    await page.getByText('Nobody below.').waitFor()
    await page.getByRole('treeitem', { name: /^oops/ }).press('ArrowRight')
    await page.locator('[data-widget-id=tr] [role=alert]').waitFor()
    t.equal(await page.locator('[data-widget-id=tr] [role=alert]').innerText(), 'LocId is required.', 'a failed children read shows the message under the node')
    t.equal(await page.locator('[data-widget-id=none] .rr-empty').innerText(), 'No data.')
    t.equal(await page.locator('.rr-widget').nth(2).getByRole('alert').innerText(), 'LocId is required.', 'roots that fail to load')
  })

  await t.test('tree: 20,000 roots draw only the rows in view; keys still reach every node, and a node opens in place', async (t) => {
    await open(page, [
      { type: 'tree', id: 'big', titleKey: 'tree.title', data: { endpoint: '/api/v1/4d/down', params: { UserId: { from: 'const', value: 'many' } } }, children: { endpoint: '/api/v1/4d/down', nodeParam: 'UserId' }, idField: 'UserId', labelField: 'UserId', detailField: 'UserName', openableField: 'Children' }
    ])
    const first = page.getByRole('treeitem', { name: /^dl00001/ })
    await first.waitFor()
    const drawn = () => page.locator('[role=treeitem]').count()
    t.ok(await drawn() < 100, `only the rows in view are in the page (${await drawn()})`)
    t.same([await first.getAttribute('aria-setsize'), await first.getAttribute('aria-posinset'), await first.getAttribute('tabindex')], ['20000', '1', '0'], 'each item knows its place; the first takes the tab stop')
    const active = () => page.evaluate(() => document.activeElement?.getAttribute('data-node-id'))
    await first.focus()
    await page.keyboard.press('End')
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-node-id') === 'dl20000')
    t.equal(await page.getByRole('treeitem', { name: /^dl20000/ }).getAttribute('aria-posinset'), '20000', 'End reaches the last node, drawn on demand')
    t.ok(await drawn() < 100, 'still only the rows in view')
    await page.keyboard.press('ArrowUp')
    t.equal(await active(), 'dl19999')
    await page.keyboard.press('Home')
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-node-id') === 'dl00001')
    await page.keyboard.press('ArrowRight')
    await page.getByRole('treeitem', { name: /^deep1/ }).waitFor()
    t.equal(await page.getByRole('treeitem', { name: /^deep1/ }).getAttribute('aria-level'), '2', 'its child is drawn right under it')
    await page.keyboard.press('ArrowDown')
    t.equal(await active(), 'deep1')
    await page.keyboard.press('ArrowDown')
    t.equal(await active(), 'dl00002')
  })

  t.same(errors, [], 'no page errors')
})
