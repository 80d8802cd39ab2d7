import { randomUUID } from 'node:crypto'
import t from 'tap'
import { signedIn, type Browser } from '../../helpers/http-browser.ts'
import { buildProduct } from '../../helpers/build.ts'
import { copyConfig } from '../config/fixtures.ts'
import { pageOf, read, tableOf, type Row, type Table } from './report-tables.ts'
import { resolveParams, type BindingScope } from '../../../client/src/renderers/lib/binding.ts'
import { submitPayload } from '../../../client/src/renderers/lib/formSubmit.ts'
import { startTarget } from '../../../client/src/renderers/lib/job.ts'
import { fillPath, rowParams } from '../../../client/src/renderers/lib/tableModel.ts'
import type { FormWidget, HttpMethod, RowAction, Widget } from '../../../schemas/widgets.ts'

// Utilities › Configuration through the service: who gets the page, then admin's round as the page makes it (each table's
// bound call, the New draft form, a row's Publish dialog and a version's Roll back, each with the values the descriptor
// takes from the form and the row), and the Approve action kept for ConfigApprove holders. (The console's API itself:
// tests/server/config/config-console.test.ts.)

const PATH = '/utilities/configuration'
const FULL = 'columns/report-full.json'
// Its own copy of menus/: nothing written to the shipped files meanwhile becomes a draft on this product.
const { serviceUrl } = await buildProduct(t, { env: { CONFIG_DIR: copyConfig(t) } })
const [admin, ops, clerk, ag1] = await Promise.all([signedIn(serviceUrl, 'admin'), signedIn(serviceUrl, 'ops'), signedIn(serviceUrl, 'clerk'), signedIn(serviceUrl, 'ag1')])

/** The menu items the user's shell lists, as group/item keys. */
const menuOf = async (browser: Browser) => ((await browser.get('/ui/session')).json.menu as Array<{ key: string, items: Array<{ key: string }> }>).flatMap((g) => g.items.map((i) => `${g.key}/${i.key}`))
/** A table's row action by id (undefined when resolution left it out for this user). */
const actionOf = (table: Table, id: string) => (table.rowActions as RowAction[] | undefined)?.find((a) => a.id === id)
/** The scope a row's dialog resolves its parameters in. */
const rowScope = (row: Row): BindingScope => ({ filters: {}, query: {}, session: {}, row })

/** A form's submit as the client sends it: :Name segments filled from its bound parameters, the rest with the typed values in the body. */
async function submit (browser: Browser, form: Pick<FormWidget, 'fields' | 'submit'>, typed: Record<string, string>, scope: BindingScope) {
  const target = form.submit!
  const call = startTarget(target.endpoint, resolveParams(target.params, scope))
  const body = submitPayload({ type: 'form', id: 'sent', ...form }, typed, call.params)
  return { endpoint: call.endpoint, body, answer: await browser.request(target.method, call.endpoint, { body }) }
}
/** A row's call action as the client makes it: the endpoint filled from the row, its rowParams as the body. */
async function callRow (browser: Browser, action: RowAction | undefined, row: Row) {
  if (action?.kind !== 'call') throw new Error(`not a call action: ${JSON.stringify(action)}`)
  return browser.request(action.method as HttpMethod, fillPath(action.endpoint, row), { body: rowParams(action.rowParams, row) })
}
/** The Full Report column set with the Stake column's width changed (the change config-console.test.ts makes). */
function widerStake (files: Record<string, string>, width: number): string {
  const set = JSON.parse(files[FULL] ?? '{}') as { columns: Array<Record<string, unknown>> }
  const at = set.columns.findIndex((c) => String(c.$ref).endsWith('#/stake'))
  set.columns[at] = { ...set.columns[at], width }
  return JSON.stringify(set, null, 2)
}
/** Grants ops these permissions on the Permission page's call and signs ops in afresh. */
async function grantOps (...extra: string[]) {
  const granted = await admin.request('POST', '/api/v1/permissions', { body: { UserId: 'ops', Granted: ['Report', 'DrawSetting', 'BetEntry', 'OutSet', ...extra] }, headers: { 'idempotency-key': randomUUID() } })
  if (granted.status !== 200) throw new Error(`grant: ${granted.status} ${granted.text}`)
  return signedIn(serviceUrl, 'ops')
}

t.test('the page is for ConfigEdit holders: in admin\'s menu, not in ops\'s, clerk\'s or ag1\'s', async (t) => {
  t.ok((await menuOf(admin)).includes('utilities/configuration'), 'admin (*) has Utilities › Configuration')
  for (const [who, browser] of [['ops', ops], ['clerk', clerk], ['ag1', ag1]] as const) {
    t.notOk((await menuOf(browser)).includes('utilities/configuration'), `${who} has no Configuration item`)
  }
  for (const [who, browser] of [['ops', ops], ['ag1', ag1]] as const) {
    t.equal((await browser.get(`/ui/pages?path=${encodeURIComponent(PATH)}`)).status, 403, `${who} is refused the page`)
  }
})

t.test('admin: instances and version 1 live, a new draft, its Publish after a change, then Roll back', async (t) => {
  const widgets = await pageOf(admin, PATH)
  const [instances, drafts, versions] = [tableOf(widgets, 'instances'), tableOf(widgets, 'drafts'), tableOf(widgets, 'versions')]
  t.match(widgets.get('intro'), { type: 'content' }, 'the page starts with what drafts, versions and publishing are')

  const seen = await read(admin, instances)
  t.equal(seen.url, '/ui/config/status', 'Instances reads the config status')
  t.ok(seen.rows.length >= 1, 'an instance reports')
  t.match(seen.rows[0], { instance: /:\d+$/, versionNumber: 1, since: /^\d{4}-\d\d-\d\dT/, seenAt: /^\d{4}-\d\d-\d\dT/ }, 'serving version 1, with its times')
  const listed = await read(admin, versions)
  t.equal(listed.url, '/ui/config/versions?limit=50', 'Versions reads the newest 50')
  t.match(listed.rows, [{ number: 1, live: true, source: 'files' }], 'version 1, from the files, is live')
  t.equal(listed.rows.length, 1, 'and no other')
  t.same((await read(admin, drafts)).rows, [], 'no drafts')

  const newDraft = widgets.get('newDraft') as Widget
  if (newDraft.type !== 'form') throw new Error('newDraft is not a form')
  const started = await submit(admin, newDraft, { message: 'Wider Stake' }, rowScope({}))
  t.match(started, { endpoint: '/ui/config/drafts', body: { message: 'Wider Stake' }, answer: { status: 200 } }, 'New draft starts one')
  const { id, files } = started.answer.json as { id: number, files: Record<string, string> }
  t.match((await read(admin, drafts)).rows, [{ id, base: 1, author: 'admin', editors: ['admin'], message: 'Wider Stake', revision: 1, approvals: [] }], 'the Drafts table lists it')

  const saved = await admin.put(`/ui/config/drafts/${id}/files`, { path: FULL, text: widerStake(files, 160), revision: 1 })
  t.equal(saved.status, 200, `a valid change to the draft saves${saved.status === 200 ? '' : `: ${saved.text}`}`)
  const [row] = (await read(admin, drafts)).rows
  t.match(row, { id, revision: 2 }, 'the save raised its revision')
  const publish = actionOf(drafts, 'publish')
  if (publish?.kind !== 'form') throw new Error('no Publish dialog')
  const published = await submit(admin, publish.form, { message: 'Stake wider for agents' }, rowScope(row!))
  t.equal(published.endpoint, `/ui/config/drafts/${id}/publish`, 'Publish names the row\'s draft')
  t.same(published.body, { message: 'Stake wider for agents', revision: 2 }, 'with the row\'s revision and the typed message')
  t.same(published.answer.json, { number: 2, merged: false }, 'published as version 2')
  t.same((await read(admin, drafts)).rows, [], 'a published draft leaves the open drafts')
  const afterPublish = (await read(admin, versions)).rows
  t.match(afterPublish, [{ number: 2, live: true, author: 'admin', message: 'Stake wider for agents', source: 'console' }, { number: 1, live: false }], 'version 2 is live')
  t.match((await read(admin, instances)).rows[0], { versionNumber: 2 }, 'and served')
  const stake = tableOf(await pageOf(ag1, '/report/full'), 'full').columns.find((c) => c.field === 'Stake')
  t.match(stake, { width: 160 }, 'ag1\'s Full Report follows')

  const rollback = actionOf(versions, 'rollback')
  if (rollback?.kind !== 'form') throw new Error('no Roll back dialog')
  t.match(rollback, { when: { field: 'live', equals: false } }, 'offered on the versions not live')
  const one = afterPublish.find((r) => r.number === 1)!
  const back = await submit(admin, rollback.form, { message: 'back to the shipped columns' }, rowScope(one))
  t.match(back, { endpoint: '/ui/config/versions/1/rollback', body: { message: 'back to the shipped columns' } }, 'Roll back names the row\'s version, with the typed message')
  t.same(back.answer.json, { number: 3 }, 'Roll back makes version 3')
  t.match((await read(admin, versions)).rows, [{ number: 3, live: true, source: 'rollback', message: 'back to the shipped columns' }, { number: 2, live: false }, { number: 1, live: false }], 'version 3, a rollback, is live')
})

t.test('Approve is for ConfigApprove holders: ConfigApprove alone opens no page, ConfigEdit alone shows no Approve', async (t) => {
  const approverOnly = await grantOps('ConfigApprove')
  t.notOk((await menuOf(approverOnly)).includes('utilities/configuration'), 'ops with ConfigApprove only has no Configuration item')
  t.equal((await approverOnly.get(`/ui/pages?path=${encodeURIComponent(PATH)}`)).status, 403, 'nor the page')

  const editorOnly = await grantOps('ConfigEdit')
  t.ok((await menuOf(editorOnly)).includes('utilities/configuration'), 'ops with ConfigEdit has the item')
  const editorDrafts = tableOf(await pageOf(editorOnly, PATH), 'drafts')
  t.same((editorDrafts.rowActions ?? []).map((a) => a.id), ['publish', 'rebase', 'discard'], 'without ConfigApprove the Approve action is left out')
  const adminDrafts = tableOf(await pageOf(admin, PATH), 'drafts')
  t.same((adminDrafts.rowActions ?? []).map((a) => a.id), ['publish', 'approve', 'rebase', 'discard'], 'admin (*) gets Approve')
  t.notOk(JSON.stringify(adminDrafts).includes('"rule"'), 'no rule reaches the client')

  // Both permissions: ops approves admin's draft (started on version 2) with the row's call; admin rebases it onto version 3, then discards it.
  const both = await grantOps('ConfigEdit', 'ConfigApprove')
  const started = (await admin.post('/ui/config/drafts', { base: 2, message: 'to approve' })).json as { id: number }
  const bothDrafts = tableOf(await pageOf(both, PATH), 'drafts')
  const row = (await read(both, bothDrafts)).rows.find((r) => r.id === started.id)!
  const approved = await callRow(both, actionOf(bothDrafts, 'approve'), row)
  t.match(approved, { status: 200, json: { id: started.id, approvals: ['ops'] } }, 'Approve approves the row\'s revision')
  t.match((await read(admin, adminDrafts)).rows.find((r) => r.id === started.id), { approvals: ['ops'] }, 'and the Drafts table says who')

  const rebased = await callRow(admin, actionOf(adminDrafts, 'rebase'), row)
  t.match(rebased, { status: 200, json: { draft: { id: started.id, base: 3 }, conflicts: [] } }, 'Rebase moves it from version 2 onto the live version 3')
  const fresh = (await read(admin, adminDrafts)).rows.find((r) => r.id === started.id)!
  const discard = actionOf(adminDrafts, 'discard')
  t.match(discard, { kind: 'call', confirmKey: String }, 'Discard asks first')
  t.match(await callRow(admin, discard, fresh), { status: 200, json: { state: 'discarded' } }, 'Discard closes it')
  t.notOk((await read(admin, adminDrafts)).rows.some((r) => r.id === started.id), 'and it leaves the list')
})
