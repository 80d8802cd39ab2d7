import t from 'tap'
import type { Page } from 'playwright-core'
import { gameApi, gameApiToken, signInAt, startE2E, visit } from '../support.ts'
import { cents, footer, money, tab, tableRows } from './table-read.ts'

// View Tickets' other views as an agent reads them (tickets and bet lines of a draw day, the group's bet lines, bets per day)
// and as a member reads them (its own only), each checked against the game API's answer.

const shown = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`

const filters = (page: Page) => page.locator('article.rr-page[data-page="/tickets/page"] form.rr-filters')

interface Ticket { TicketNo: string, UserId: string, DrawDates: string[] }
interface Paged<R> { rows: R[], total: number, totals: Record<string, number> }
interface Line { TicketNo: string, UserId: string, Amount: number }
interface Day { DrawDate: string, Stake: number, Tickets: number }

/** The draw day with the most of the caller's group's tickets (of its newest 300). */
async function busiestDay (e2e: Parameters<typeof gameApi>[0], token: string): Promise<string> {
  const recent = await gameApi(e2e, token, 'GET', '4d/bet/page2?pageSize=300') as Paged<Ticket>
  const counts = new Map<string, number>()
  for (const r of recent.rows) for (const d of r.DrawDates) counts.set(d.slice(0, 10), (counts.get(d.slice(0, 10)) ?? 0) + 1)
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0]
}

t.test('ag1: tickets and bet lines of a draw day, the group\'s bet lines and bets per day, as the game API answers them', async (t) => {
  const e2e = await startE2E(t)
  const token = await gameApiToken(e2e, 'ag1')
  const { page, errors } = await e2e.newPage()
  await signInAt(e2e, page, 'ag1')
  await visit(page, '/tickets/page')
  t.equal(await page.locator('[data-widget-id=dateTickets]').count(), 0, 'no draw day chosen: nothing is asked yet')

  // On the draw day: the tickets bet/page2ByDate answers, and their lines.
  const day = await busiestDay(e2e, token)
  await filters(page).getByLabel(/^Draw day/).fill(shown(day))
  await filters(page).locator('button[type=submit]').click()
  const dateTickets = page.locator('[data-widget-id=dateTickets]')
  const rows = await tableRows(dateTickets)
  const served = await gameApi(e2e, token, 'GET', `4d/bet/page2ByDate?DrawDate=${day}&pageSize=500`) as Paged<Ticket>
  t.ok(served.total > 1, `${day}: ${served.total} tickets`)
  t.ok(rows.every((r) => served.rows.some((s) => s.TicketNo === r['Ticket No'])), 'only the game API\'s tickets of that day')
  if (served.total <= rows.length) t.same(rows.map((r) => r['Ticket No']).sort(), served.rows.map((s) => s.TicketNo).sort(), 'every one of them')
  t.equal(await footer(dateTickets, 'Stake'), cents(served.totals.Stake ?? NaN), 'their stake, as the game API sums it')
  t.ok(new Set(served.rows.map((r) => r.UserId)).size > 1, 'tickets of ag1\'s downline too')
  const dateLines = page.locator('[data-widget-id=dateLines]')
  await dateLines.locator('tbody tr').first().waitFor()
  const dayLines = await gameApi(e2e, token, 'GET', `4d/bet/view2ByDateFull?DrawDate=${day}&pageSize=1000`) as Paged<Line>
  t.equal(await footer(dateLines, 'Amount'), cents(dayLines.totals.Amount ?? NaN), 'the day\'s bet lines add up to the game API\'s amount')
  if (dayLines.total <= dayLines.rows.length) t.same([...new Set(dayLines.rows.map((r) => r.TicketNo))].sort(), served.rows.map((s) => s.TicketNo).sort(), 'the lines are those of the day\'s tickets')

  // Bet lines: every line of the group (no draw chosen), the amount the game API's totals.
  await tab(page, 'Bet lines').click()
  const lines = page.locator('[data-widget-id=lines]')
  const lineRows = await tableRows(lines)
  const allLines = await gameApi(e2e, token, 'GET', '4d/bet/viewFull?pageSize=1000') as Paged<Line>
  t.ok(lineRows.length > 0 && lineRows.every((r) => r.Number !== '' && r.Form !== '' && r.Status !== ''), 'each line with its number, form and status')
  t.equal(await footer(lines, 'Amount'), cents(allLines.totals.Amount ?? NaN), 'the lines\' amount is the game API\'s total')
  t.ok(cents(allLines.totals.Amount ?? 0) > 0, 'with bets')

  // By day: the two days around the chosen one; each day's figures are bet/betByDay's.
  await tab(page, 'By day').click()
  t.equal(await page.locator('[data-widget-id=byDay]').count(), 0, 'no days chosen: nothing is asked yet')
  const from = new Date(Date.parse(day) - 7 * 86400_000).toISOString().slice(0, 10)
  await filters(page).getByLabel(/^Days from/).fill(shown(from))
  await filters(page).getByLabel(/^Days to/).fill(shown(day))
  await filters(page).locator('button[type=submit]').click()
  const byDay = page.locator('[data-widget-id=byDay]')
  const dayRows = await tableRows(byDay)
  const figures = await gameApi(e2e, token, 'GET', `4d/bet/betByDay?DateFrom=${from}&DateTo=${day}`) as { rows: Day[], totals: Record<string, number> }
  t.equal(dayRows.length, figures.rows.length, `${figures.rows.length} draw days from ${from} to ${day}`)
  for (const [i, row] of figures.rows.entries()) {
    t.equal(money(dayRows[i]?.Stake ?? ''), cents(row.Stake), `${row.DrawDate}: the stake of the day`)
    t.equal(Number((dayRows[i]?.Tickets ?? '').replace(/,/g, '')), row.Tickets, `${row.DrawDate}: its tickets`)
  }
  t.equal(await footer(byDay, 'Stake'), cents(figures.totals.Stake ?? NaN), 'the period\'s stake')
  t.equal(figures.rows.find((r) => r.DrawDate === day)?.Tickets, served.total, 'the chosen day\'s tickets, as the Tickets of the day list them')

  // Levels: each bet's levels of ag1's group on the chosen day (bet/detailsFull), never the company's.
  await tab(page, 'Levels: In, Intake and Out').click()
  const levels = page.locator('[data-widget-id=levels]')
  const levelRows = await tableRows(levels)
  const details = await gameApi(e2e, token, 'GET', `4d/bet/detailsFull?DrawDate=${day}&pageSize=1000`) as Paged<{ LevelUserId: string }>
  t.ok(levelRows.length > 0 && levelRows.every((r) => details.rows.some((d) => d.LevelUserId === r.Holder)), 'the levels the game API answers')
  t.notOk(details.rows.some((d) => d.LevelUserId === 'admin'), 'no level above ag1')
  t.equal(await footer(levels, 'ttAmountIn'), cents(details.totals.ttAmountIn ?? NaN), 'the day\'s amount in, as the game API sums it')

  t.same(errors, [], 'no script errors')
})

t.test('mem1: its own tickets of a draw day and its own bet lines only', async (t) => {
  const e2e = await startE2E(t)
  const token = await gameApiToken(e2e, 'mem1')
  const { page, errors } = await e2e.newPage()
  await signInAt(e2e, page, 'mem1')
  await visit(page, '/tickets/page')
  const day = await busiestDay(e2e, token)
  await filters(page).getByLabel(/^Draw day/).fill(shown(day))
  await filters(page).locator('button[type=submit]').click()
  const rows = await tableRows(page.locator('[data-widget-id=dateTickets]'))
  t.ok(rows.length > 0 && rows.every((r) => r['User ID'] === 'mem1'), `${day}: mem1's own tickets only`)
  await tab(page, 'Bet lines').click()
  const lines = page.locator('[data-widget-id=lines]')
  const lineRows = await tableRows(lines)
  t.ok(lineRows.every((r) => r['User ID'] === 'mem1'), 'mem1\'s own lines only')
  const served = await gameApi(e2e, token, 'GET', '4d/bet/viewFull?pageSize=1000') as Paged<Line>
  t.ok(served.rows.every((r) => r.UserId === 'mem1'), 'the game API answers mem1 its own lines')
  t.equal(await footer(lines, 'Amount'), cents(served.totals.Amount ?? NaN), 'their amount, as the game API sums it')
  await tab(page, 'Levels: In, Intake and Out').click()
  const levelRows = await tableRows(page.locator('[data-widget-id=levels]'))
  t.ok(levelRows.every((r) => r.Holder === 'mem1' && r['User ID'] === 'mem1'), 'its own bets at its own level only')

  // Ticket History of that day: under its tickets, its own bet lines (bet/view2ByDate).
  await visit(page, '/tickets/history')
  await page.locator('article.rr-page[data-page="/tickets/history"] form.rr-filters').getByLabel(/^Draw day/).fill(shown(day))
  await page.locator('article.rr-page[data-page="/tickets/history"] form.rr-filters button[type=submit]').click()
  const own = page.locator('[data-widget-id=ownLines]')
  const ownRows = await tableRows(own)
  const ownServed = await gameApi(e2e, token, 'GET', `4d/bet/view2ByDate?DrawDate=${day}&pageSize=1000`) as Paged<Line>
  t.ok(ownRows.every((r) => r['User ID'] === 'mem1'), `${day}: its own lines`)
  t.equal(await footer(own, 'Amount'), cents(ownServed.totals.Amount ?? NaN), 'their amount, as the game API sums it')
  t.same(errors, [], 'no script errors')
})
