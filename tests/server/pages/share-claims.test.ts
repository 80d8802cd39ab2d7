import t from 'tap'
import { buildProduct } from '../../helpers/build.ts'
import { Browser } from '../../helpers/http-browser.ts'

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
  t.same(company.widgets.map((w) => w.id), ['intro', 'filters', 'holders'])
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
