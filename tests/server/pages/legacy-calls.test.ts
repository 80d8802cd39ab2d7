import t from 'tap'
import { type Browser, signedIn } from '../../helpers/http-browser.ts'
import { buildProduct } from '../../helpers/build.ts'
import { pathOf, urlOf, widgetsOf } from '../../helpers/page-data.ts'
import { resultSections } from '../../../client/src/renderers/lib/formAnswer.ts'
import { submitPayload } from '../../../client/src/renderers/lib/formSubmit.ts'
import type { FormWidget, TableWidget, Widget } from '../../../schemas/widgets.ts'

// Issue #39: calls the legacy application offered that no page bound, now on their pages. Through the service as the browser
// calls them: the descriptor a user gets from /ui/pages, then the calls its widgets bind, with that user's session.
// My Profile's bet entry alert (profileFull, PUT betEntryAlert) and what Place Bets then says, Mobile's second number (PUT mobile2),
// Draw Result's list from result/feed, Credit Recalculation's past runs (GET relcalCredit) and Share Claim (Company)'s placed-out
// share per draw (PUT generateReportPlaceOutShareMix).

const { serviceUrl } = await buildProduct(t)
const en = (await (await signedIn(serviceUrl, 'admin')).get('/ui/i18n/en')).json as Record<string, unknown>
const say = (key: string, values: Record<string, unknown> = {}) => String(pathOf(en, key) ?? key).replace(/\{\{(\w+)[^}]*\}\}/g, (_, name: string) => String(values[name] ?? ''))

/** The widgets of a page as the user gets it. */
async function widgets (browser: Browser, path: string): Promise<Widget[]> {
  const answer = await browser.get(`/ui/pages?path=${encodeURIComponent(path)}`)
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.text}`)
  return widgetsOf((answer.json as { widgets: Widget[] }).widgets)
}
const byId = <W extends Widget>(list: Widget[], id: string) => {
  const found = list.find((w) => w.id === id)
  if (!found) throw new Error(`no widget ${id}`)
  return found as W
}

t.test('My Profile sets the bet entry alert; Place Bets names the lines above it', async (t) => {
  const mem1 = await signedIn(serviceUrl, 'mem1')
  const form = byId<FormWidget>(await widgets(mem1, '/admin/profile'), 'betEntryAlert')
  t.match(form, { load: { endpoint: '/api/v1/4d/profileFull' }, submit: { endpoint: '/api/v1/4d/betEntryAlert', method: 'PUT' } })
  const before = await mem1.get(urlOf(form.load!))
  t.equal(before.status, 200, before.text)
  t.equal(before.json.data.BetEntryAlert, null, 'none set: the form starts empty')
  const saved = await mem1.request(form.submit!.method, form.submit!.endpoint, { body: submitPayload(form, { BetEntryAlert: 2 }, {}) })
  t.equal(saved.status, 200, saved.text)
  t.equal(say(form.submit!.successKey!), 'Bet entry alert saved.')
  t.equal((await mem1.get(urlOf(form.load!))).json.data.BetEntryAlert, 2, 'the form loads it again')

  const bet = byId<FormWidget>(await widgets(mem1, '/bet/placeBets/add'), 'placeBet')
  t.match(bet.result, [{ path: 'AlertLines', tone: 'warning' }], 'the place-bets form shows the alert lines of its answer')
  const placed = await mem1.request(bet.submit!.method, bet.submit!.endpoint, { body: { DayCode: '0', Lines: [{ Number: '8642', Big: 1 }, { Number: '1357', Big: 3 }] } })
  t.equal(placed.status, 200, placed.text)
  const shown = resultSections(placed.json.data, bet.result!)
  t.same(shown.map((s) => [say(s.labelKey), ...s.items.map((item) => say(s.itemKey, item))]), [['Above your bet entry alert', 'Line 2']], 'the line of 3 Big, not the line of 1')
})

t.test('Mobile sets the second number', async (t) => {
  const mem1 = await signedIn(serviceUrl, 'mem1')
  const form = byId<FormWidget>(await widgets(mem1, '/admin/mobile'), 'mobile2')
  t.match(form, { load: { endpoint: '/api/v1/4d/profileFull' }, submit: { endpoint: '/api/v1/4d/mobile2', method: 'PUT' } })
  const saved = await mem1.request(form.submit!.method, form.submit!.endpoint, { body: submitPayload(form, { Mobile2: '+6591234567' }, {}) })
  t.equal(saved.status, 200, saved.text)
  t.equal((await mem1.get(urlOf(form.load!))).json.data.Mobile2, '+6591234567', 'loaded back into the form')
  const wrong = await mem1.request(form.submit!.method, form.submit!.endpoint, { body: { Mobile2: 'call me' } })
  t.equal(wrong.status, 400, 'a number that is not one is refused')
})

t.test('Draw Result lists each draw with its whole result from result/feed', async (t) => {
  for (const [locId, path] of [['SG', '/report/drawResult'], ['TT', '/report/tt/drawResult']] as const) {
    const ag1 = await signedIn(serviceUrl, 'ag1')
    t.equal((await ag1.put('/ui/session/location', { LocId: locId })).status, 200)
    const table = byId<TableWidget>(await widgets(ag1, path), 'drawResults')
    t.match(table.data, { endpoint: '/api/v1/4d/result/feed', dataPath: 'rows' })
    t.same(table.columns.map((c) => c.field), ['DrawDate', 'DrawId', 'Series', 'IsFinalised', 'SMSString'], `${locId}: the result after the columns it had`)
    const answer = await ag1.get(urlOf(table.data))
    t.equal(answer.status, 200, answer.text)
    const rows = pathOf(answer.json.data, table.data.dataPath) as Array<{ Series: string, SMSString: string }>
    t.ok(rows.length > 0, `${locId}: the seeded results`)
    t.ok(rows.every((r) => r.SMSString.startsWith(r.Series)), `${locId}: each row's result text, its series first`)
    t.ok(rows.every((r) => locId === 'TT' ? r.Series === 'TOTO' : r.Series !== 'TOTO'), `${locId}: the location's game only`)
  }
})

t.test('Credit Recalculation lists its past runs', async (t) => {
  const admin = await signedIn(serviceUrl, 'admin')
  const list = await widgets(admin, '/utilities/creditRecal')
  const job = byId<Extract<Widget, { type: 'job' }>>(list, 'recalc')
  const started = await admin.request(job.start.method ?? 'POST', job.start.endpoint, { body: {} })
  t.equal(started.status, 200, started.text)
  const table = byId<TableWidget>(list, 'runs')
  t.match(table.data, { endpoint: '/api/v1/4d/relcalCredit' })
  const runs = await admin.get(urlOf(table.data))
  t.equal(runs.status, 200, runs.text)
  t.match(runs.json.data.find((r: { JobId: number }) => r.JobId === started.json.data.JobId), { UserId: 'admin', Status: /queued|running|done/ }, 'the run just started, by its starter')
  t.same(Object.keys(table.columns.find((c) => c.field === 'Status')?.statusLabels ?? {}).sort(), ['done', 'failed', 'queued', 'running'], 'each status said in the user\'s words')
})

t.test('Share Claim (Company) shows the placed-out share per draw', async (t) => {
  const admin = await signedIn(serviceUrl, 'admin')
  const table = byId<TableWidget>(await widgets(admin, '/control/shareClaimCompany'), 'shareMix')
  t.match(table.data, { endpoint: '/api/v1/4d/generateReportPlaceOutShareMix', method: 'PUT', dataPath: 'rows' })
  const answer = await admin.request('PUT', table.data.endpoint, { body: {} })
  t.equal(answer.status, 200, answer.text)
  const rows = pathOf(answer.json.data, table.data.dataPath) as Array<{ WinLoss: number, Kept: number, Upline: number, PlacedOut: number }>
  t.ok(rows.length > 0, 'the seeded settled draws')
  const cents = (n: number) => Math.round(n * 100)
  t.ok(rows.every((r) => cents(r.Kept) + cents(r.Upline) + cents(r.PlacedOut) === cents(r.WinLoss)), 'the parts add up to the win/loss, to the cent')
  const mem1 = await signedIn(serviceUrl, 'mem1')
  t.equal((await mem1.get('/ui/pages?path=%2Fcontrol%2FshareClaimCompany')).status, 403, 'a member does not get the page')
  t.equal((await mem1.request('PUT', table.data.endpoint, { body: {} })).status, 403, 'nor the call')
})
