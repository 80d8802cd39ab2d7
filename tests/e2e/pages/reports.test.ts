import t from 'tap'
import type { Page } from 'playwright-core'
import { signInAt, startE2E } from '../support.ts'

// Full Report as an agent uses it: opened from the menu, money figures with a footer sum, a drill-down into a downline and back.

const money = (text: string) => Math.round(Number(text.replace(/,/g, '')) * 100)

/** The user ids of the full report's rows, in order. */
async function rowUsers (page: Page): Promise<string[]> {
  return page.locator('[data-widget-id=full] tbody tr td:first-child').allInnerTexts()
}

t.test('ag1: Full Report from the menu, footer sums, drill-down into ag2 and back', async (t) => {
  const e2e = await startE2E(t)
  const { page, errors } = await e2e.newPage()
  await signInAt(e2e, page, 'ag1')

  const group = page.locator('#sidebar').getByRole('button', { name: 'Report', exact: true })
  if (await group.getAttribute('aria-expanded') !== 'true') await group.click()
  await page.locator('#sidebar').locator('a[href^="/report/full"]').filter({ hasText: 'Full Report' }).click()
  await page.waitForURL((u) => u.pathname === '/report/full')
  const table = page.locator('[data-widget-id=full]')
  await table.locator('tbody tr').first().waitFor()
  t.same((await rowUsers(page)).sort(), ['ag1', 'ag2', 'mem1', 'mem3'], 'ag1\'s own row and one per direct downline')

  // The Stake column: every cell is money with 2 decimals, and the footer holds their sum.
  const headers = (await table.locator('thead th').allInnerTexts()).map((h) => h.replace(/[▲▼]/g, '').trim())
  const stake = headers.indexOf('Stake')
  t.ok(stake > 0, 'a Stake column')
  const cells = await table.locator(`tbody tr td:nth-child(${stake + 1})`).allInnerTexts()
  t.ok(cells.every((c) => /^-?[\d,]+\.\d{2}$/.test(c)), `money cells: ${cells.join(' ')}`)
  t.ok(cells.some((c) => money(c) > 0), 'with figures')
  const footer = await table.locator('tfoot td[data-sum=Stake]').innerText()
  t.match(footer, /^[\d,]+\.\d{2}$/)
  t.equal(money(footer), cells.reduce((s, c) => s + money(c), 0), 'the footer is the sum of the column')

  const downline = (user: string) => table.locator('tbody tr').filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${user}$`) }) }).getByRole('button', { name: 'Downline' })
  t.equal(await downline('mem1').count(), 0, 'a member\'s row has no downline to open')
  await downline('ag2').click()
  await page.waitForURL((u) => u.pathname === '/report/full' && u.searchParams.get('UserId') === 'ag2')
  await page.waitForFunction(() => [...document.querySelectorAll('[data-widget-id=full] tbody tr td:first-child')].some((td) => (td as HTMLElement).innerText === 'mem2'))
  t.same((await rowUsers(page)).sort(), ['ag2', 'mem2'], 'ag2\'s report: its own row and its member')
  t.equal(await page.getByLabel('User').inputValue(), 'ag2 / ag2', 'the user filter follows the drill-down')
  t.same(await page.locator('nav.rr-breadcrumb li').allInnerTexts(), ['Report', 'Full Report', 'ag2'], 'the drill-down is one more crumb')

  // The page's own Back button (the template asks for it: Full Report is reached by drill-down).
  await page.locator('article.rr-page .rr-back').click()
  await page.waitForFunction(() => [...document.querySelectorAll('[data-widget-id=full] tbody tr td:first-child')].some((td) => (td as HTMLElement).innerText === 'mem1'))
  t.same((await rowUsers(page)).sort(), ['ag1', 'ag2', 'mem1', 'mem3'], 'Back shows ag1\'s report again')
  t.same(errors, [], 'no script errors')
})
