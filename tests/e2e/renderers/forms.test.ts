import t from 'tap'
import type { Page } from 'playwright-core'
import { launchBrowser } from '../../helpers/browser.ts'
import { harnessBuild, serveHarness, type ApiRoute } from './harness-server.ts'
import './harness-api.ts'

// The forms vocabulary in the renderer harness against a small JSON API this test serves and records: the loading, empty
// and error states of data-driven choices and loaded forms, requiredWhen, route values, call buttons and dialogs by keyboard.

const calls: { method: string, path: string, body: unknown }[] = []
const record = (answer: (req: Parameters<ApiRoute>[0]) => { status?: number, body: unknown }, delayMs = 0): ApiRoute => async (req) => {
  calls.push({ method: req.method, path: `${req.url.pathname}${req.url.search}`, body: req.body })
  if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs))
  return answer(req)
}
const permissions = [{ Name: 'Report', Label: 'Reports' }, { Name: 'MemberEdit', Label: 'Edit members' }, { Name: 'OutSet', Label: 'Out settings' }]
const routes: Record<string, ApiRoute> = {
  'GET /api/v1/4d/permissions': record(() => ({ body: { success: true, data: permissions } }), 800),
  'GET /api/v1/4d/nothing': record(() => ({ body: { success: true, data: [] } })),
  'GET /api/v1/4d/broken': record(() => ({ status: 400, body: { success: false, message: 'The record is gone.' } })),
  'GET /api/v1/4d/agent': record((req) => ({ body: { success: true, data: { UserId: req.url.searchParams.get('UserId'), Name: 'Agent One', Granted: ['OutSet'] } } })),
  'PUT /api/v1/4d/agent': record(() => ({ body: { success: true, data: { UserId: 'ag1' } } })),
  'POST /api/v1/4d/cache/clear': record(() => ({ body: { success: true, data: { Cleared: 12 } } })),
  'POST /api/v1/4d/cache/fail': record(() => ({ status: 409, body: { success: false, message: 'A clear is already running.' } }))
}

const texts = {
  'page.demo': 'Demo page',
  'f.perms': 'Permissions',
  'f.name': 'Name',
  'f.kind': 'Kind',
  'f.reason': 'Reason',
  'f.save': 'Save',
  'k.a': 'A',
  'k.b': 'B',
  'a.clear': 'Clear cache',
  'a.cleared': 'Cleared {{n}} entries.',
  'a.fail': 'Clear again',
  'a.edit': 'Edit agent',
  'f.strict': 'Strict number',
  'f.upload': 'Upload',
  'f.uploadDbf': 'Upload dBase table'
}

async function open (page: Page, descriptor: unknown, options: Record<string, unknown> = {}) {
  await page.evaluate(([d, o]) => window.harness.render(d, o), [descriptor, { texts, ...options }] as const)
}
const pageOf = (widgets: unknown[], extra: Record<string, unknown> = {}) => ({ path: '/demo', titleKey: 'page.demo', widgets, ...extra })
const groupOf = (page: Page, id: string) => page.locator(`#${id}`).locator('xpath=ancestor::div[contains(@class,"form-group")][1]')

t.test('forms vocabulary in a real browser', async (t) => {
  const build = harnessBuild()
  t.teardown(build.cleanup)
  const server = await serveHarness(build.dir, routes)
  t.teardown(server.close)
  const browser = await launchBrowser(t)
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await page.goto(`${server.url}/renderer-harness.html`)
  await page.waitForFunction(() => document.body.dataset.harness === 'ready')

  await t.test('a loaded form takes the route value, fills checkboxes from data, and sends what is chosen', async (t) => {
    calls.length = 0
    await open(page, pageOf([{
      type: 'form',
      id: 'agent',
      load: { endpoint: '/api/v1/4d/agent', params: { UserId: { from: 'route', name: 'UserId' } } },
      fields: [
        { name: 'Name', labelKey: 'f.name', kind: 'text', required: true },
        { name: 'Granted', labelKey: 'f.perms', kind: 'checkboxes', optionsFrom: { data: { endpoint: '/api/v1/4d/permissions' }, valueField: 'Name', labelField: 'Label' } }
      ],
      submit: { endpoint: '/api/v1/4d/agent', method: 'PUT', labelKey: 'f.save', params: { UserId: { from: 'route', name: 'UserId' } } }
    }], { route: { UserId: 'ag1' } }))
    await page.locator('#form-agent_Name').waitFor()
    t.equal(await page.locator('#form-agent_Name').inputValue(), 'Agent One', 'filled from the load')
    t.ok(calls.some((c) => c.path === '/api/v1/4d/agent?UserId=ag1'), 'the load took the route value')
    await page.locator('#form-agent_Granted [role=status]', { hasText: 'Loading...' }).waitFor()
    t.pass('the choices say they are loading')
    await page.getByLabel('Edit members').waitFor()
    t.ok(await page.getByLabel('Out settings').isChecked(), 'the loaded permission is ticked')
    await page.getByLabel('Edit members').focus()
    await page.keyboard.press('Space')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
    const put = calls.find((c) => c.method === 'PUT')
    t.match(put?.body, { Name: 'Agent One', Granted: ['OutSet', 'MemberEdit'], UserId: 'ag1' })
  })

  await t.test('a load that fails shows its message instead of the form; empty and failed choices say so', async (t) => {
    await open(page, pageOf([
      { type: 'form', id: 'gone', load: { endpoint: '/api/v1/4d/broken' }, fields: [{ name: 'Name', labelKey: 'f.name', kind: 'text' }], submit: { endpoint: '/api/v1/4d/agent', method: 'PUT', labelKey: 'f.save' } },
      {
        type: 'form',
        id: 'choices',
        fields: [
          { name: 'Empty', labelKey: 'f.kind', kind: 'select', optionsFrom: { data: { endpoint: '/api/v1/4d/nothing' }, valueField: 'X' } },
          { name: 'Failed', labelKey: 'f.perms', kind: 'multiselect', optionsFrom: { data: { endpoint: '/api/v1/4d/broken' }, valueField: 'X' } }
        ],
        submit: { endpoint: '/api/v1/4d/agent', method: 'PUT', labelKey: 'f.save' }
      }
    ]))
    await page.getByRole('alert').filter({ hasText: 'The record is gone.' }).waitFor()
    t.equal(await page.locator('[data-widget-id="gone"]').count(), 0, 'no form without its record')
    await groupOf(page, 'form-choices_Empty').filter({ hasText: 'No data.' }).waitFor()
    await groupOf(page, 'form-choices_Failed').filter({ hasText: 'The choices could not be loaded.' }).waitFor()
    t.pass('empty and error states beside the controls')
  })

  await t.test('requiredWhen requires a field only while its condition holds', async (t) => {
    calls.length = 0
    await open(page, pageOf([{
      type: 'form',
      id: 'cond',
      fields: [
        { name: 'Kind', labelKey: 'f.kind', kind: 'select', default: 'A', options: [{ value: 'A', labelKey: 'k.a' }, { value: 'B', labelKey: 'k.b' }] },
        { name: 'Reason', labelKey: 'f.reason', kind: 'text', requiredWhen: { field: 'Kind', equals: 'B' } }
      ],
      submit: { endpoint: '/api/v1/4d/agent', method: 'PUT', labelKey: 'f.save' }
    }]))
    await page.locator('#form-cond_Kind').selectOption({ label: 'B' })
    await page.getByRole('button', { name: 'Save' }).click()
    await groupOf(page, 'form-cond_Reason').filter({ hasText: 'Please fill in this field.' }).waitFor()
    t.equal(calls.filter((c) => c.method === 'PUT').length, 0, 'nothing sent while Reason is required and empty')
    await page.locator('#form-cond_Kind').selectOption({ label: 'A' })
    t.notMatch(await groupOf(page, 'form-cond_Reason').innerText(), /Please fill in this field/, 'freed when Kind goes back to A')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
    t.match(calls.find((c) => c.method === 'PUT')?.body, { Kind: 'A' })
  })

  await t.test('stacked forms (Bet Upload): own control ids, one label per checkbox, each form named by what it does', async (t) => {
    const stacked = (id: string, labelKey: string) => ({
      type: 'form',
      id,
      fields: [{ name: 'Name', labelKey: 'f.name', kind: 'text' }, { name: 'StrictNumber', labelKey: 'f.strict', kind: 'checkbox', default: true }],
      submit: { endpoint: '/api/v1/4d/agent', method: 'PUT', labelKey }
    })
    await open(page, pageOf([stacked('upload', 'f.upload'), stacked('uploadDbf', 'f.uploadDbf')]))
    const dbf = page.getByRole('region', { name: 'Upload dBase table' })
    await dbf.getByRole('checkbox', { name: 'Strict number' }).waitFor()
    const ids = await page.locator('.rr-form [id]').evaluateAll((els) => els.map((e) => e.id))
    t.same(ids.filter((id, i) => ids.indexOf(id) !== i), [], 'no id twice on the page')
    t.equal(await page.getByRole('region', { name: 'Upload', exact: true }).locator('#form-upload_Name').count(), 1, 'each form is a named region holding its own controls')
    t.equal(await dbf.getByText('Strict number').count(), 1, 'the checkbox label is printed once')
    t.equal(await dbf.getByLabel('Name').count(), 1, 'a text box keeps its one label')
  })

  await t.test('call buttons: the answer in the message, a refusal as an alert; a dialog form opens by keyboard and Escape closes it', async (t) => {
    await open(page, pageOf([], {
      actions: [
        { kind: 'call', id: 'clear', labelKey: 'a.clear', endpoint: '/api/v1/4d/cache/clear', method: 'POST', successKey: 'a.cleared', successValues: { n: 'Cleared' } },
        { kind: 'call', id: 'fail', labelKey: 'a.fail', endpoint: '/api/v1/4d/cache/fail', method: 'POST' },
        { kind: 'form', id: 'edit', labelKey: 'a.edit', form: { id: 'editForm', fields: [{ name: 'Name', labelKey: 'f.name', kind: 'text' }], submit: { endpoint: '/api/v1/4d/agent', method: 'PUT', labelKey: 'f.save' } } }
      ]
    }))
    await page.getByRole('button', { name: 'Clear cache' }).click()
    await page.getByRole('status').filter({ hasText: 'Cleared 12 entries.' }).waitFor()
    await page.getByRole('button', { name: 'Clear again' }).click()
    await page.getByRole('alert').filter({ hasText: 'A clear is already running.' }).waitFor()
    t.pass('success and refusal shown')
    await page.getByRole('button', { name: 'Edit agent' }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.locator('dialog[open]')
    await dialog.locator('#form-editForm_Name').waitFor()
    t.ok(await dialog.evaluate((d) => d.contains(document.activeElement)), 'focus moved into the dialog')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    t.pass('Escape closed it')
  })

  t.same(errors, [], 'no uncaught page errors')
})
