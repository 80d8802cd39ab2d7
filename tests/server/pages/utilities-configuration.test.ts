import { randomUUID } from 'node:crypto'
import t from 'tap'
import i18next from 'i18next'
import { signedIn, type Browser } from '../../helpers/http-browser.ts'
import { buildProduct } from '../../helpers/build.ts'
import { copyConfig } from '../config/fixtures.ts'
import { catalogueOf, pageOf, read, tableOf, type Row, type Table } from './report-tables.ts'
import { addDays, nextClose, zoneDateOf, zoneInstant } from '../../../schemas/domain/calendar.ts'
import { bindingTarget, getPath, resolveParams, resolveSource, withQuery, type BindingScope } from '../../../client/src/renderers/lib/binding.ts'
import { diffByFile, impactRows } from '../../../client/src/renderers/lib/keyedDiffModel.ts'
import { chosenPath, draftEndpoint, draftIdOf } from '../../../client/src/renderers/lib/configFileModel.ts'
import { resultSections } from '../../../client/src/renderers/lib/formAnswer.ts'
import { fileFields, submitPayload, successValues, toMultipart } from '../../../client/src/renderers/lib/formSubmit.ts'
import { startTarget } from '../../../client/src/renderers/lib/job.ts'
import { cellText, fillPath, rowParams } from '../../../client/src/renderers/lib/tableModel.ts'
import { fieldText } from '../../../client/src/renderers/lib/codedMessage.ts'
import type { CallAction, FormWidget, HttpMethod, RowAction, Widget } from '../../../schemas/widgets.ts'
import type { ConfigChange } from '../../../schemas/config-versions.ts'
import type { ConfigImpact } from '../../../schemas/config-impact.ts'

// Utilities › Configuration through the service: who gets the page, then admin's round as the page makes it (each table's
// bound call, the New draft form, a row's Publish dialog and a version's Roll back, each with the values the descriptor
// takes from the form and the row), a draft's own page (its editor, Changes against the live version and Preview, each call
// filled from the page's route), its keyed diff with the impact, and the Approve action kept for ConfigApprove holders. (The console's API itself:
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

/** A form's submit as the client sends it: :Name segments filled from its bound parameters, the rest with the typed values in the body (in the query of a GET). */
async function submit (browser: Browser, form: Pick<FormWidget, 'fields' | 'submit'>, typed: Record<string, string>, scope: BindingScope) {
  const target = form.submit!
  const call = startTarget(target.endpoint, resolveParams(target.params, scope))
  const body = submitPayload({ type: 'form', id: 'sent', ...form }, typed, call.params)
  const answer = target.method === 'GET' ? await browser.get(withQuery(call.endpoint, body as Record<string, string>)) : await browser.request(target.method, call.endpoint, { body })
  return { endpoint: call.endpoint, body, answer }
}
/** A page header's call button as the client makes it: :Name segments filled from its bound parameters (a GET's others in its query). */
async function callHeader (browser: Browser, action: CallAction, scope: BindingScope) {
  const { endpoint, params } = startTarget(action.endpoint, resolveParams(action.params, scope))
  const answer = action.method === 'GET' ? await browser.get(withQuery(endpoint, params)) : await browser.request(action.method, endpoint, { body: params })
  return { endpoint, answer, said: successValues(answer.json, action.successValues) }
}
/** The values a form starts with (its fields' defaults), as the operator finds them. */
const defaultsOf = (form: Pick<FormWidget, 'fields'>) => Object.fromEntries(form.fields.flatMap((f) => f.default === undefined ? [] : [[f.name, String(f.default)]]))
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
  // What changed, as the Versions table's cell says it from the service's catalogues (the cell's coded message: msg.<code>).
  const changed = versions.columns.find((c) => c.field === 'changes')
  t.match(changed, { labelKey: 'page.utilitiesConfiguration.changes', type: 'text', emptyKey: 'page.utilitiesConfiguration.changesUnknown' }, 'Versions has a What changed column')
  const i18n = i18next.createInstance()
  const [en, zh] = await Promise.all([admin.get('/ui/i18n/en'), admin.get('/ui/i18n/zh')])
  await i18n.init({ lng: 'en', resources: { en: { translation: en.json }, zh: { translation: zh.json } }, interpolation: { escapeValue: false } })
  const cell = (row: Row) => cellText(row, changed!, i18n.t as never, (r, field) => fieldText(i18n, r, field))
  t.equal(i18n.t(changed!.labelKey), 'What changed', 'headed What changed')
  t.match(cell(afterPublish[0]!), /^1 change: columns\/report-full\.json: column "stake" width added$/, 'version 2: its one change, Full Report\'s Stake width')
  t.match(cell(afterPublish[1]!), /^Initial import: \d+ files$/, 'version 1: the initial import')
  t.match(cell({ number: 9, changes: null, changesCode: null, changesValues: null }), /^Not recorded/, 'a version made before changes were kept says so')
  await i18n.changeLanguage('zh')
  t.equal(i18n.t(changed!.labelKey), '更改内容', 'in Chinese too')
  t.match(cell(afterPublish[0]!), /^1 处更改：columns\/report-full\.json: column "stake" width added$/, 'version 2\'s change')
  t.match(cell(afterPublish[1]!), /^初始导入：\d+ 个文件$/, 'version 1, the initial import')
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

t.test('a draft\'s page, opened from its Drafts row: the editor, Changes against the live version and Preview, each for that draft; admin\'s only', async (t) => {
  const started = (await admin.post('/ui/config/drafts', { message: 'Stake at 160 again' })).json as { id: number, files: Record<string, string> }
  const drafts = tableOf(await pageOf(admin, PATH), 'drafts')
  const row = (await read(admin, drafts)).rows.find((r) => r.id === started.id)!
  const open = actionOf(drafts, 'open')
  t.match(open, { kind: 'link', labelKey: 'page.utilitiesConfiguration.openDraft' }, 'each draft row links to its page')
  if (open?.kind !== 'link') throw new Error('no Open draft link')
  const draftPath = fillPath(open.to, row)
  t.equal(draftPath, `/utilities/configuration/draft/${started.id}`, 'the link names the row\'s draft')

  const served = await admin.get(`/ui/pages?path=${encodeURIComponent(draftPath)}`)
  t.equal(served.status, 200, 'admin gets the draft\'s page')
  t.match(served.json, { path: draftPath, titleKey: 'common.configurationDraft', route: { id: String(started.id) }, breadcrumb: [{ labelKey: 'group.utilities' }, { labelKey: 'common.configuration', path: PATH }, { labelKey: 'common.configurationDraft' }] }, 'under Utilities › Configuration, with the draft\'s number as its route value')
  for (const [who, browser] of [['ops', ops], ['ag1', ag1]] as const) {
    t.equal((await browser.get(`/ui/pages?path=${encodeURIComponent(draftPath)}`)).status, 403, `${who} is refused the draft's page`)
  }
  const scope: BindingScope = { filters: {}, query: { file: FULL }, session: {}, route: served.json.route }
  const widgets = await pageOf(admin, draftPath)

  // The editor: the route's draft, the file the query names.
  const editor = widgets.get('files')
  if (editor?.type !== 'configFile') throw new Error('no configFile editor')
  const draftId = draftIdOf(resolveSource(editor.draftFrom, scope))
  t.equal(draftId, started.id, 'the editor edits the route\'s draft')
  const draft = await admin.get(draftEndpoint(draftId!))
  t.match(draft, { status: 200, json: { id: started.id, revision: 1, state: 'open' } }, 'and reads it')
  t.equal(chosenPath(Object.keys(draft.json.files), undefined, editor.pathFrom ? resolveSource(editor.pathFrom, scope) : undefined), FULL, '?file= opens that file first')
  t.equal((await admin.put(`/ui/config/drafts/${started.id}/files`, { path: FULL, text: widerStake(started.files, 160), revision: 1 })).status, 200, 'a change saves')

  // Changes against the live version: the header's call, filled from the route, and its message's values.
  const changes = (served.json.actions as Array<{ id: string }>).find((a) => a.id === 'changes') as CallAction | undefined
  if (changes === undefined) throw new Error('no Changes action')
  const compared = await callHeader(admin, changes, scope)
  t.equal(compared.endpoint, `/ui/config/drafts/${started.id}/diff`, 'Changes asks for the route\'s draft')
  t.equal(compared.answer.status, 200)
  t.match(compared.said, { count: 1, live: 3, first: /^columns\/report-full\.json: .*stake.* width added$/ }, 'its message counts the changes against live version 3 and names the first')

  // The keyed diff widget: its two bindings filled from the route (/ui/config/drafts/:id/…), the changes by key and whom they affect.
  const diff = widgets.get('diff')
  if (diff?.type !== 'keyedDiff') throw new Error('no keyedDiff widget')
  const diffCall = bindingTarget(diff.data, scope)
  t.same(diffCall, { endpoint: `/ui/config/drafts/${started.id}/diff`, params: {}, missing: [] }, 'the diff widget reads the route\'s draft')
  const diffRead = await admin.get(withQuery(diffCall.endpoint, diffCall.params))
  t.match(diffByFile(getPath(diffRead.json, diff.data.dataPath) as ConfigChange[]), [{ file: FULL, rows: [{ where: 'columns › stake › width', kind: 'added', before: '', after: '160' }] }], 'and shows the Stake width by file and key, before → after')
  if (!diff.impact) throw new Error('the diff widget binds no impact')
  const impactCall = bindingTarget(diff.impact, scope)
  t.equal(impactCall.endpoint, `/ui/config/drafts/${started.id}/impact`, 'its impact reads the route\'s draft too')
  const impact = (await admin.get(withQuery(impactCall.endpoint, impactCall.params))).json as ConfigImpact
  const rows = impactRows(impact.groups)
  t.match(rows.find((r) => r.Role === 'AG' && r.LocId === 'SG'), { affected: ['ag1', 'ag2'], pages: ['/report/full changed'] }, 'the impact table: agents at SG would see Full Report change')
  t.match(rows.find((r) => r.Role === 'MEM' && r.LocId === 'SG'), { affected: [], users: 3 }, 'members would not')
  t.equal(bindingTarget(diff.data, { ...scope, route: {} }).missing[0], 'id', 'without a route value the widget waits and calls nothing')

  // Preview as a user: the form's defaults (ag1, Full Report), the route's draft.
  const preview = widgets.get('preview')
  if (preview?.type !== 'form') throw new Error('no Preview form')
  t.same(defaultsOf(preview), { user: 'ag1', path: '/report/full' }, 'Preview starts as ag1 on Full Report')
  const previewed = await submit(admin, preview, defaultsOf(preview), scope)
  t.equal(previewed.endpoint, `/ui/config/drafts/${started.id}/preview`, 'Preview asks for the route\'s draft')
  t.match(previewed.answer, { status: 200, json: { user: 'ag1', changed: { menu: false, page: true } } }, 'as ag1: the page changes, the menu does not')
  t.same(resultSections(previewed.answer.json, preview.result ?? []).map((s) => s.labelKey), ['page.utilitiesConfigurationDraft.page'], 'and the form lists only the page as changed')
  const elsewhere = await submit(admin, preview, { user: 'ag1', path: '/admin/home' }, scope)
  t.match(elsewhere.answer, { status: 200, json: { draft: { page: { status: 'ok' } }, changed: { page: false } } }, 'ag1\'s home, which the draft leaves alone')
  t.same(resultSections(elsewhere.answer.json, preview.result ?? []), [], 'lists nothing')

  t.match(await callRow(admin, actionOf(drafts, 'discard'), (await read(admin, drafts)).rows.find((r) => r.id === started.id)!), { status: 200 }, 'discarded, it leaves the list')
})

t.test('Approve is for ConfigApprove holders: ConfigApprove alone opens no page, ConfigEdit alone shows no Approve', async (t) => {
  const approverOnly = await grantOps('ConfigApprove')
  t.notOk((await menuOf(approverOnly)).includes('utilities/configuration'), 'ops with ConfigApprove only has no Configuration item')
  t.equal((await approverOnly.get(`/ui/pages?path=${encodeURIComponent(PATH)}`)).status, 403, 'nor the page')

  const editorOnly = await grantOps('ConfigEdit')
  t.ok((await menuOf(editorOnly)).includes('utilities/configuration'), 'ops with ConfigEdit has the item')
  const editorDrafts = tableOf(await pageOf(editorOnly, PATH), 'drafts')
  t.same((editorDrafts.rowActions ?? []).map((a) => a.id), ['open', 'publish', 'schedule', 'cancelSchedule', 'rebase', 'discard'], 'without ConfigApprove the Approve action is left out')
  const adminDrafts = tableOf(await pageOf(admin, PATH), 'drafts')
  t.same((adminDrafts.rowActions ?? []).map((a) => a.id), ['open', 'publish', 'schedule', 'cancelSchedule', 'approve', 'rebase', 'discard'], 'admin (*) gets Approve')
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

// The page's parts for scheduled publishes and the menus/ tree (their API: tests/server/config/config-schedules.test.ts, config-trees.test.ts).
t.test('a draft\'s Schedule dialog and its state in the Drafts table, Cancel schedule; a version\'s Download (tar); the Upload tree form', async (t) => {
  const say = await catalogueOf(admin)
  const widgets = await pageOf(admin, PATH)
  const [drafts, versions] = [tableOf(widgets, 'drafts'), tableOf(widgets, 'versions')]
  t.match(drafts.columns.filter((c) => c.field.startsWith('schedule')), [
    { field: 'schedule', type: 'status', statusLabels: { scheduled: String, applied: String, failed: String, cancelled: String } },
    { field: 'scheduledAt', type: 'date' },
    { field: 'scheduleReason', valueLabels: 'page.utilitiesConfiguration.scheduleReasons' }
  ], 'the Drafts table shows a schedule\'s state, time and why it did not publish')
  t.equal(say('page.utilitiesConfiguration.scheduleReasons.edited'), 'The draft was saved since', 'each reason has its words')

  const started = (await admin.post('/ui/config/drafts', { message: 'to schedule' })).json as { id: number, files: Record<string, string> }
  await admin.put(`/ui/config/drafts/${started.id}/files`, { path: FULL, text: widerStake(started.files, 150), revision: 1 })
  const row = (await read(admin, drafts)).rows.find((r) => r.id === started.id)!
  t.match(row, { schedule: null, scheduledAt: null }, 'not scheduled yet')
  const schedule = actionOf(drafts, 'schedule')
  if (schedule?.kind !== 'form') throw new Error('no Schedule dialog')
  t.same(schedule.form.fields.map((f) => [f.name, f.kind]), [['at', 'text'], ['message', 'text'], ['confirm', 'checkbox']], 'Schedule asks for the time, a change note and the confirmation')

  // Ten minutes before a draw closes, as the operator would type it (GMT+8): refused in the catalogue's words until confirmed.
  const typed = (instant: Date) => new Date(instant.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ')
  const nearClose = new Date(nextClose('SG4D', new Date(Date.now() + 86400_000)).getTime() - 10 * 60_000)
  const refused = await submit(admin, schedule.form, { ...defaultsOf(schedule.form), at: typed(nearClose) }, rowScope(row))
  t.equal(refused.endpoint, `/ui/config/drafts/${started.id}/schedule`, 'Schedule names the row\'s draft')
  t.match(refused.body, { at: typed(nearClose), revision: 2 }, 'with its revision and the typed time')
  t.match(refused.answer, { status: 409, json: { code: 'UI_CONFIG_SCHEDULE_NEAR_CLOSE' } }, 'near a close it is refused')
  t.match(say(`errors.${String(refused.answer.json.code)}`), /minutes before the \{\{2\}\} draw closes.*tick the confirmation/, 'and the dialog says why in the catalogue\'s words')
  const overnight = zoneInstant(addDays(zoneDateOf(new Date()), 1), '03:00')
  const scheduled = await submit(admin, schedule.form, { at: typed(overnight), message: 'overnight' }, rowScope(row))
  t.match(scheduled.answer, { status: 200, json: { state: 'scheduled', at: overnight.toISOString() } }, 'overnight it is scheduled')
  const listed = (await read(admin, drafts)).rows.find((r) => r.id === started.id)!
  t.match(listed, { schedule: 'scheduled', scheduledAt: overnight.toISOString(), scheduleReason: null }, 'the Drafts table shows it waiting, with its time')

  const cancel = actionOf(drafts, 'cancelSchedule')
  t.match(cancel, { kind: 'call', method: 'DELETE', when: { field: 'schedule', equals: 'scheduled' }, confirmKey: String }, 'Cancel schedule is offered while one waits, and asks first')
  t.match(await callRow(admin, cancel, listed), { status: 200, json: { state: 'cancelled' } }, 'and cancels it')
  t.match((await read(admin, drafts)).rows.find((r) => r.id === started.id), { schedule: 'cancelled', scheduleReason: 'cancelled' }, 'the table says it was cancelled')

  // Download (tar): the client saves the answer read as text, which keeps a tar of UTF-8 files byte for byte.
  const download = actionOf(versions, 'downloadTree')
  t.match(download, { kind: 'download', method: 'GET', fileName: 'menus.tar' }, 'each version has Download (tar)')
  if (download?.kind !== 'download') throw new Error('no Download action')
  const one = (await read(admin, versions)).rows.find((r) => r.number === 1)!
  const tree = await fetch(serviceUrl + fillPath(download.endpoint, one), { headers: { cookie: admin.cookie } })
  t.equal(tree.headers.get('content-type'), 'application/x-tar', 'it answers the tar of version 1')
  const bytes = new Uint8Array(await tree.clone().arrayBuffer())
  t.same(new TextEncoder().encode(await tree.text()), bytes, 'which survives being read as text')

  // Upload tree: the form's file sent as multipart, as the client sends a form with a file field.
  const upload = widgets.get('uploadTree')
  if (upload?.type !== 'form') throw new Error('no Upload tree form')
  t.same(fileFields(upload), ['tree'], 'Upload tree takes one file')
  t.match(upload.submit, { endpoint: '/ui/config/drafts/upload', method: 'POST' })
  const body = toMultipart(submitPayload(upload, { message: 'from git' }, {}), new Map([['tree', new File([bytes], 'menus.tar')]]), fileFields(upload))
  const sent = await fetch(serviceUrl + upload.submit!.endpoint, { method: 'POST', headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf, 'x-forwarded-for': admin.ip }, body })
  t.equal(sent.status, 200, 'the downloaded tree uploads')
  const made = await sent.json() as { id: number }
  t.match((await read(admin, drafts)).rows.find((r) => r.id === made.id), { message: 'from git', author: 'admin', revision: 1 }, 'as a new draft in the Drafts table')
})
