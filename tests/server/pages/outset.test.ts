import t from 'tap'
import { buildProduct } from '../../helpers/build.ts'
import { eventually } from '../../helpers/eventually.ts'
import { Browser } from '../../helpers/http-browser.ts'

// The OutSet pages (Out Setting, Out Setting 3, Bets In / Bets Out, Throw Number) over HTTP through the service, calling what their descriptors name.
const product = await buildProduct(t)
const url = product.serviceUrl

interface Field { name: string }
interface Submit { endpoint: string, method: string, params?: Record<string, { value?: unknown }> }
interface Widget { type: string, id: string, start?: { endpoint: string, method?: string }, status?: { endpoint: string }, fields?: Field[], submit?: Submit, data?: { endpoint: string, params?: Record<string, { from: string, name?: string }> }, rowActions?: Array<{ id: string, endpoint?: string, method?: string, form?: { submit: Submit } }> }
interface Page { titleKey: string, titleByQuery?: { param: string, titles: Record<string, string> }, breadcrumb?: Array<{ labelKey: string }>, widgets: Widget[] }

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

t.test('Bets In and Bets Out: one page, titled by Choice, bound to an endpoint the game API serves', async (t) => {
  const admin = new Browser(url)
  t.equal((await admin.login('admin')).status, 200)
  const p = await page(admin, '/outset/betsIn')
  t.equal(p.titleKey, 'page.outsetBetsIn.title')
  t.same(p.titleByQuery, { param: 'Choice', titles: { 2: 'page.outsetBetsOut.title' } }, 'Choice=2 (the Bets Out menu item) shows Bets Out')
  t.same(p.widgets.map((w) => w.id), ['intro', 'filters', 'numbers'], 'the 4D table at a 4D location')
  const endpoint = widget(p, 'numbers').data!.endpoint
  t.equal(endpoint, '/api/v1/4d/bet/byDayGroupByNumber')
  for (const choice of [1, 2]) {
    const answer = await admin.get(`${endpoint}?Choice=${choice}&ViewDay=1`)
    t.equal(answer.status, 200, answer.text)
    t.match(answer.json.data, { Choice: choice, UserId: 'admin', rows: Array })
  }
  t.equal((await admin.put('/ui/session/location', { LocId: 'TT' })).status, 200)
  t.same((await page(admin, '/outset/betsIn')).widgets.map((w) => w.id), ['intro', 'filters', 'numbersTT'], 'units at a TOTO location')
  const ag1 = new Browser(url)
  await ag1.login('ag1')
  t.equal((await ag1.get('/ui/pages?path=%2Foutset%2FbetsIn')).status, 403, 'OutSet is needed for the group')
  t.equal((await ag1.get(`${endpoint}?Choice=1`)).status, 403, 'and so for its call')
})

t.test('Out Setting: ag2 saves and clears a limit with the page\'s form and row action', async (t) => {
  const ag2 = new Browser(url)
  await ag2.login('ag2')
  const p = await page(ag2, '/outset/outSetting')
  const form = widget(p, 'limit4d')
  t.same(form.fields?.map((f) => f.name), ['UserId', 'Number', 'Big', 'Small'])
  const saved = await ag2.post(form.submit!.endpoint, { Number: '1234', Big: 20, Small: 10 })
  t.equal(saved.status, 200, saved.text)
  const list = await ag2.get(widget(p, 'limits4d').data!.endpoint)
  t.same(list.json.data, [{ UserId: 'ag2', Number: '1234', Big: 20, Small: 10, Units: null }])
  const clear = widget(p, 'limits4d').rowActions!.find((a) => a.id === 'clear')!
  t.equal((await ag2.request(clear.method!, clear.endpoint!, { body: { UserId: 'ag2', Number: '1234' } })).status, 200)
  t.same((await ag2.get(widget(p, 'limits4d').data!.endpoint)).json.data, [], 'cleared')
})

t.test('Out Setting 3 and Throw Number: admin adds a distributor and throws part of its intake to it', async (t) => {
  const mem1 = new Browser(url)
  await mem1.login('mem1')
  const bet = await mem1.post('/api/v1/4d/bet', { DayCode: '0', Lines: [{ Number: '2468', Big: 30 }] })
  t.equal(bet.status, 200, bet.text)
  const drawId = bet.json.data.Draws[0].DrawId
  const admin = new Browser(url)
  await admin.login('admin')
  const outlets = await page(admin, '/outset/outSetting3')
  const added = await admin.post(widget(outlets, 'addDistributor').submit!.endpoint, { Name: 'East' })
  t.equal(added.status, 200, added.text)
  const throwPage = await page(admin, '/outset/throwNumber')
  t.same(throwPage.widgets.map((w) => w.id), ['intro', 'filters', 'throw4d', 'throws4d', 'throwToto', 'throwsToto'])
  const form = widget(throwPage, 'throw4d')
  const thrown = await admin.post(form.submit!.endpoint, { DrawId: drawId, Number: '2468', Big: 5, DistributorId: added.json.data.DistributorId })
  t.equal(thrown.status, 200, thrown.text)
  const listed = await admin.get(`${widget(throwPage, 'throws4d').data!.endpoint}?DrawId=${drawId}`)
  t.match(listed.json.data, [{ Number: '2468', Big: 5, Distributor: 'East' }])
  const out = await admin.get(`/api/v1/4d/bet/byDayGroupByNumber?Choice=2&DrawId=${drawId}`)
  t.match(out.json.data.rows.find((r: { Form: string }) => r.Form === 'throw'), { Number: '2468', Big: 5, To: 'East' }, 'Bets Out shows the throw')
  for (const path of ['/bet/outBets', '/report/out']) {
    const outTable = (await page(admin, path)).widgets.find((w) => w.type === 'table')!
    const report = await admin.get(`${outTable.data!.endpoint}?DrawId=${drawId}`)
    t.match(report.json.data.rows.find((r: { Form: string }) => r.Form === 'throw'), { Number: '2468', BigOut: 5, SmallOut: 0, AmountOut: 5, OutStrike: 0 }, `${path}: the throw left the company's book (it wins nothing until the draw is settled)`)
  }
  const ag1 = new Browser(url)
  await ag1.login('ag1')
  const ag1Out = (await ag1.get(`/api/v1/4d/reportOutFull?DrawId=${drawId}`)).json.data.rows as Array<{ Number: string, Form: string }>
  t.ok(ag1Out.some((r) => r.Number === '2468' && r.Form === 'straight'), 'ag1: what its level passed up')
  t.notOk(ag1Out.some((r) => r.Form === 'throw'), 'but not the company\'s throw, made above it')
  const takeBack = widget(throwPage, 'throws4d').rowActions!.find((a) => a.id === 'delete')!
  const removed = await admin.request(takeBack.method!, `${takeBack.endpoint!}?ThrowIds=${thrown.json.data.ThrowId}`)
  t.equal(removed.status, 200, removed.text)
  t.same(removed.json.data, { Deleted: 1 })
  t.equal(widget(throwPage, 'throwToto').submit!.params?.Game?.value, 'TOTO', 'the TOTO form throws TOTO at a 4D location')
})

t.test('Out Setting 2: the numbers above and at the limit, for ag2\'s own level', async (t) => {
  const ag2 = new Browser(url)
  await ag2.login('ag2')
  const p = await page(ag2, '/outset/outSetting2')
  t.same(p.widgets.map((w) => w.id), ['intro', 'filters', 'process', 'process2', 'exceed', 'full'])
  for (const id of ['exceed', 'full']) {
    const answer = await ag2.get(widget(p, id).data!.endpoint)
    t.equal(answer.status, 200, answer.text)
    t.match(answer.json.data, { UserId: 'ag2', rows: Array })
  }
  const outlet = await ag2.post('/api/v1/4d/distributors', { Name: 'West' })
  const job = widget(p, 'process')
  const started = await ag2.post(job.start!.endpoint, { DistributorId: outlet.json.data.DistributorId })
  t.equal(started.status, 200, started.text)
  let status: { Status?: string, Message?: string } = {}
  for (let i = 0; i < 40 && status.Status !== 'done'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    status = (await ag2.get(job.status!.endpoint.replace('{jobId}', String(started.json.data.JobId)))).json.data
  }
  t.match(status, { Status: 'done', Message: 'No number is kept above its limit: nothing to throw.' }, 'the job widget\'s calls start and poll the processing')
  const byRules = widget(p, 'process2')
  const queued = await ag2.post(byRules.start!.endpoint, {})
  t.equal(queued.status, 200, queued.text)
  const done = await eventually(async () => {
    const s = (await ag2.get(byRules.status!.endpoint.replace('{jobId}', String(queued.json.data.JobId)))).json.data
    return s.Status === 'done' ? s : undefined
  }, { within: 10_000, what: 'the by-rules processing to end' })
  t.match(done, { Message: 'No number is kept above its limit: nothing to throw.' }, 'the second job widget starts and polls outsettingProcess2')
})

t.test('Out Setting 3: the rules and partners dialogs and the by-rules outset call what the game API serves', async (t) => {
  const admin = new Browser(url)
  await admin.login('admin')
  const p = await page(admin, '/outset/outSetting3')
  t.same(p.widgets.map((w) => w.id), ['intro', 'addDistributor', 'distributors', 'partnerWeb', 'outsetFilters', 'ruleOutset', 'statementIntro', 'statementFilters', 'statement'])
  const outlet = (await admin.post('/api/v1/4d/distributors', { Name: 'South' })).json.data.DistributorId as number
  const action = (id: string) => widget(p, 'distributors').rowActions!.find((a) => a.id === id)!.form!.submit
  const withId = (endpoint: string) => endpoint.replace(':DistributorId', String(outlet))
  const rules = action('rules')
  const saved = await admin.request(rules.method, withId(rules.endpoint), { body: { Replace: true, Rules: [{ Game: '4D', Number: '12**', Big: 10, Priority: 1 }] } })
  t.equal(saved.status, 200, saved.text)
  const partners = action('partners')
  const shared = await admin.request(partners.method, withId(partners.endpoint), { body: { UserIds: ['ag2'] } })
  t.equal(shared.status, 200, shared.text)
  t.match((await admin.get(widget(p, 'distributors').data!.endpoint)).json.data.find((d: { DistributorId: number }) => d.DistributorId === outlet),
    { Rules: 'P1 4D 12** Big 10.00 Small 0.00', Partners: ['ag2'], Shared: false })
  const web = await admin.request(partners.method, withId(partners.endpoint), { body: { UserIds: ['ag2'], Web: 'https://south.example.com/bets' } })
  t.equal(web.status, 200, web.text)
  t.match((await admin.get(widget(p, 'partnerWeb').data!.endpoint)).json.data.find((w: { PartnerId: number }) => w.PartnerId === outlet), { Name: 'South', Web: 'https://south.example.com/bets' }, 'the web addresses list (getPartnerWeb) shows it')
  t.match(widget(p, 'distributors').rowActions!.find((a) => a.id === 'partners'), { prefill: { Web: 'Web' } }, 'the dialog is prefilled from the row\'s Web')
  const refused = await admin.request(partners.method, withId(partners.endpoint), { body: { UserIds: ['ag2'], Web: 'javascript:alert(1)' } })
  t.match({ status: refused.status, code: refused.json.code }, { status: 400, code: 'GA_FIELD_INVALID' }, 'a javascript: address is refused')
  const job = widget(p, 'ruleOutset')
  const started = await admin.request(job.start!.method!, withId(job.start!.endpoint), { body: {} })
  t.equal(started.status, 200, started.text)
  const done = await eventually(async () => {
    const s = (await admin.get(job.status!.endpoint.replace('{jobId}', String(started.json.data.DistributorId)))).json.data
    return s.Status === 'done' ? s : undefined
  }, { within: 10_000, what: 'the by-rules outset to end' })
  t.equal(done.JobId, started.json.data.JobId, 'the status is polled by the distributor')
})

t.test('Throw Number with a 4D draw chosen: both throw lists load, the TOTO one for the next TOTO draw', async (t) => {
  const admin = new Browser(url)
  t.equal((await admin.login('admin')).status, 200)
  const p = await page(admin, '/outset/throwNumber')
  const filter = (widget(p, 'filters') as Widget & { fields: Array<Field & { data: { endpoint: string } }> }).fields[0]!
  const draws = (await admin.get(filter.data.endpoint)).json.data as Array<{ DrawId: number, Game: string }>
  t.ok(draws.length > 0 && draws.every((d) => d.Game === '4D'), 'the filter lists 4D draws')
  for (const id of ['throws4d', 'throwsToto']) {
    const data = widget(p, id).data!
    const params = new URLSearchParams(Object.entries(data.params ?? {}).flatMap(([name, source]) => source.from === 'filter' && source.name === filter.name ? [[name, String(draws[0]!.DrawId)]] : []))
    const answer = await admin.get(`${data.endpoint}?${params.toString()}`)
    t.equal(answer.status, 200, `${id}: ${answer.text.slice(0, 200)}`)
  }
})
