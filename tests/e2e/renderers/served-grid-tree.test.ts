import t from 'tap'
import { gameApiToken, signInAt, startE2E, openFromMenu } from '../support.ts'
import { confirmOk } from '../../helpers/browser.ts'

// The shipped Pay Rate page as the service serves it: a downline tree (mLoadDirectDownLine) whose chosen user's 4D pay table the
// Straight & Roll tab's grid edits (payRatesN, PUT payRate, PUT payRateDefault), through the proxy, in Debian's Chromium, signed in as admin.

const PAGE = '/control/payRate'
type RateRow = { Key: string, First: number, Second: number }

t.test('pay rates: a grid save and reset, and a tree node opened and chosen driving the grid', async (t) => {
  const e2e = await startE2E(t)
  const token = await gameApiToken(e2e, 'admin')
  const rates = async (userId?: string) => (await fetch(`${e2e.product.gameApiUrl}/api/v1/4d/payRates${userId ? `?UserId=${userId}` : ''}`, { headers: { authorization: `Bearer ${token}` } })
    .then((r) => r.json()) as { data: RateRow[] }).data
  const rate = async (key: string, userId?: string) => (await rates(userId)).find((r) => r.Key === key)

  const { page, errors } = await e2e.newPage({ viewport: { width: 1280, height: 900 } })
  await signInAt(e2e, page, 'admin')
  await openFromMenu(page, 'Control', 'Pay Rate', PAGE)
  // The Straight & Roll tab opens first: Form, First, Second, Third, Starter, Consolation.
  const cell = (r: number, c: number) => page.locator(`[data-cell="ratesN-${r}-${c}"]`)
  await cell(0, 1).waitFor()

  await t.test('the operator\'s table: First of N-Big edited by keyboard, saved through the proxy', async (t) => {
    t.equal(await cell(0, 0).innerText(), 'Big')
    t.equal(await cell(0, 1).innerText(), String((await rate('N-Big'))!.First), 'the game API\'s figure')
    await cell(0, 1).focus()
    await page.keyboard.press('Enter')
    await page.keyboard.press('Control+A')
    await page.keyboard.type('2100.25')
    await page.keyboard.press('Enter')
    t.equal(await cell(0, 1).getAttribute('data-dirty'), 'true')
    await page.getByRole('row').nth(1).getByRole('button', { name: 'Save' }).click()
    await page.getByRole('status').filter({ hasText: 'Pay rates saved.' }).waitFor()
    t.equal((await rate('N-Big'))!.First, 2100.25, 'the game API holds it')
    t.equal(await cell(0, 1).getAttribute('data-dirty'), null)
  })

  await t.test('a broken cell is not sent; a refusal of the game API is shown', async (t) => {
    await cell(1, 4).dblclick()
    await page.keyboard.type('5')
    await page.keyboard.press('Enter')
    await page.getByRole('row').nth(2).getByRole('button', { name: 'Save' }).click()
    await page.getByText('Small pays only the 1st, 2nd and 3rd prizes: leave Starter and Consolation empty.').waitFor()
    t.equal((await rate('N-Small'))!.First, 3000, 'nothing changed')
    await page.getByRole('button', { name: 'Discard changes' }).click()
    t.equal(await page.getByText('Small pays only').count(), 0, 'discarding drops the refusal too')
    await cell(1, 2).dblclick()
    await page.keyboard.press('Control+A')
    await page.keyboard.type('-1')
    await page.keyboard.press('Enter')
    t.match(await cell(1, 2).innerText(), /Please enter a value of at least 0\./)
    await page.getByRole('button', { name: 'Discard changes' }).click()
  })

  await t.test('reset to default: confirmed, PUT payRateDefault, the row reloaded', async (t) => {
    await page.getByRole('row').nth(1).getByRole('button', { name: 'Reset to default' }).click()
    await confirmOk(page)
    await page.waitForFunction(() => document.querySelector('[data-cell="ratesN-0-1"]')?.textContent === '2000')
    t.equal((await rate('N-Big'))!.First, 2000, 'back to the Singapore Pools figure')
  })

  await t.test('tree: ag1 opened by keyboard shows its downline; choosing ag2 makes the grid edit ag2\'s own table', async (t) => {
    const ag1 = page.getByRole('treeitem', { name: /^ag1/ })
    t.equal(await ag1.getAttribute('aria-expanded'), 'false')
    await ag1.focus()
    await page.keyboard.press('ArrowRight')
    const ag2 = page.getByRole('treeitem', { name: /^ag2/ })
    await ag2.waitFor()
    t.equal(await ag2.getAttribute('aria-level'), '2')
    await page.keyboard.press('ArrowRight')
    t.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-node-id')), 'ag2')
    const read = page.waitForResponse((r) => r.url().includes('/api/v1/4d/payRatesN?') && r.url().includes('UserId=ag2'))
    await page.keyboard.press('Enter')
    t.equal(await ag2.getAttribute('aria-selected'), 'true')
    t.equal((await read).status(), 200, 'the grid reads ag2\'s table through the proxy')
    // The grid now reads and writes ag2's table: change Second of N-Small and save.
    await page.locator('[data-widget-id="ratesN"] [role=grid]').waitFor()
    await cell(1, 2).dblclick()
    await page.keyboard.press('Control+A')
    await page.keyboard.type('1900')
    await page.keyboard.press('Enter')
    await page.getByRole('row').nth(2).getByRole('button', { name: 'Save' }).click()
    await page.getByRole('status').filter({ hasText: 'Pay rates saved.' }).waitFor()
    t.equal((await rate('N-Small', 'ag2'))!.Second, 1900, 'ag2\'s own table changed')
    t.equal((await rate('N-Small'))!.Second, 2000, 'the operator\'s did not')
  })

  t.same(errors, [], 'no uncaught page errors')
})
