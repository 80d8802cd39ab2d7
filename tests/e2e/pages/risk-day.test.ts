import t from 'tap'
import type { Locator, Page } from 'playwright-core'
import { eventually } from '../../helpers/eventually.ts'
import { gameApi, gameApiToken, openFromMenu, signInAt, startE2E, type E2E } from '../support.ts'

// Issue "Risk" in the browser: Live Exposure re-reads its table on each bet and throw without reloading the page. The limit, the
// figures on every OutSet page, the Permission grant, the throw and the finalised draw's share claim are proved at the service tier
// (tests/server/pages/outset.test.ts, 'Risk: …'); here they are set up through the game API.

/** A fresh page signed in as the user (row confirmations accepted). */
async function signedIn (e2e: E2E, userId: string): Promise<Page> {
  const { page } = await e2e.newPage()
  await signInAt(e2e, page, userId)
  return page
}

/** A table's cell texts of the row holding text, by column heading. */
async function rowByHeading (table: Locator, text: string): Promise<Record<string, string>> {
  const row = table.locator('tbody tr').filter({ hasText: text }).first()
  await row.waitFor()
  const headings = (await table.locator('thead th').allInnerTexts()).map((h) => h.replace(/[▲▼]/g, '').trim())
  const cells = await row.locator('td').allInnerTexts()
  return Object.fromEntries(headings.map((h, i) => [h, (cells[i] ?? '').trim()]))
}

/** Opens Live Exposure for the draw, marks the window (a reload would drop the mark) and answers its table. */
async function livePage (e2e: E2E, userId: string, drawId: number): Promise<{ page: Page, table: Locator }> {
  const page = await signedIn(e2e, userId)
  await openFromMenu(page, 'OutSet', 'Live Exposure', '/outset/exposure')
  const filters = page.locator('[data-widget-id=filters]')
  await filters.getByLabel('Draw (the next to close when empty)').selectOption(String(drawId))
  await filters.getByRole('button', { name: 'Show' }).click()
  await page.evaluate(() => { (window as unknown as { liveMark: number }).liveMark = 1 })
  return { page, table: page.locator('[data-widget-id=exposure]') }
}

/** Waits until the live table's row of the number shows these cells (the page re-reads on each event, never reloads). */
async function liveRow (table: Locator, number: string, want: Record<string, string>): Promise<Record<string, string>> {
  const shows = async () => {
    const row = await rowByHeading(table, number).catch(() => ({} as Record<string, string>))
    return Object.entries(want).every(([k, v]) => row[k] === v) && row
  }
  return eventually(shows, { within: 15_000, every: 100, what: `the live row of ${number} showing ${JSON.stringify(want)}` })
}

const noReload = async (page: Page) => await page.evaluate(() => (window as unknown as { liveMark?: number }).liveMark) === 1

t.test('Live Exposure shows a limit passed and a throw as they happen, on ag1\'s and admin\'s pages, without a reload', async (t) => {
  const e2e = await startE2E(t)
  const adminToken = await gameApiToken(e2e, 'admin')
  await gameApi(e2e, adminToken, 'POST', '4d/permissions', { UserId: 'ag1', Attribute: 'OutSet' })
  await gameApi(e2e, adminToken, 'PUT', '4d/agents/position', { UserId: 'ag1', dShare: 1 })
  await gameApi(e2e, await gameApiToken(e2e, 'ag1'), 'POST', '4d/outSetting6', { Number: '1234', Big: 50 })
  const mem1 = await gameApiToken(e2e, 'mem1')
  const draw = (await gameApi(e2e, mem1, 'GET', '4d/draw/activeLatest') as Array<{ DrawId: number, Series: string }>).find((d) => d.Series === 'SG4D')!

  const ag1Live = await livePage(e2e, 'ag1', draw.DrawId)
  const adminLive = await livePage(e2e, 'admin', draw.DrawId)
  const bet = () => gameApi(e2e, mem1, 'POST', '4d/bet', { DrawIds: [draw.DrawId], Lines: [{ Number: '1234', Big: 40 }] })
  await bet()
  await liveRow(ag1Live.table, '1234', { Intake: '40.00', Kept: '40.00' })
  await bet()
  t.match(await liveRow(ag1Live.table, '1234', { Intake: '80.00', Kept: '50.00', 'Passed on': '30.00' }), { Limit: 'Over limit' }, 'ag1\'s live page redraws each ticket, the number marked over its limit')
  await liveRow(adminLive.table, '1234', { Intake: '30.00', Kept: '30.00' })
  t.ok(await noReload(ag1Live.page) && await noReload(adminLive.page), 'admin\'s live page shows the $30 passed up, and neither page reloaded')

  const outlet = await gameApi(e2e, adminToken, 'POST', '4d/distributors', { Name: 'Outlet East' }) as { DistributorId: number }
  await gameApi(e2e, adminToken, 'POST', '4d/bet/throw', { DrawId: draw.DrawId, Number: '1234', Big: 20, DistributorId: outlet.DistributorId })
  await liveRow(adminLive.table, '1234', { Intake: '30.00', 'Thrown out': '20.00', Kept: '10.00' })
  t.ok(await noReload(adminLive.page), 'admin\'s live page: $20 thrown out, $10 left kept, without a reload')
})
