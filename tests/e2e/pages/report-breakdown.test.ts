import t from 'tap'
import { clickRowAction, gameApi, gameApiToken, signInAt, startE2E, visit } from '../support.ts'
import { cents, footer, tab } from './table-read.ts'

// Full Report's views as an agent opens them: By draw is the open view, and the Date range tab asks the game API's range
// report for the two dates typed in its form (MM/DD/YYYY). Each view's rows and figures, and a member's own Report, are
// proven through the service (tests/server/pages/report-full.test.ts, report-member-summary.test.ts).

interface Report { rows: Array<{ UserId: string }>, totals: Record<string, number> }

t.test('ag1: Full Report opens By draw; a typed date range in ag2\'s report asks that range', async (t) => {
  const e2e = await startE2E(t)
  const token = await gameApiToken(e2e, 'ag1')
  const { page, errors } = await e2e.newPage()
  await signInAt(e2e, page, 'ag1')
  await visit(page, '/report/full')
  t.equal(await tab(page, 'By draw').getAttribute('aria-selected'), 'true', 'By draw is the open view')

  await clickRowAction(page.locator('[data-widget-id=full] tbody tr').filter({ has: page.locator('td:first-child', { hasText: /^ag2$/ }) }), 'Downline')
  await page.waitForURL((u) => u.pathname === '/report/full' && u.searchParams.get('UserId') === 'ag2')
  await tab(page, 'Date range').click()
  await page.locator('#views-pane[aria-labelledby=views-tab-range]').waitFor({ state: 'attached' })
  // The second and third newest draws' dates, typed as the form shows dates.
  const breakdown = await gameApi(e2e, token, 'GET', '4d/reportBreakdownFull') as { rows: Array<{ DrawId: number, DrawDate: string }> }
  const draws = [...new Set(breakdown.rows.map((r) => r.DrawId))]
  const [newer, older] = [breakdown.rows.find((r) => r.DrawId === draws[1]), breakdown.rows.find((r) => r.DrawId === draws[2])]
  const shown = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`
  const report = page.locator('article.rr-page[data-page="/report/full"]')
  await report.getByLabel(/^Draws from/).fill(shown(older!.DrawDate))
  await report.getByLabel(/^Draws to/).fill(shown(newer!.DrawDate))
  await report.locator('form.rr-filters button[type=submit]').click()
  const range = page.locator('[data-widget-id=range]')
  await range.locator('tbody tr').first().waitFor()
  const ranged = await gameApi(e2e, token, 'GET', `4d/reportFull2?UserId=ag2&DrawFrom=${older!.DrawDate}&DrawTo=${newer!.DrawDate}`) as Report
  t.equal(await footer(range, 'Stake'), cents(ranged.totals.Stake ?? NaN), `${older!.DrawDate} to ${newer!.DrawDate}: the game API's range report`)
  t.same(errors, [], 'no script errors')
})
