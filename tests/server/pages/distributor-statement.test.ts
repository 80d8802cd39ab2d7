import t from 'tap'
import { buildProduct } from '../../helpers/build.ts'
import { testClock } from '../../helpers/clock.ts'
import { eventually } from '../../helpers/eventually.ts'
import { Browser } from '../../helpers/http-browser.ts'
import type { DataBinding } from '../../../schemas/widgets.ts'

// Issue #39: the distributor's statement on Out Setting 3. admin throws 0.50 Big of 7586 to a distributor, 7586 takes 1st prize, and
// after finalising the statement says, to the cent, what was thrown, what the distributor owes back (the throw's settled payout) and
// the net; pending draws are listed, not counted. The staff admin ops reads the company's; another level is refused; a partner sees its own.

interface Column { field: string, labelKey: string, statusLabels?: Record<string, string> }
interface Widget { type: string, id: string, data?: DataBinding, columns?: Column[], sumsPath?: string, fields?: Array<{ name: string, defaultFrom?: { from: string, name: string } }>, rowActions?: Array<{ id: string, kind: string, to?: string }> }
interface Statement { DistributorId: number, Shared: boolean, Game: string, rows: Array<Record<string, unknown>>, totals: Record<string, unknown> }
const cents = (x: unknown) => Math.round(Number(x) * 100)

async function page (browser: Browser): Promise<Widget[]> {
  const answer = await browser.get('/ui/pages?path=%2Foutset%2FoutSetting3')
  if (answer.status !== 200) throw new Error(`Out Setting 3: ${answer.status} ${answer.text}`)
  return answer.json.widgets as Widget[]
}
const widget = (widgets: Widget[], id: string) => {
  const found = widgets.find((w) => w.id === id)
  if (!found) throw new Error(`no widget ${id} in ${widgets.map((w) => w.id).join(', ')}`)
  return found
}
/** The URL the statement table calls with these page filter values, as the client resolves its filter-bound parameters. */
function boundUrl (binding: DataBinding, filters: Record<string, string>): string {
  const params = new URLSearchParams()
  for (const [name, source] of Object.entries(binding.params ?? {})) {
    const value = source.from === 'filter' ? filters[source.name] : undefined
    if (value !== undefined && value !== '') params.set(name, value)
  }
  return `${binding.endpoint}?${params.toString()}`
}

t.test('the distributor\'s statement: thrown stake, payout owed back and net per finalised draw, through the service', async (t) => {
  const clock = testClock()
  const { serviceUrl } = await buildProduct(t, { now: clock.now })
  const [admin, ops, ag2, mem1] = [new Browser(serviceUrl), new Browser(serviceUrl), new Browser(serviceUrl), new Browser(serviceUrl)]
  for (const [browser, user] of [[admin, 'admin'], [ops, 'ops'], [ag2, 'ag2'], [mem1, 'mem1']] as const) t.equal((await browser.login(user)).status, 200, `${user} signs in`)

  const draw = ((await admin.get('/api/v1/4d/draw/activeLatest')).json.data as Array<{ DrawId: number, DrawDate: string, Series: string }>).find((d) => d.Series === 'SG4D')!
  const drawDate = draw.DrawDate.slice(0, 10)
  const placed = await mem1.post('/api/v1/4d/bet', { DrawIds: [draw.DrawId], Lines: [{ Number: '7586', Big: 1 }] })
  t.equal(placed.status, 200, placed.text)

  const widgets = await page(admin)
  const added = await admin.post('/api/v1/4d/distributors', { Name: 'Statement Outlet' })
  t.equal(added.status, 200, added.text)
  const outlet = added.json.data.DistributorId as number
  const thrown = await admin.post('/api/v1/4d/bet/throw', { DrawId: draw.DrawId, Number: '7586', Big: 0.5, DistributorId: outlet })
  t.equal(thrown.status, 200, thrown.text)

  const table = widget(widgets, 'statement')
  const statementOf = async (browser: Browser, filters: Record<string, string> = {}) => {
    const answer = await browser.get(boundUrl(table.data!, { StatementOf: String(outlet), ...filters }))
    if (answer.status !== 200) throw new Error(`statement: ${answer.status} ${answer.text}`)
    return answer.json.data as Statement
  }

  await t.test('the page: a Statement row action on the distributors list opens the statement, with its filters and table', async (t) => {
    const link = widget(widgets, 'distributors').rowActions!.find((a) => a.id === 'statement')
    t.match(link, { kind: 'link', to: '/outset/outSetting3?StatementOf=:DistributorId' }, 'Statement: the page with the row\'s distributor')
    const filters = widget(widgets, 'statementFilters')
    t.same(filters.fields!.map((f) => f.name), ['StatementOf', 'StatementGame', 'StatementFrom', 'StatementTo'])
    t.same(filters.fields![0]!.defaultFrom, { from: 'query', name: 'StatementOf' }, 'the distributor the link names is chosen')
    t.equal(table.data!.endpoint, '/api/v1/4d/distributors/statement')
    t.same(table.data!.requires, ['DistributorId'], 'nothing is read before a distributor is chosen')
    t.equal(table.sumsPath, 'totals', 'the footer shows the answer\'s totals')
    t.same(table.columns!.map((c) => c.field), ['DrawDate', 'UserId', 'Throws', 'Big', 'Small', 'Units', 'Stake', 'Payout', 'Net', 'Side', 'Status'])
    for (const lang of ['en', 'zh']) {
      const catalogue = (await admin.get(`/ui/i18n/${lang}`)).json
      const labelOf = (key: string) => key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], catalogue)
      const keys = [...table.columns!.flatMap((c) => [c.labelKey, ...Object.values(c.statusLabels ?? {})]), 'page.outsetOutSetting3.statement', 'page.outsetOutSetting3.statementTitle']
      const missing = keys.filter((key) => typeof labelOf(key) !== 'string' || labelOf(key) === '')
      t.same(missing, [], `${lang}: every label of the statement is worded`)
    }
    t.equal((await page(ops)).some((w) => w.id === 'statement'), true, 'the staff admin ops is served it too')
  })

  await t.test('before finalising the draw is pending: listed, not counted', async (t) => {
    const s = await statementOf(admin)
    t.match(s, { DistributorId: outlet, Shared: false, Game: '4D' })
    t.match(s.rows, [{ DrawId: draw.DrawId, DrawDate: drawDate, UserId: 'admin', Throws: 1, Big: 0.5, Small: 0, Stake: 0.5, Payout: null, Net: null, Side: null, Status: 'pending' }])
    t.match(s.totals, { Draws: 0, Stake: 0, Payout: 0, Net: 0, PendingDraws: 1, PendingStake: 0.5 })
  })

  t.equal((await admin.request('PUT', `/api/v1/4d/draw/${draw.DrawId}/close`, { body: { DrawId: draw.DrawId } })).status, 200, 'betting closed')
  const result = { DrawId: draw.DrawId, First: '7586', Second: '5678', Third: '9012', Starters: '0101 0202 0303 0404 0505 0606 0707 0808 0909 1010', Consolations: '2020 3030 4040 6060 7070 8080 9090 1919 2929 3939' }
  const entered = await admin.post('/api/v1/4d/draw/result', result)
  t.equal(entered.status, 200, entered.text)
  t.equal((await admin.post('/api/v1/4d/result/r5', { DrawId: draw.DrawId })).status, 200, 'finalising started')
  await eventually(async () => {
    const status = (await admin.get(`/api/v1/4d/result/r5/${draw.DrawId}/status`)).json?.data
    return status?.IsFinalised === true || status?.Status === 'done'
  }, { within: 60_000, what: 'the finalise job' })

  await t.test('after finalising: what the distributor owes back and the net, to the cent, as the throw list and Report Out settle it', async (t) => {
    const s = await statementOf(admin)
    t.match(s.rows, [{ DrawId: draw.DrawId, UserId: 'admin', Throws: 1, Big: 0.5, Stake: 0.5, Payout: 1000, Net: -999.5, Side: 'distributor', Status: 'settled' }],
      '0.50 Big thrown, 1st prize at 2,000: the distributor owes 1,000.00 back, 999.50 net')
    t.match(s.totals, { Draws: 1, Throws: 1, Big: 0.5, Stake: 0.5, Payout: 1000, Net: -999.5, Side: 'distributor', PendingDraws: 0, PendingStake: 0 })
    t.equal(cents(s.totals.Stake) - cents(s.totals.Payout), cents(s.totals.Net), 'net = stake − payout, in cents')
    const listed = (await admin.get(`/api/v1/4d/bet/throw?DrawId=${draw.DrawId}`)).json.data as Array<{ DistributorId: number, Payout: number }>
    t.equal(cents(s.totals.Payout), listed.filter((r) => r.DistributorId === outlet).reduce((sum, r) => sum + cents(r.Payout), 0), 'the throws\' settled payouts, not worked out again')
    const out = (await admin.get(`/api/v1/4d/reportOutFull?DrawId=${draw.DrawId}`)).json.data.rows as Array<{ Number: string, Form: string, AmountOut: number, OutStrike: number }>
    const throwRow = out.find((r) => r.Number === '7586' && r.Form === 'throw')
    t.match({ stake: cents(throwRow?.AmountOut), payout: cents(throwRow?.OutStrike) }, { stake: cents(s.totals.Stake), payout: cents(s.totals.Payout) }, 'Report Out\'s throw row says the same')
  })

  await t.test('filters: game, draw dates; a reversed range is refused', async (t) => {
    t.same((await statementOf(admin, { StatementGame: 'TOTO' })).rows, [], 'no TOTO throws to it')
    t.equal((await statementOf(admin, { StatementFrom: drawDate, StatementTo: drawDate })).rows.length, 1, 'the draw\'s own date')
    t.same((await statementOf(admin, { StatementFrom: '2030-01-03' })).rows, [], 'a range after it')
    const reversed = await admin.get(boundUrl(table.data!, { StatementOf: String(outlet), StatementFrom: '2030-01-05', StatementTo: '2030-01-01' }))
    t.match({ status: reversed.status, code: reversed.json.code }, { status: 400, code: 'GA_PERIOD_REVERSED' })
  })

  await t.test('the staff admin ops reads the company\'s statement', async (t) => {
    const s = await statementOf(ops)
    t.match(s, { DistributorId: outlet, Shared: false })
    t.match(s.totals, { Stake: 0.5, Payout: 1000, Net: -999.5 })
  })

  await t.test('another level\'s distributor is refused; a partner sees only its own throws', async (t) => {
    const refused = await ag2.get(boundUrl(table.data!, { StatementOf: String(outlet) }))
    t.match({ status: refused.status, code: refused.json.code }, { status: 404, code: 'GA_DISTRIBUTOR_NOT_FOUND' }, 'ag2 may not read admin\'s distributor')
    const mine = await ag2.post('/api/v1/4d/distributors', { Name: 'ag2 Outlet' })
    const other = await admin.get(boundUrl(table.data!, { StatementOf: String(mine.json.data.DistributorId) }))
    t.match({ status: other.status, code: other.json.code }, { status: 404, code: 'GA_DISTRIBUTOR_NOT_FOUND' }, 'nor admin ag2\'s')
    t.equal((await admin.request('PUT', `/api/v1/4d/distributors/${outlet}/partners`, { body: { UserIds: ['ag2'] } })).status, 200, 'admin shares it with ag2')
    const shared = await statementOf(ag2)
    t.match(shared, { Shared: true, rows: [] }, 'ag2 threw nothing to it: none of admin\'s throws show')
    t.match(shared.totals, { Stake: 0, Payout: 0, Net: 0 })
  })
})
