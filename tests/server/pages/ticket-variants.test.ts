import t from 'tap'
import type { Test } from 'tap'
import { type Browser, signedIn, startSessionProduct } from '../../helpers/http-browser.ts'
import { pathOf, urlOf, widgetsOf } from '../../helpers/page-data.ts'
import { footerSums } from '../../../client/src/renderers/lib/tableModel.ts'
import type { TableWidget } from '../../../schemas/widgets.ts'

// View Tickets' other views as an agent reads them (tickets and bet lines of a draw day, the group's bet lines, bets per day)
// and as a member reads them (its own only): each view's binding called through the service with the user's session, its rows
// and footer sums (as the client sums them) held against the game API's own answer to that user.
// (Moved from the browser tier, issue #40: what the browser showed is the answer at the columns the descriptor names.)

type Row = Record<string, unknown>
interface Paged<R> { rows: R[], total: number, totals: Record<string, number> }
interface Ticket { TicketNo: string, UserId: string, DrawDates: string[] }
interface Line { TicketNo: string, UserId: string, Amount: number }
interface Day { DrawDate: string, Stake: number, Tickets: number }

const product = await startSessionProduct(t)
const cents = (value: unknown) => Math.round(Number(value) * 100)

/** One user's view of the ticket pages: the tables as served, what their bindings answer through the service, and the game API's own answer. */
async function viewer (userId: string) {
  const browser: Browser = await signedIn(product.serviceUrl, userId)
  const token = product.tokenOf(browser)
  const tables = async (path: string) => {
    const page = await browser.get(`/ui/pages?path=${encodeURIComponent(path)}`)
    if (page.status !== 200) throw new Error(`${path}: ${page.status} ${page.text}`)
    return new Map(widgetsOf(page.json.widgets).filter((w) => w.type === 'table').map((w) => [w.id, w as TableWidget]))
  }
  /** A table as the page shows it once these filters are applied: its rows and its footer sums. */
  const shown = async (table: TableWidget | undefined, filters: Record<string, string> = {}) => {
    if (!table) throw new Error('no such table')
    const answer = await browser.get(urlOf(table.data, {}, filters))
    if (answer.status !== 200) throw new Error(`${table.data.endpoint}: ${answer.status} ${answer.text}`)
    const rows = pathOf(answer.json.data, table.data.dataPath) as Row[]
    const sums = table.sumsPath ? pathOf(answer.json.data, table.sumsPath) as Record<string, unknown> : undefined
    return { rows, footer: footerSums(rows, table.columns, sums) }
  }
  const gameApi = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${product.gameApiUrl}/api/v1/${path}`, { headers: { authorization: `Bearer ${token}` } })
    const answer = await res.json() as { success: boolean, data: T, message?: string }
    if (!res.ok || !answer.success) throw new Error(`${path}: ${res.status} ${answer.message}`)
    return answer.data
  }
  /** The draw day with the most of the caller's group's tickets (of its newest 300). */
  const busiestDay = async () => {
    const recent = await gameApi<Paged<Ticket>>('4d/bet/page2?pageSize=300')
    const counts = new Map<string, number>()
    for (const r of recent.rows) for (const d of r.DrawDates) counts.set(d.slice(0, 10), (counts.get(d.slice(0, 10)) ?? 0) + 1)
    return [...counts].sort((a, b) => b[1] - a[1])[0]![0]
  }
  return { browser, tables, shown, gameApi, busiestDay }
}

/** The table's columns include these fields (what the browser read by their headers). */
const hasColumns = (t: Test, table: TableWidget | undefined, fields: string[]) =>
  t.same(fields.filter((f) => !table?.columns.some((c) => c.field === f)), [], `${table?.id} shows ${fields.join(', ')}`)

t.test('ag1: tickets and bet lines of a draw day, the group\'s bet lines and bets per day, as the game API answers them', async (t) => {
  const ag1 = await viewer('ag1')
  const page = await ag1.tables('/tickets/page')
  t.ok(page.get('dateTickets')?.data.requires?.includes('DrawDate'), 'no draw day chosen: nothing is asked yet')

  // On the draw day: the tickets bet/page2ByDate answers, and their lines.
  const day = await ag1.busiestDay()
  const dateTickets = await ag1.shown(page.get('dateTickets'), { DrawDate: day })
  const served = await ag1.gameApi<Paged<Ticket>>(`4d/bet/page2ByDate?DrawDate=${day}&pageSize=500`)
  t.ok(served.total > 1, `${day}: ${served.total} tickets`)
  hasColumns(t, page.get('dateTickets'), ['TicketNo', 'UserId'])
  t.ok(dateTickets.rows.every((r) => served.rows.some((s) => s.TicketNo === r.TicketNo)), 'only the game API\'s tickets of that day')
  if (served.total <= dateTickets.rows.length) t.same(dateTickets.rows.map((r) => r.TicketNo).sort(), served.rows.map((s) => s.TicketNo).sort(), 'every one of them')
  t.equal(cents(dateTickets.footer.Stake), cents(served.totals.Stake ?? NaN), 'their stake, as the game API sums it')
  t.ok(new Set(served.rows.map((r) => r.UserId)).size > 1, 'tickets of ag1\'s downline too')
  const dateLines = await ag1.shown(page.get('dateLines'), { DrawDate: day })
  t.ok(dateLines.rows.length > 0, 'the day\'s bet lines are listed')
  const dayLines = await ag1.gameApi<Paged<Line>>(`4d/bet/view2ByDateFull?DrawDate=${day}&pageSize=1000`)
  t.equal(cents(dateLines.footer.Amount), cents(dayLines.totals.Amount ?? NaN), 'the day\'s bet lines add up to the game API\'s amount')
  if (dayLines.total <= dayLines.rows.length) t.same([...new Set(dayLines.rows.map((r) => r.TicketNo))].sort(), served.rows.map((s) => s.TicketNo).sort(), 'the lines are those of the day\'s tickets')

  // Bet lines: every line of the group (no draw chosen), the amount the game API's totals.
  const lines = await ag1.shown(page.get('lines'))
  const allLines = await ag1.gameApi<Paged<Line>>('4d/bet/viewFull?pageSize=1000')
  hasColumns(t, page.get('lines'), ['Number', 'Form', 'Status'])
  t.ok(lines.rows.length > 0 && lines.rows.every((r) => r.Number !== '' && r.Form !== '' && r.Status !== ''), 'each line with its number, form and status')
  t.equal(cents(lines.footer.Amount), cents(allLines.totals.Amount ?? NaN), 'the lines\' amount is the game API\'s total')
  t.ok(cents(allLines.totals.Amount ?? 0) > 0, 'with bets')

  // By day: the week up to the chosen day; each day's figures are bet/betByDay's.
  t.same(page.get('byDay')?.data.requires, ['DateFrom', 'DateTo'], 'no days chosen: nothing is asked yet')
  const from = new Date(Date.parse(day) - 7 * 86400_000).toISOString().slice(0, 10)
  const byDay = await ag1.shown(page.get('byDay'), { DateFrom: from, DateTo: day })
  const figures = await ag1.gameApi<{ rows: Day[], totals: Record<string, number> }>(`4d/bet/betByDay?DateFrom=${from}&DateTo=${day}`)
  t.equal(byDay.rows.length, figures.rows.length, `${figures.rows.length} draw days from ${from} to ${day}`)
  for (const [i, row] of figures.rows.entries()) {
    t.equal(cents(byDay.rows[i]?.Stake), cents(row.Stake), `${row.DrawDate}: the stake of the day`)
    t.equal(byDay.rows[i]?.Tickets, row.Tickets, `${row.DrawDate}: its tickets`)
  }
  t.equal(cents(byDay.footer.Stake), cents(figures.totals.Stake ?? NaN), 'the period\'s stake')
  t.equal(figures.rows.find((r) => r.DrawDate === day)?.Tickets, served.total, 'the chosen day\'s tickets, as the Tickets of the day list them')

  // Levels: each bet's levels of ag1's group on the chosen day (bet/detailsFull), never the company's.
  const levels = await ag1.shown(page.get('levels'), { DrawDate: day })
  const details = await ag1.gameApi<Paged<{ LevelUserId: string }>>(`4d/bet/detailsFull?DrawDate=${day}&pageSize=1000`)
  hasColumns(t, page.get('levels'), ['LevelUserId'])
  t.ok(levels.rows.length > 0 && levels.rows.every((r) => details.rows.some((d) => d.LevelUserId === r.LevelUserId)), 'the levels the game API answers')
  t.notOk(details.rows.some((d) => d.LevelUserId === 'admin'), 'no level above ag1')
  t.equal(cents(levels.footer.ttAmountIn), cents(details.totals.ttAmountIn ?? NaN), 'the day\'s amount in, as the game API sums it')
})

t.test('mem1: its own tickets of a draw day and its own bet lines only', async (t) => {
  const mem1 = await viewer('mem1')
  const page = await mem1.tables('/tickets/page')
  const day = await mem1.busiestDay()
  const dateTickets = await mem1.shown(page.get('dateTickets'), { DrawDate: day })
  t.ok(dateTickets.rows.length > 0 && dateTickets.rows.every((r) => r.UserId === 'mem1'), `${day}: mem1's own tickets only`)
  const lines = await mem1.shown(page.get('lines'))
  t.ok(lines.rows.every((r) => r.UserId === 'mem1'), 'mem1\'s own lines only')
  const served = await mem1.gameApi<Paged<Line>>('4d/bet/viewFull?pageSize=1000')
  t.ok(served.rows.every((r) => r.UserId === 'mem1'), 'the game API answers mem1 its own lines')
  t.equal(cents(lines.footer.Amount), cents(served.totals.Amount ?? NaN), 'their amount, as the game API sums it')
  const levels = await mem1.shown(page.get('levels'), { DrawDate: day })
  t.ok(levels.rows.length > 0 && levels.rows.every((r) => r.LevelUserId === 'mem1' && r.UserId === 'mem1'), 'its own bets at its own level only')

  // Ticket History of that day: under its tickets, its own bet lines (bet/view2ByDate).
  const history = await mem1.tables('/tickets/history')
  const own = await mem1.shown(history.get('ownLines'), { DrawDate: day })
  const ownServed = await mem1.gameApi<Paged<Line>>(`4d/bet/view2ByDate?DrawDate=${day}&pageSize=1000`)
  t.ok(own.rows.length > 0 && own.rows.every((r) => r.UserId === 'mem1'), `${day}: its own lines`)
  t.equal(cents(own.footer.Amount), cents(ownServed.totals.Amount ?? NaN), 'their amount, as the game API sums it')
})
