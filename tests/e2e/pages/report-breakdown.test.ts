import t from 'tap'
import { clickRowAction, gameApi, gameApiToken, signInAt, startE2E, visit } from '../support.ts'
import { cents, footer, money, tab, tableRows } from './table-read.ts'

// Full Report's other views as an agent reads them (By draw, Upline, Tickets) and a member's own tickets, each checked against the game API's answer.

interface ReportRow { UserId: string, Stake: number, Intake: number, Above?: number }
interface Report { rows: ReportRow[], totals: Record<string, number>, count: number }

t.test('ag1: Full Report by draw equals the report of each draw; Upline of ag2 shows ag1; Tickets sum to the report', async (t) => {
  const e2e = await startE2E(t)
  const token = await gameApiToken(e2e, 'ag1')
  const { page, errors } = await e2e.newPage()
  await signInAt(e2e, page, 'ag1')
  await visit(page, '/report/full')

  // By draw (the first tab): rows grouped per draw, newest first, each group the report of that draw alone.
  t.equal(await tab(page, 'By draw').getAttribute('aria-selected'), 'true', 'By draw is the open view')
  const byDraw = page.locator('[data-widget-id=byDraw]')
  const rows = await tableRows(byDraw)
  const draws = [...new Set(rows.map((r) => Number((r.Draw ?? '').replace(/,/g, ''))))]
  t.ok(draws.length >= 2, `rows of several draws: ${draws.join(' ')}`)
  const drawOf = (r: Record<string, string>) => Number((r.Draw ?? '').replace(/,/g, ''))
  t.ok(rows.every((r, i) => i === 0 || drawOf(r) === drawOf(rows[i - 1]!) || !rows.slice(0, i).some((p) => drawOf(p) === drawOf(r))), 'each draw\'s rows are one group')
  const breakdown = await gameApi(e2e, token, 'GET', '4d/reportBreakdownFull') as { rows: Array<{ DrawId: number }>, totals: Record<string, number> }
  t.same(draws, [...new Set(breakdown.rows.map((r) => r.DrawId))].slice(0, draws.length), 'newest draw first, as the game API orders them')
  for (const drawId of draws.slice(0, 2)) {
    const group = rows.filter((r) => drawOf(r) === drawId)
    const served = await gameApi(e2e, token, 'GET', `4d/reportFull?DrawId=${drawId}`) as Report
    for (const row of served.rows) {
      const shown = group.find((r) => r['User ID'] === row.UserId)
      if (shown) t.equal(money(shown.Stake ?? ''), cents(row.Stake), `draw ${drawId}, ${row.UserId}: the report's stake`)
      else t.equal(row.Stake, 0, `draw ${drawId}, ${row.UserId}: left out, nothing staked`)
    }
    t.ok(group.every((r) => served.rows.some((s) => s.UserId === r['User ID'])), `draw ${drawId}: only the report's users`)
    t.equal(group.reduce((sum, r) => sum + money(r.Stake ?? ''), 0), cents(served.totals.Stake ?? NaN), `draw ${drawId}: the group adds up to the draw's report`)
  }
  const whole = await gameApi(e2e, token, 'GET', '4d/reportFull') as Report
  t.equal(await footer(byDraw, 'Stake'), cents(whole.totals.Stake ?? NaN), 'the footer is the report\'s stake over every draw')

  // Upline: nothing above ag1's own account; after a drill-down into ag2, ag1's level.
  await tab(page, 'Upline').click()
  const upline = page.locator('[data-widget-id=upline]')
  await page.locator('.rr-empty[data-widget-id=upline]').waitFor()
  t.pass('ag1\'s own report has no level above it that ag1 may see')
  await clickRowAction(page.locator('[data-widget-id=full] tbody tr').filter({ has: page.locator('td:first-child', { hasText: /^ag2$/ }) }), 'Downline')
  await page.waitForURL((u) => u.pathname === '/report/full' && u.searchParams.get('UserId') === 'ag2')
  await tab(page, 'Upline').click()
  const above = await tableRows(upline)
  const servedUpline = await gameApi(e2e, token, 'GET', '4d/reportUplineFull?UserId=ag2') as Report
  t.same(above.map((r) => r['User ID']), ['ag1'], 'ag2\'s upline as ag1 sees it: ag1 alone')
  t.equal(above[0]?.['Levels above'], '1', 'the parent, one level above')
  t.equal(money(above[0]?.Intake ?? ''), cents(servedUpline.rows[0]?.Intake ?? NaN), 'ag1\'s intake of ag2\'s group, as the game API answers')
  t.ok(cents(servedUpline.rows[0]?.Intake ?? 0) > 0, 'ag1 keeps a part of ag2\'s group')

  // Tickets: ag2's group's tickets; their stake is ag2's report's stake.
  await tab(page, 'Tickets').click()
  const tickets = page.locator('[data-widget-id=tickets]')
  const ticketRows = await tableRows(tickets)
  t.ok(ticketRows.every((r) => ['ag2', 'mem2'].includes(r['User ID'] ?? '')), 'only tickets of ag2 and its member')
  const ag2Report = await gameApi(e2e, token, 'GET', '4d/reportFull?UserId=ag2') as Report
  t.equal(await footer(tickets, 'Stake'), cents(ag2Report.totals.Stake ?? NaN), 'the tickets\' stake is ag2\'s report\'s stake')
  // Date range (still in ag2's report): waits for both dates, then the report over them equals its draws' reports added up.
  await tab(page, 'Date range').click()
  await page.locator('#views-pane[aria-labelledby=views-tab-range]').waitFor({ state: 'attached' })
  t.equal(await page.locator('[data-widget-id=range]').count(), 0, 'no range chosen: nothing is asked yet')
  t.match(await page.locator('[data-widget-id=rangeHint]').innerText(), /choose both dates/, 'the tab says what it needs')
  const dated = breakdown.rows as Array<{ DrawId: number, DrawDate: string }>
  const [newer, older] = [dated.find((r) => r.DrawId === draws[1]), dated.find((r) => r.DrawId === draws[2])]
  const shown = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`
  const report = page.locator('article.rr-page[data-page="/report/full"]')
  await report.getByLabel(/^Draws from/).fill(shown(older!.DrawDate))
  await report.getByLabel(/^Draws to/).fill(shown(newer!.DrawDate))
  await report.locator('form.rr-filters button[type=submit]').click()
  const range = page.locator('[data-widget-id=range]')
  await range.locator('tbody tr').first().waitFor()
  const inRange = [...new Set(dated.filter((d) => d.DrawDate >= older!.DrawDate && d.DrawDate <= newer!.DrawDate).map((d) => d.DrawId))]
  const perDraw = await Promise.all(inRange.map(async (id) => (await gameApi(e2e, token, 'GET', `4d/reportFull?UserId=ag2&DrawId=${id}`) as Report).totals.Stake ?? NaN))
  const ranged = await gameApi(e2e, token, 'GET', `4d/reportFull2?UserId=ag2&DrawFrom=${older!.DrawDate}&DrawTo=${newer!.DrawDate}`) as Report
  t.equal(await footer(range, 'Stake'), cents(ranged.totals.Stake ?? NaN), `${older!.DrawDate} to ${newer!.DrawDate}: the game API's range report`)
  t.equal(await footer(range, 'Stake'), perDraw.reduce((sum, s) => sum + cents(s), 0), `its draws' stakes added up (${inRange.join(', ')})`)
  t.ok(cents(ranged.totals.Stake ?? 0) > 0, 'with stakes')

  t.same(errors, [], 'no script errors')
})

t.test('mem1: Report lists its own tickets, their stake the report\'s', async (t) => {
  const e2e = await startE2E(t)
  const token = await gameApiToken(e2e, 'mem1')
  const { page, errors } = await e2e.newPage()
  await signInAt(e2e, page, 'mem1')
  await visit(page, '/report/member-summary')
  const mine = page.locator('[data-widget-id=myTickets]')
  const rows = await tableRows(mine)
  t.ok(rows.length > 0, 'mem1 has tickets')
  t.ok(rows.every((r) => r['User ID'] === 'mem1'), 'every ticket is mem1\'s own')
  const served = await gameApi(e2e, token, 'GET', '4d/reportPersonalBetPage') as Report
  t.equal(rows[0]?.['Ticket No'], String(served.rows[0] && (served.rows[0] as unknown as { TicketNo: string }).TicketNo), 'newest ticket first, as the game API answers')
  const summary = page.locator('[data-widget-id=memberSummary]')
  await summary.locator('tbody tr').first().waitFor()
  t.equal(await footer(mine, 'Stake'), await footer(summary, 'Stake'), 'the tickets\' stake is the report\'s stake')
  t.equal(await footer(mine, 'Stake'), cents(served.totals.Stake ?? NaN), 'as the game API sums it')
  t.same(errors, [], 'no script errors')
})
