import t from 'tap'
import { buildProduct } from '../../helpers/build.ts'
import { testClock } from '../../helpers/clock.ts'
import { Browser, signedIn } from '../../helpers/http-browser.ts'
import { pathOf } from '../../helpers/page-data.ts'
import { catalogueOf, cents, fieldHeaded, gameApiAs, pageOf, read, tableOf, type Row } from './report-tables.ts'
import { formatMoney, formatPercent } from '../../../client/src/renderers/lib/tableModel.ts'
import { SAMPLE_RESULT } from '../../helpers/result-file.ts'

// The share-claim pages (Control › Share Claim, Share Claim Setting, Share Claim Company, and Report › Share Claim (Company))
// over HTTP through the service: each served by its menu rule, calling what its descriptor names.
const product = await buildProduct(t)
const url = product.serviceUrl

interface Field { name: string, optionsFrom?: { data: { endpoint: string, method?: string } } }
interface Form { id: string, fields: Field[], submit: { endpoint: string, method: string } }
interface Action { id: string, kind: string, endpoint?: string, method?: string, form?: Form }
interface Widget { type: string, id: string, fields?: Field[], submit?: { endpoint: string, method: string }, data?: { endpoint: string }, rowActions?: Action[] }
interface Page { titleKey: string, widgets: Widget[] }

async function page (browser: Browser, path: string): Promise<Page> {
  const answer = await browser.get(`/ui/pages?path=${encodeURIComponent(path)}`)
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.text}`)
  return answer.json as Page
}
const widget = (p: Page, id: string) => {
  const found = p.widgets.find((w) => w.id === id)
  if (!found) throw new Error(`no widget ${id} in ${p.widgets.map((w) => w.id).join(', ')}`)
  return found
}
const action = (w: Widget, id: string) => {
  const found = w.rowActions?.find((a) => a.id === id)
  if (!found) throw new Error(`no row action ${id} on ${w.id}`)
  return found
}
const period = { DrawFrom: '2020-01-01', DrawTo: '2099-12-31' }

t.test('Share Claim: admin records a claim on ag1, imports it into a claim-back and settles it, all through the page\'s calls', async (t) => {
  const admin = new Browser(url)
  t.equal((await admin.login('admin')).status, 200)
  const p = await page(admin, '/control/shareClaim')
  t.equal(p.titleKey, 'page.controlShareClaim.title')
  t.same(p.widgets.map((w) => w.id), ['intro', 'filters', 'downline', 'generate', 'claims', 'claimBacks'])
  const live = await admin.get(`${widget(p, 'downline').data!.endpoint}?DrawFrom=${period.DrawFrom}&DrawTo=${period.DrawTo}`)
  t.equal(live.status, 200, live.text)
  const ag1 = live.json.data.rows.find((r: { UserId: string }) => r.UserId === 'ag1')
  t.equal(Math.round((ag1.DownlineShare + ag1.Claim) * 100), Math.round(ag1.WinLoss * 100), 'ag1\'s group holds the rest of its win/loss')
  const record = action(widget(p, 'downline'), 'record').form!
  const recorded = await admin.request(record.submit.method, record.submit.endpoint, { body: { DownlineId: 'ag1', ...period } })
  t.equal(recorded.status, 200, recorded.text)
  t.equal(recorded.json.data[0].Claim, ag1.Claim, 'the recorded claim is the live one')
  const generate = widget(p, 'generate').submit!
  const generated = await admin.request(generate.method, generate.endpoint, { body: period })
  t.equal(generated.status, 200, generated.text)
  t.ok(generated.json.data.Claims >= 4)

  const importForm = action(widget(p, 'claims'), 'claimBack').form!
  const options = importForm.fields.find((f) => f.name === 'ClaimIds')!.optionsFrom!.data
  const offered = await admin.request(options.method ?? 'GET', options.endpoint, { body: { DownlineId: 'ag1' } })
  t.equal(offered.status, 200, offered.text)
  const claim = offered.json.data.Claims.find((c: { DrawFrom: string }) => c.DrawFrom === period.DrawFrom)
  t.match(claim.Label, /^ag1 2020-01-01\.\.2099-12-31: -?\d+\.\d\d$/)
  // A multiselect sends its option values as text.
  const imported = await admin.request(importForm.submit.method, importForm.submit.endpoint, { body: { ClaimIds: [String(claim.ClaimId)], Remarks: 'all time' } })
  t.equal(imported.status, 200, imported.text)
  const settle = action(widget(p, 'claimBacks'), 'settle')
  const settled = await admin.request(settle.method!, settle.endpoint!, { body: { ClaimBackId: imported.json.data.ClaimBackId } })
  t.equal(settled.status, 200, settled.text)
  const backs = await admin.get(widget(p, 'claimBacks').data!.endpoint)
  t.match(backs.json.data, [{ UserId: 'ag1', Status: 'settled', Remarks: 'all time', Amount: claim.Claim }])
  const del = action(widget(p, 'claims'), 'delete')
  t.equal(del.endpoint, '/api/v1/4d/shareClaim/:ClaimId')
})

t.test('Share Claim Setting: admin lets ag2 see Share Claim (Company); the Report item follows', async (t) => {
  const ag2 = new Browser(url)
  await ag2.login('ag2')
  const items = async () => ((await ag2.get('/ui/session')).json.menu as Array<{ items: Array<{ path: string }> }>).flatMap((g) => g.items.map((i) => i.path))
  t.notOk((await items()).includes('/control/shareClaimCompany'), 'ag2 (dEnableViewShareClaim 0) has no Share Claim (Company) item')
  t.equal((await ag2.get('/ui/pages?path=%2Fcontrol%2FshareClaimCompany')).status, 403)
  t.equal((await ag2.get('/api/v1/4d/selectReportShareClaim')).status, 403, 'nor its call')

  const admin = new Browser(url)
  await admin.login('admin')
  const p = await page(admin, '/control/shareClaimSetting')
  const rows = await admin.get(widget(p, 'settings').data!.endpoint)
  t.match(rows.json.data.find((r: { UserId: string }) => r.UserId === 'ag2'), { dShare: 0, tShare: 0.3, dEnableViewShareClaim: 0 })
  const edit = action(widget(p, 'settings'), 'edit').form!
  t.same(edit.fields.map((f) => f.name), ['UserId', 'dEnableViewShareClaim'])
  const saved = await admin.request(edit.submit.method, edit.submit.endpoint, { body: { UserId: 'ag2', dEnableViewShareClaim: '1' } })
  t.equal(saved.status, 200, saved.text)

  const again = new Browser(url)
  await again.login('ag2')
  const menu = ((await again.get('/ui/session')).json.menu as Array<{ items: Array<{ path: string }> }>).flatMap((g) => g.items.map((i) => i.path))
  t.ok(menu.includes('/control/shareClaimCompany'), 'signed in again, ag2 has the Report item')
  const company = await page(again, '/control/shareClaimCompany')
  const view = await again.get(`${widget(company, 'holders').data!.endpoint}?DrawFrom=${period.DrawFrom}&DrawTo=${period.DrawTo}`)
  t.equal(view.status, 200, view.text)
  t.equal((await admin.request(edit.submit.method, edit.submit.endpoint, { body: { UserId: 'ag2', dEnableViewShareClaim: 0 } })).status, 200, 'put back')
})

t.test('Share Claim (Company) for ag1: the Report item, its page and call; the Control pages stay closed', async (t) => {
  const ag1 = new Browser(url)
  await ag1.login('ag1')
  const report = ((await ag1.get('/ui/session')).json.menu as Array<{ items: Array<{ path: string }> }>).flatMap((g) => g.items.map((i) => i.path))
  t.ok(report.includes('/control/shareClaimCompany'), 'ag1 (dEnableViewShareClaim 1) has the item')
  const company = await page(ag1, '/control/shareClaimCompany')
  t.same(company.widgets.map((w) => w.id), ['intro', 'filters', 'holders', 'shareMix'])
  const view = await ag1.get(widget(company, 'holders').data!.endpoint)
  t.equal(view.status, 200, view.text)
  const rows = view.json.data.rows as Array<{ Holder: string, WinLoss: number, Part: number }>
  t.same(rows.map((r) => r.Holder).filter((h) => h !== 'DOWNLINE'), ['ag1', 'admin'])
  t.equal(rows.reduce((s, r) => s + Math.round(r.WinLoss * 100), 0), Math.round(view.json.data.WinLoss * 100), 'the holders add up to the group\'s win/loss')
  for (const path of ['/control/shareClaim', '/control/shareClaimSetting']) t.equal((await ag1.get(`/ui/pages?path=${encodeURIComponent(path)}`)).status, 403, `${path} is admin's`)
  t.equal((await ag1.get('/api/v1/4d/reportDownLine')).status, 403, 'and so are its calls')
  t.equal((await ag1.get('/api/v1/4d/dMemberByShare')).status, 403)

  const clerk = new Browser(url)
  await clerk.login('clerk')
  t.equal((await clerk.get('/ui/pages?path=%2Fcontrol%2FshareClaim')).status, 403, 'an admin without DrawSetting')
  const ops = new Browser(url)
  await ops.login('ops')
  t.equal((await ops.get('/ui/pages?path=%2Fcontrol%2FshareClaim')).status, 200, 'an admin granted DrawSetting')
})

// Moved from the browser tier (tests/e2e/pages/share-claim.test.ts): a finalised draw's Share Claim (Company) for ag1, and
// admin's claim on ag1 for it imported into a claim-back and settled on Control › Share Claim, as the pages read and call them.
/** A catalogue text as the page shows it, with a $t(key) reference followed. */
const worded = (say: (key: string) => string) => (key: string): string => {
  const text = say(key)
  const ref = /^\$t\((.+)\)$/.exec(text)
  return ref ? worded(say)(ref[1]!) : text
}
interface ImportAction {
  when: { field: string, equals: unknown }
  form: { fields: Array<{ name: string, labelKey: string, optionsFrom: { data: { endpoint: string, method?: string, dataPath: string, params: Record<string, { from: string, name: string }> } } }>, submit: { endpoint: string, method: string, labelKey: string } }
}
type MenuView = Array<{ key: string, label: string, items: Array<{ label: string, path: string }> }>
const itemOf = async (browser: Browser, group: string, label: string, say: (key: string) => string) =>
  ((await browser.get('/ui/session')).json.menu as MenuView).find((g) => g.key === group)?.items.find((i) => say(i.label) === label)?.path

t.test('ag1\'s Share Claim (Company) for a finalised draw: the holders add up to 100 % of its group\'s win/loss; admin settles its claim on ag1', async (t) => {
  const clock = testClock()
  const product = await buildProduct(t, { now: clock.now })
  const mem3 = await gameApiAs(product.gameApiUrl, 'mem3')
  const draw = (await mem3('4d/draw/activeLatest') as Array<{ DrawId: number, Series: string, CloseDate: string }>).find((d) => d.Series === 'SG4D')!
  // 1234 takes 1st prize, 2211 a consolation, 9876 nothing: the group both wins and loses on this draw.
  await mem3('4d/bet', 'POST', { DrawIds: [draw.DrawId], Lines: [{ Number: '1234', Big: 1 }, { Number: '2211', Small: 3 }, { Number: '9876', Big: 5, Small: 5 }] })

  clock.set(new Date(Date.parse(draw.CloseDate) + 60_000).toISOString())
  const gameAdmin = await gameApiAs(product.gameApiUrl, 'admin')
  await gameAdmin('4d/draw/result', 'POST', { DrawId: draw.DrawId, Result: SAMPLE_RESULT })
  t.equal((await gameAdmin('4d/draw', 'PUT', { DrawId: draw.DrawId, IsFinalised: true })).IsFinalised, true, 'the draw is finalised')
  const full = await (await gameApiAs(product.gameApiUrl, 'ag1'))(`4d/reportFull?DrawId=${draw.DrawId}`) as { totals: { Stake: number, Strike: number } }
  const winLoss = cents(full.totals.Stake) - cents(full.totals.Strike)
  t.ok(full.totals.Strike > 0, 'the group won prizes in this draw')

  const ag1 = await signedIn(product.serviceUrl, 'ag1')
  const say = worded(await catalogueOf(ag1))
  t.equal(await itemOf(ag1, 'report', 'Share Claim (Company)', say), '/control/shareClaimCompany', 'ag1\'s Report menu has Share Claim (Company)')
  const holders = tableOf(await pageOf(ag1, '/control/shareClaimCompany'), 'holders')
  // The page opened with ?DrawId= has the draw chosen in its filter (defaultFrom the query).
  const shown = await read(ag1, holders, { DrawId: String(draw.DrawId) })
  const holder = fieldHeaded(holders, 'Holder', say)
  const held = fieldHeaded(holders, 'Win/loss held', say)
  const names = shown.rows.map((r) => String(r[holder]))
  t.ok(names.includes('ag1') && names.includes('admin'), `ag1 (half of what reaches it, up to its limit) and the company hold parts: ${names.join(', ')}`)
  t.equal(formatMoney(shown.footer[held]!), formatMoney(winLoss / 100), `the page's win/loss is the group's stake less its payout (${winLoss / 100})`)
  t.equal(shown.rows.reduce((s, r) => s + cents(r[held]), 0), winLoss, 'the holders\' parts add up to it, to the cent')
  t.equal(formatPercent(shown.footer[fieldHeaded(holders, 'Part', say)]!), '100.00%', 'and to 100 %')

  await t.test('admin imports its claim on ag1 for the draw into a claim-back and settles it on Control › Share Claim', async (t) => {
    const claim = (await gameAdmin('4d/shareClaim', 'POST', { DownlineId: 'ag1', DrawId: draw.DrawId }))[0] as { ClaimId: number, Claim: number }
    const admin = await signedIn(product.serviceUrl, 'admin')
    const say = worded(await catalogueOf(admin))
    // Two menu items read Share Claim…: the Control group's is the one named exactly so.
    t.equal(await itemOf(admin, 'control', 'Share Claim', say), '/control/shareClaim', 'Control › Share Claim')
    const widgets = await pageOf(admin, '/control/shareClaim')
    const claims = tableOf(widgets, 'claims')
    const status = (table: typeof claims, row: Row) => say(table.columns.find((c) => c.field === 'Status')!.statusLabels![String(row.Status)]!)
    const row = (await read(admin, claims)).rows.find((r) => r.UserId === 'ag1' && status(claims, r) === 'Open' && r.ClaimId === claim.ClaimId)!
    const claimBack = claims.rowActions!.find((a) => say((a as { labelKey?: string }).labelKey ?? '') === 'Claim back') as unknown as ImportAction
    t.equal(row[claimBack.when.field], claimBack.when.equals, 'the open claim\'s row offers Claim back')
    const choice = claimBack.form.fields.find((f) => say(f.labelKey) === 'Claims to settle together')!
    const body = Object.fromEntries(Object.entries(choice.optionsFrom.data.params).map(([name, source]) => [name, row[source.name]]))
    const offered = await admin.request(choice.optionsFrom.data.method ?? 'GET', choice.optionsFrom.data.endpoint, { body })
    t.ok((pathOf(offered.json.data, choice.optionsFrom.data.dataPath) as Array<{ ClaimId: number }>).some((c) => c.ClaimId === claim.ClaimId), 'the dialog offers the claim')
    t.equal(say(claimBack.form.submit.labelKey), 'Import')
    // A multiselect sends its option values as text.
    const imported = await admin.request(claimBack.form.submit.method, claimBack.form.submit.endpoint, { body: { [choice.name]: [String(claim.ClaimId)] } })
    t.equal(imported.status, 200, imported.text)
    const backs = tableOf(widgets, 'claimBacks')
    const back = (await read(admin, backs)).rows.find((r) => r.UserId === 'ag1' && status(backs, r) === 'In a claim-back')!
    const settle = backs.rowActions!.find((a) => say((a as { labelKey?: string }).labelKey ?? '') === 'Settle') as unknown as { endpoint: string, method: string, rowParams: Record<string, string> }
    const settled = await admin.request(settle.method, settle.endpoint, { body: Object.fromEntries(Object.entries(settle.rowParams).map(([k, f]) => [k, back[f]])) })
    t.equal(settled.status, 200, settled.text)
    const after = (await read(admin, backs)).rows.find((r) => r.ClaimBackId === back.ClaimBackId)!
    t.match({ UserId: after.UserId, status: status(backs, after), Amount: after.Amount }, { UserId: 'ag1', status: 'Settled', Amount: claim.Claim }, 'the claim-back holds the claim and is settled')
  })
})
