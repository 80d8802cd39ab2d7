import t from 'tap'
import type { Page } from 'playwright-core'
import { signInAt, startE2E } from '../support.ts'

// Full Report as an agent uses it: opened from the menu, money drawn with two decimals, a drill-down into a downline and back.
// The report's rows, figures, footer sums and Downline links are proven through the service (tests/server/pages/report-full.test.ts).

/** The user ids of the full report's rows, in order. */
async function rowUsers (page: Page): Promise<string[]> {
  return page.locator('[data-widget-id=full] tbody tr td:first-child').allInnerTexts()
}

t.test('ag1: Full Report from the menu, money drawn, drill-down into ag2 and back', async (t) => {
  const e2e = await startE2E(t)
  const { page, errors } = await e2e.newPage()
  await signInAt(e2e, page, 'ag1')

  const group = page.locator('#sidebar').getByRole('button', { name: 'Report', exact: true })
  if (await group.getAttribute('aria-expanded') !== 'true') await group.click()
  await page.locator('#sidebar').locator('a[href^="/report/full"]').filter({ hasText: 'Full Report' }).click()
  await page.waitForURL((u) => u.pathname === '/report/full')
  const table = page.locator('[data-widget-id=full]')
  await table.locator('tbody tr').first().waitFor()

  // The Stake column: every cell and the footer drawn as money with 2 decimals.
  const headers = (await table.locator('thead th').allInnerTexts()).map((h) => h.replace(/[▲▼]/g, '').trim())
  const cells = await table.locator(`tbody tr td:nth-child(${headers.indexOf('Stake') + 1})`).allInnerTexts()
  t.ok(cells.every((c) => /^-?[\d,]+\.\d{2}$/.test(c)), `money cells: ${cells.join(' ')}`)
  t.match(await table.locator('tfoot td[data-sum=Stake]').innerText(), /^[\d,]+\.\d{2}$/)

  const downline = (user: string) => table.locator('tbody tr').filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${user}$`) }) }).getByRole('button', { name: 'Downline' })
  await downline('ag2').click()
  await page.waitForURL((u) => u.pathname === '/report/full' && u.searchParams.get('UserId') === 'ag2')
  await page.waitForFunction(() => [...document.querySelectorAll('[data-widget-id=full] tbody tr td:first-child')].some((td) => (td as HTMLElement).innerText === 'mem2'))
  t.equal(await page.getByLabel('User').inputValue(), 'ag2 / ag2', 'the user filter follows the drill-down')
  t.same(await page.locator('nav.rr-breadcrumb li').allInnerTexts(), ['Report', 'Full Report', 'ag2'], 'the drill-down is one more crumb')

  // The page's own Back button (the template asks for it: Full Report is reached by drill-down).
  await page.locator('article.rr-page .rr-back').click()
  await page.waitForFunction(() => [...document.querySelectorAll('[data-widget-id=full] tbody tr td:first-child')].some((td) => (td as HTMLElement).innerText === 'mem1'))
  t.same((await rowUsers(page)).sort(), ['ag1', 'ag2', 'mem1', 'mem3'], 'Back shows ag1\'s report again')
  t.same(errors, [], 'no script errors')
})
