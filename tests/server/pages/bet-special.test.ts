import t from 'tap'
import { buildProduct } from '../../helpers/build.ts'
import { Browser } from '../../helpers/http-browser.ts'
import { eventually } from '../../helpers/eventually.ts'
import { urlOf, widgetsOf } from '../../helpers/page-data.ts'
import { catalogueOf, gameApiAs } from './report-tables.ts'
import { submitPayload } from '../../../client/src/renderers/lib/formSubmit.ts'
import { jobPhase, statusUrl } from '../../../client/src/renderers/lib/job.ts'
import type { FormWidget, JobWidget, Widget as ServedWidget } from '../../../schemas/widgets.ts'

// OutSet › Bet Special over HTTP through the service: both settings saved with the page's forms, the special bet generated with its job widget.
const product = await buildProduct(t)
const url = product.serviceUrl

interface Widget {
  type: string
  id: string
  load?: { endpoint: string }
  fields?: Array<{ name: string }>
  submit?: { endpoint: string, method: string }
  start?: { endpoint: string, method: string }
  status?: { endpoint: string }
}
interface Page { titleKey: string, widgets: Widget[] }

const widget = (p: Page, id: string) => {
  const found = p.widgets.find((w) => w.id === id)
  if (!found) throw new Error(`no widget ${id} in ${p.widgets.map((w) => w.id).join(', ')}`)
  return found
}

t.test('admin saves both settings and generates the special bet for mem1 with the page\'s widgets', async (t) => {
  const admin = new Browser(url)
  t.equal((await admin.login('admin')).status, 200)
  const answer = await admin.get('/ui/pages?path=%2Foutset%2FbetSpecial')
  t.equal(answer.status, 200, answer.text)
  const p = answer.json as Page
  t.same(p.widgets.map((w) => w.id), ['intro', 'setting1', 'setting2', 'filters', 'generate'])
  const one = widget(p, 'setting1')
  t.same(one.fields!.map((f) => f.name), ['Patterns', 'NumbersText', 'Big', 'Small'])
  const loaded = await admin.get(one.load!.endpoint)
  t.match(loaded.json.data, { Patterns: [], NumbersText: '', Big: 0, Small: 0 }, 'the form loads the setting')
  const saved = await admin.request(one.submit!.method, one.submit!.endpoint, { body: { Patterns: ['QUAD'], NumbersText: '1234, 2345  1234', Big: 1, Small: 0.5 } })
  t.equal(saved.status, 200, saved.text)
  t.match(saved.json.data.Setting1, { Numbers: ['1234', '2345'], NumbersText: '1234 2345', Count: 12 })
  const bad = await admin.request(one.submit!.method, one.submit!.endpoint, { body: { NumbersText: '1234 567' } })
  t.same([bad.status, bad.json.code, bad.json.params], [400, 'GA_BAD_OUT_NUMBER', ['567', 'a 4-digit number such as 1234']], 'a short number is refused')
  const two = widget(p, 'setting2')
  t.match((await admin.get(two.load!.endpoint)).json.data, { UserId: 'admin', Series: 'SG4D', SkipPlaced: true, MaxStake: 0 })
  t.equal((await admin.request(two.submit!.method, two.submit!.endpoint, { body: { UserId: 'mem1', Series: 'SG4D', SkipPlaced: true, MaxStake: 6 } })).status, 200)

  const job = widget(p, 'generate')
  const started = await admin.request(job.start!.method, job.start!.endpoint, { body: {} })
  t.equal(started.status, 200, started.text)
  t.equal(started.json.data.Lines, 4, 'MaxStake 6 at $1.50 a number: 4 numbers')
  let status: { Status?: string, Message?: string, TicketNo?: string } = {}
  for (let i = 0; i < 40 && status.Status !== 'done' && status.Status !== 'failed'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    status = (await admin.get(job.status!.endpoint.replace('{jobId}', String(started.json.data.JobId)))).json.data
  }
  t.match(status, { Status: 'done', TicketNo: /^D\d{8}$/, Message: /for mem1: 4 special numbers, stake 6\.00\.$/ })
  const again = await admin.request(job.start!.method, job.start!.endpoint, { body: {} })
  t.same([again.status, again.json.code], [409, 'GA_BET_SPECIAL_DONE'])
})

t.test('the page and its calls follow the OutSet rule, at a 4D location only', async (t) => {
  const ag1 = new Browser(url)
  await ag1.login('ag1')
  t.equal((await ag1.get('/ui/pages?path=%2Foutset%2FbetSpecial')).status, 403, 'ag1 holds no OutSet')
  t.equal((await ag1.get('/api/v1/4d/getBetSpecialSetting1')).status, 403)
  const ag2 = new Browser(url)
  await ag2.login('ag2')
  t.equal((await ag2.get('/ui/pages?path=%2Foutset%2FbetSpecial')).status, 200, 'ag2 holds OutSet')
  t.equal((await ag2.put('/ui/session/location', { LocId: 'TT' })).status, 200)
  t.equal((await ag2.get('/ui/pages?path=%2Foutset%2FbetSpecial')).status, 403, 'not at a TOTO location')
})

// Moved from the browser tier (issue #40): admin ticks Quads and types Big 1 on setting 1's form, then the job widget places the
// special ticket for mem1. Setting 2 through the game API, as there: the ticket is mem1's (admin, the top, holds no credit of its
// own to bet with). The first test left setting 1's numbers, Small and setting 2's MaxStake set and took the default draw's
// special bet: those are set back to a fresh product's (no numbers, Small 0, no cap) with setting 2, and the job runs on another open draw.
t.test('admin saves setting 1 with the page\'s form and generates the special bet with the job widget', async (t) => {
  const api = await gameApiAs(product.gameApiUrl, 'admin')
  await api('4d/updateBetSpecialSetting', 'PUT', { UserId: 'mem1', SkipPlaced: false, MaxStake: 0, NumbersText: '', Small: 0 })
  const admin = new Browser(url)
  await admin.login('admin')
  const say = await catalogueOf(admin)
  const widgets = new Map(widgetsOf((await admin.get('/ui/pages?path=%2Foutset%2FbetSpecial')).json.widgets as ServedWidget[]).map((w) => [w.id, w]))
  const one = widgets.get('setting1') as FormWidget
  const quads = (one.fields.find((f) => f.name === 'Patterns') as { options: Array<{ value: string, labelKey: string }> }).options.find((o) => say(o.labelKey) === 'Quads (AAAA, 10)')!
  t.equal(say(one.fields.find((f) => f.name === 'Big')!.labelKey), 'Big per number', 'the field typed in')
  const loaded = (await admin.get(urlOf(one.load!))).json.data as Record<string, unknown>
  const saved = await admin.request(one.submit!.method, one.submit!.endpoint, { body: submitPayload(one, { ...loaded, Patterns: [quads.value], Big: 1 } as never, {}) })
  t.equal(say(one.submit!.successKey), 'Setting saved.', saved.text)
  t.match(await api('4d/getBetSpecialSetting1'), { Patterns: ['QUAD'], Big: 1, Count: 10 }, 'the form saved setting 1')

  const draws = (await admin.get((widgets.get('filters') as { fields: Array<{ data: { endpoint: string } }> }).fields[0]!.data.endpoint)).json.data as Array<{ DrawId: number, Series: string }>
  const job = widgets.get('generate') as JobWidget
  const started = await admin.request(job.start.method ?? 'PUT', job.start.endpoint, { body: { DrawId: draws.filter((d) => d.Series === 'SG4D').at(-1)!.DrawId } })
  const last = await eventually(async () => { const a = (await admin.get(statusUrl(job.status, started.json.data))).json.data; return jobPhase(a, job.status).phase !== 'running' && a }, { within: 20_000, every: 100, what: `the special bet job (${started.text})` })
  t.match(say(job.result!.key).replace('{{message}}', String(last.Message)), /^Finished: Placed ticket D\d{8} for mem1: 10 special numbers, stake 10\.00\.$/)
})
