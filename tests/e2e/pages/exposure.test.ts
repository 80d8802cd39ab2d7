import t from 'tap'
import { gameApi, gameApiToken, openFromMenu, signInAt, startE2E } from '../support.ts'

// OutSet › Live Exposure in the browser: admin has the page open; mem1 places a bet through the game API; the page shows
// the new intake without a reload, as the game API's exposure counts it for admin.

const money = (text: string) => Number(text.replace(/,/g, ''))

t.test('admin\'s Live Exposure shows a bet mem1 places, without a reload', async (t) => {
  const e2e = await startE2E(t)
  const admin = await gameApiToken(e2e, 'admin')
  // The draw the page shows by default: the next to close.
  const before = await gameApi(e2e, admin, 'GET', '4d/exposure') as { DrawId: number, rows: Array<{ Number: string }> }
  const number = ['2468', '1357', '8642', '7531'].find((n) => !before.rows.some((r) => r.Number === n))!

  const { page, errors } = await e2e.newPage()
  await signInAt(e2e, page, 'admin')
  await openFromMenu(page, 'OutSet', 'Live Exposure', '/outset/exposure')
  const table = page.locator('[data-widget-id=exposure]')
  await table.waitFor({ timeout: 15_000 })
  // A mark on the window: a reload would take it away.
  await page.evaluate(() => { (window as unknown as { exposureMark: number }).exposureMark = 1 })
  t.equal(await table.locator('tbody tr').filter({ hasText: number }).count(), 0, `${number} is not on the page yet`)

  const mem1 = await gameApiToken(e2e, 'mem1')
  await gameApi(e2e, mem1, 'POST', '4d/bet', { DrawIds: [before.DrawId], Lines: [{ Number: number, Big: 3 }] })
  const accepted = Date.now()
  const after = await gameApi(e2e, admin, 'GET', `4d/exposure?DrawId=${before.DrawId}`) as { rows: Array<{ Number: string, Intake: number }> }
  const expected = after.rows.find((r) => r.Number === number)
  t.ok(expected && expected.Intake > 0, `the game API counts the intake reaching admin (${expected?.Intake})`)

  const row = table.locator('tbody tr').filter({ hasText: number })
  await row.waitFor({ timeout: 10_000 })
  t.comment(`bet accepted → row on the page: ${Date.now() - accepted} ms`)
  const headers = (await table.locator('thead th').allInnerTexts()).map((h) => h.replace(/[▲▼]/g, '').trim())
  const intake = money(await row.locator(`td:nth-child(${headers.indexOf('Intake') + 1})`).innerText())
  t.equal(intake, expected?.Intake, 'the page shows the intake the game API counts')
  t.equal(await page.evaluate(() => (window as unknown as { exposureMark?: number }).exposureMark), 1, 'no reload')
  t.same(errors, [], 'no script errors')
})
