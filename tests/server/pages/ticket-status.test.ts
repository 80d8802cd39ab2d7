import t from 'tap'
import type { Test } from 'tap'
import { Browser } from '../../helpers/http-browser.ts'
import { buildProduct } from '../../helpers/build.ts'
import { testClock } from '../../helpers/clock.ts'
import { pathOf, urlOf, widgetsOf } from '../../helpers/page-data.ts'
import type { DataBinding } from '../../../schemas/widgets.ts'

// Issue #39: a finalised draw's tickets read Won (with the payout), Lost or Void on every list the ticket pages bind,
// and a ticket placed through the web form shows its bet text and day code, as a text ticket does.

interface Column { field: string, statusLabels?: Record<string, string> }
interface Table { id: string, data: DataBinding, columns: Column[] }
type Row = Record<string, unknown>

/** A page's table widgets (tabs opened) by id, as the user is served them. */
async function tablesOf (browser: Browser, path: string): Promise<Map<string, Table>> {
  const page = await browser.get(`/ui/pages?path=${encodeURIComponent(path)}`)
  if (page.status !== 200) throw new Error(`${path}: ${page.status} ${page.text}`)
  const widgets = widgetsOf(page.json.widgets) as unknown as Array<Table & { type: string }>
  return new Map(widgets.filter((w) => w.data?.endpoint !== undefined).map((w) => [w.id, w]))
}

/** The rows (or the one object) a widget's binding reads, with these filter or query values. */
async function read (browser: Browser, table: Table | undefined, values: Record<string, string>): Promise<Row[]> {
  if (table === undefined) throw new Error('no such widget')
  const answer = await browser.get(urlOf(table.data, values, values))
  if (answer.status !== 200) throw new Error(`${table.data.endpoint}: ${answer.status} ${answer.text}`)
  const data = pathOf(answer.json.data, table.data.dataPath)
  return Array.isArray(data) ? data as Row[] : [data as Row]
}

t.test('ticket status after finalising, and the web form\'s bet text and day code', async (t) => {
  const clock = testClock()
  const { serviceUrl } = await buildProduct(t, { now: clock.now })
  const [admin, ag1, mem1] = [new Browser(serviceUrl), new Browser(serviceUrl), new Browser(serviceUrl)]
  for (const [browser, user] of [[admin, 'admin'], [ag1, 'ag1'], [mem1, 'mem1']] as const) t.equal((await browser.login(user)).status, 200, `${user} signs in`)

  const draw = ((await admin.get('/api/v1/4d/draw/activeLatest')).json.data as Array<{ DrawId: number, DrawDate: string, Series: string }>).find((d) => d.Series === 'SG4D')!
  const drawDate = draw.DrawDate.slice(0, 10)
  t.equal(drawDate, '2030-01-02', 'the clock\'s Wednesday draw is open')
  // Bodies as the Place Bets form sends them: DayCode and Lines; the other three on the one draw.
  const place = async (body: object) => {
    const answer = await mem1.post('/api/v1/4d/bet', body)
    t.equal(answer.status, 200, answer.text)
    return answer.json.data.TicketNo as string
  }
  const form = await place({ DayCode: '0', Lines: [{ Number: '1357', Big: 1, Small: 1 }, { Number: '2468', Form: 'roll', Big: 2 }] })
  const winner = await place({ DrawIds: [draw.DrawId], Lines: [{ Number: '1234', Big: 1 }] })
  const loser = await place({ DrawIds: [draw.DrawId], Lines: [{ Number: '9876', Small: 1 }] })
  const voided = await place({ DrawIds: [draw.DrawId], Lines: [{ Number: '5555', Big: 1 }] })
  t.equal((await mem1.request('DELETE', `/api/v1/4d/bet?TicketNo=${voided}`)).status, 200, 'one ticket voided while the draw is open')

  const viewTickets = await tablesOf(mem1, '/tickets/page')
  await t.test('View Tickets shows the web form\'s bet text and day code', async (t) => {
    const rows = await read(mem1, viewTickets.get('tickets'), {})
    t.match(rows.find((r) => r.TicketNo === form), { DayCode: '0', Text: '1357 1-1; 2468r 2-', Source: 'web' }, 'placed by day code: that code and its lines as bet text')
    t.match(rows.find((r) => r.TicketNo === winner), { DayCode: '3', Text: '1234 1-' }, 'placed on the Wednesday draw by id: the Wednesday code 3')
    t.match((await read(mem1, viewTickets.get('ticket'), { TicketNo: form }))[0], { DayCode: '0', Text: '1357 1-1; 2468r 2-' }, 'and so does the ticket\'s own view')
    t.match((await read(mem1, viewTickets.get('tickets'), {})).find((r) => r.TicketNo === winner), { Status: 'active' }, 'an unsettled ticket is active')
  })

  t.equal((await admin.request('PUT', `/api/v1/4d/draw/${draw.DrawId}/close`, { body: { DrawId: draw.DrawId } })).status, 200, 'betting closed')
  const result = { DrawId: draw.DrawId, First: '1234', Second: '5678', Third: '9012', Starters: '0101 0202 0303 0404 0505 0606 0707 0808 0909 1010', Consolations: '2020 3030 4040 6060 7070 8080 9090 1919 2929 3939' }
  t.equal((await admin.post('/api/v1/4d/draw/result', result)).status, 200, 'result entered')
  t.equal((await admin.post('/api/v1/4d/result/r5', { DrawId: draw.DrawId })).status, 200, 'finalising started')
  for (let i = 0; i < 400; i++) {
    const status = (await admin.get(`/api/v1/4d/result/r5/${draw.DrawId}/status`)).json?.data
    if (status?.IsFinalised === true || /done|failed/.test(String(status?.Status))) break
    await new Promise((resolve) => setTimeout(resolve, 25))
  }

  const expected: Record<string, { Status: string, paid: boolean }> = {
    [winner]: { Status: 'won', paid: true },
    [loser]: { Status: 'lost', paid: false },
    [voided]: { Status: 'void', paid: false },
    [form]: { Status: 'active', paid: false }
  }
  const check = (t: Test, where: string, rows: Row[]) => {
    for (const [ticketNo, want] of Object.entries(expected)) {
      const row = rows.find((r) => r.TicketNo === ticketNo)
      if (row === undefined) continue
      t.equal(row.Status, want.Status, `${where}: ${ticketNo} reads ${want.Status}`)
      t.equal(Number(row.Payout) > 0, want.paid, `${where}: ${ticketNo} ${want.paid ? 'with' : 'without'} a payout`)
    }
  }

  await t.test('every ticket list the pages bind reads won, lost, void or active', async (t) => {
    for (const [who, browser] of [['mem1', mem1], ['ag1', ag1]] as const) {
      const page = await tablesOf(browser, '/tickets/page')
      const byDraw = await read(browser, page.get('tickets'), { DrawId: String(draw.DrawId) })
      t.equal(byDraw.filter((r) => [winner, loser, voided].includes(String(r.TicketNo))).length, 3, `${who} View Tickets by draw lists the three`)
      check(t, `${who} View Tickets`, byDraw)
      check(t, `${who} View Tickets on a date`, await read(browser, page.get('dateTickets'), { DrawDate: drawDate }))
      check(t, `${who} Ticket History`, await read(browser, (await tablesOf(browser, '/tickets/history')).get('history'), { DrawDate: drawDate }))
      for (const ticketNo of [winner, loser, voided]) check(t, `${who} the ticket's view`, await read(browser, page.get('ticket'), { TicketNo: ticketNo }))
      const search = (await tablesOf(browser, '/tickets/search')).get('searchResults')
      for (const [number, status] of [['1234', 'won'], ['9876', 'lost'], ['5555', 'void']] as const) {
        const rows = (await read(browser, search, { Number: number, DrawId: String(draw.DrawId) })).filter((r) => [winner, loser, voided].includes(String(r.TicketNo)))
        t.same(rows.map((r) => r.Status), [status], `${who} Ticket Search for ${number}: ${status}`)
      }
    }
  })

  await t.test('the list\'s Status column names each status in en and zh', async (t) => {
    const status = viewTickets.get('tickets')?.columns.find((c) => c.field === 'Status')
    t.same(Object.keys(status?.statusLabels ?? {}).sort(), ['active', 'lost', 'void', 'won'])
    for (const lang of ['en', 'zh']) {
      const catalogue = (await mem1.get(`/ui/i18n/${lang}`)).json
      const texts = Object.values(status?.statusLabels ?? {}).map((key) => pathOf(catalogue, key))
      t.ok(texts.every((text) => typeof text === 'string' && text !== ''), `${lang}: ${texts.join(', ')}`)
      if (lang === 'en') t.same(texts.sort(), ['Active', 'Lost', 'Void', 'Won'])
    }
  })
})
