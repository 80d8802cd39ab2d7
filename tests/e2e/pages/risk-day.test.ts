import t from 'tap'
import type { Locator, Page } from 'playwright-core'
import { eventually } from '../../helpers/eventually.ts'
import { gameApi, gameApiToken, openFromMenu, signInAt, startE2E, type E2E } from '../support.ts'

// Issue "Risk", done when: ag1 sets a 4D Big limit of $50 on 1234; mem1 bets $80 Big on 1234 in two tickets; ag1's Bets Out
// and admin's Bets In show $30 passed up; admin throws $20 of it to a distributor; after the draw is finalised, the share-claim
// report for ag1 adds up to 100 % of each bet's win/loss. ag1 is granted OutSet on the Permission page first, and holds its
// whole intake (dShare 1) so that the limit, not the share, decides what it keeps.

const money = (text: string) => Number(text.replace(/,/g, ''))
const RESULT = {
  first: '1234',
  second: '2222',
  third: '3333',
  starters: ['4444', '1213', '0001', '0002', '0003', '0004', '0005', '0006', '0007', '0008'],
  consolations: ['5555', '5671', '2211', '0010', '0011', '0012', '0013', '0014', '0015', '0016']
}

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

/** Opens Bets In or Bets Out for the draw and answers its numbers table. */
async function betsPage (page: Page, label: 'Bets In' | 'Bets Out', drawId: number): Promise<Locator> {
  await openFromMenu(page, 'OutSet', label, '/outset/betsIn')
  await page.getByRole('heading', { name: label }).waitFor()
  const filters = page.locator('[data-widget-id=filters]')
  await filters.getByLabel('Draw').selectOption(String(drawId))
  await filters.getByRole('button', { name: 'Show' }).click()
  return page.locator('[data-widget-id=numbers]')
}

t.test('a limit, bets over it passed up, a throw, and the share claim of the finalised draw', async (t) => {
  let offsetMs = 0
  const e2e = await startE2E(t, { now: () => new Date(Date.now() + offsetMs) })
  const admin = await signedIn(e2e, 'admin')

  await t.test('admin grants ag1 OutSet on the Permission page', async (t) => {
    await openFromMenu(admin, 'Control', 'Permission', '/control/permission')
    const row = admin.locator('[data-widget-id=users] tbody tr').filter({ has: admin.getByRole('cell', { name: 'ag1', exact: true }) })
    await row.getByRole('button', { name: 'Permissions' }).click()
    const dialog = admin.locator('dialog[open]')
    await dialog.getByLabel('OutSet').check()
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.waitFor({ state: 'detached' })
    t.match((await gameApi(e2e, await gameApiToken(e2e, 'admin'), 'GET', '4d/permissionGranted?UserId=ag1')).find((p: { Attribute: string }) => p.Attribute === 'OutSet'), { Granted: true }, 'ag1 holds OutSet')
    await gameApi(e2e, await gameApiToken(e2e, 'admin'), 'PUT', '4d/agents/position', { UserId: 'ag1', dShare: 1 })
  })

  const mem1 = await gameApiToken(e2e, 'mem1')
  const draw = (await gameApi(e2e, mem1, 'GET', '4d/draw/activeLatest') as Array<{ DrawId: number, Series: string, CloseDate: string }>).find((d) => d.Series === 'SG4D')!
  const ag1 = await signedIn(e2e, 'ag1')

  await t.test('ag1 sets a Big limit of $50 on 1234 on Out Setting', async (t) => {
    await openFromMenu(ag1, 'OutSet', 'Out Setting', '/outset/outSetting')
    const form = ag1.locator('[data-widget-id=limit4d]')
    await form.getByLabel('Number (empty: every number)').fill('1234')
    await form.getByLabel('Big limit').fill('50')
    await form.getByRole('button', { name: 'Save limit' }).click()
    await ag1.locator('[data-widget-id=limits4d] tbody tr').filter({ hasText: '1234' }).waitFor()
    t.pass('the limit is listed')
  })

  const tickets: string[] = []
  const ag1Live = await livePage(e2e, 'ag1', draw.DrawId)
  const adminLive = await livePage(e2e, 'admin', draw.DrawId)
  const bet = async () => tickets.push((await gameApi(e2e, mem1, 'POST', '4d/bet', { DrawIds: [draw.DrawId], Lines: [{ Number: '1234', Big: 40 }] })).TicketNo)
  await t.test('mem1 bets $80 Big on 1234 in two tickets: ag1 keeps $50, $30 passes up, live on both exposure pages', async (t) => {
    await bet()
    t.match(await liveRow(ag1Live.table, '1234', { Intake: '40.00', Kept: '40.00' }), { 'Passed on': '0.00', Limit: '' }, 'ag1\'s live page: the first $40 kept, under the limit')
    await bet()
    t.match(await liveRow(ag1Live.table, '1234', { Intake: '80.00', Kept: '50.00', 'Passed on': '30.00' }), { Limit: 'Over limit' }, 'the second ticket: $50 kept, $30 passed up, the number marked')
    await liveRow(adminLive.table, '1234', { Intake: '30.00', Kept: '30.00' })
    t.pass('admin\'s live page: the $30 came in')
    t.ok(await noReload(ag1Live.page) && await noReload(adminLive.page), 'neither page reloaded')
    const out = await rowByHeading(await betsPage(ag1, 'Bets Out', draw.DrawId), '1234')
    t.match(out, { Number: '1234', To: 'admin' })
    t.equal(money(out.Big ?? ''), 30, 'ag1\'s Bets Out: $30 Big of 1234 passed up to admin')
    const into = await rowByHeading(await betsPage(admin, 'Bets In', draw.DrawId), '1234')
    t.equal(money(into.Big ?? ''), 30, 'admin\'s Bets In: the same $30 came in')
  })

  await t.test('admin throws $20 of 1234 to a distributor on Throw Number', async (t) => {
    await openFromMenu(admin, 'OutSet', 'Out Setting 3', '/outset/outSetting3')
    const add = admin.locator('[data-widget-id=addDistributor]')
    await add.getByLabel('Name').fill('Outlet East')
    await add.getByRole('button', { name: 'Add distributor' }).click()
    await admin.locator('[data-widget-id=distributors] tbody tr').filter({ hasText: 'Outlet East' }).waitFor()
    await openFromMenu(admin, 'OutSet', 'Out Setting 2', '/outset/outSetting2')
    const excessTo = admin.locator('[data-widget-id=filters]').getByLabel('Distributor (for the excess)')
    await excessTo.locator('option', { hasText: 'Outlet East' }).waitFor({ state: 'attached' })
    t.pass('Out Setting 2 offers the new distributor for the excess')
    await openFromMenu(admin, 'OutSet', 'Throw Number', '/outset/throwNumber')
    const filters = admin.locator('[data-widget-id=filters]')
    await filters.getByLabel('Draw').selectOption(String(draw.DrawId))
    await filters.getByRole('button', { name: 'Show' }).click()
    const form = admin.locator('[data-widget-id=throw4d]')
    await form.getByLabel('Number').fill('1234')
    await form.getByLabel('Big').fill('20')
    await form.getByLabel('Distributor').selectOption({ label: 'Outlet East' })
    await form.getByRole('button', { name: 'Throw 4D' }).click()
    await admin.locator('[data-widget-id=throws4d] tbody tr').filter({ hasText: 'Outlet East' }).waitFor()
    const out = await rowByHeading(await betsPage(admin, 'Bets Out', draw.DrawId), 'Outlet East')
    t.match(out, { Number: '1234', Form: 'Thrown out' })
    t.equal(money(out.Big ?? ''), 20, 'admin\'s Bets Out: $20 Big of 1234 thrown to the distributor')
    await liveRow(adminLive.table, '1234', { Intake: '30.00', 'Thrown out': '20.00', Kept: '10.00' })
    t.ok(await noReload(adminLive.page), 'admin\'s live page: $20 thrown out, $10 left kept, without a reload')
  })

  await t.test('after the draw is finalised, ag1\'s share claim adds up to 100 % of the group\'s win/loss', async (t) => {
    offsetMs = Date.parse(draw.CloseDate) - Date.now() + 60_000
    const later = await gameApiToken(e2e, 'admin')
    await gameApi(e2e, later, 'POST', '4d/draw/result', { DrawId: draw.DrawId, Result: RESULT })
    t.equal((await gameApi(e2e, later, 'PUT', '4d/draw', { DrawId: draw.DrawId, IsFinalised: true })).IsFinalised, true)
    const full = await gameApi(e2e, await gameApiToken(e2e, 'ag1'), 'GET', `4d/reportFull?DrawId=${draw.DrawId}`) as { totals: { Stake: number, Strike: number } }
    const winLoss = Math.round((full.totals.Stake - full.totals.Strike) * 100) / 100
    const page = await signedIn(e2e, 'ag1')
    await page.goto(`${e2e.url}/control/shareClaimCompany?DrawId=${draw.DrawId}`)
    const table = page.locator('[data-widget-id=holders]')
    await table.locator('tbody tr').filter({ hasText: 'admin' }).waitFor({ timeout: 15_000 })
    const headers = (await table.locator('thead th').allInnerTexts()).map((h) => h.replace(/[▲▼]/g, '').trim())
    const cells = (await table.locator(`tbody tr td:nth-child(${headers.indexOf('Win/loss held') + 1})`).allInnerTexts()).map(money)
    t.equal(money(await table.locator('tfoot td[data-sum=WinLoss]').innerText()), winLoss, `the group's stake less its payout (${winLoss})`)
    t.equal(Math.round(cells.reduce((s, c) => s + c, 0) * 100), Math.round(winLoss * 100), 'the holders\' parts add up to it, to the cent')
    t.equal((await table.locator('tfoot td[data-sum=Part]').innerText()).trim(), '100.00%', 'and to 100 %')
  })
})
