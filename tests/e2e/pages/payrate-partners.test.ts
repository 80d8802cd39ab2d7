import t from 'tap'
import { clickRowAction, gameApi, gameApiToken, openFromMenu, signInAt, startE2E } from '../support.ts'
import { confirmOk } from '../../helpers/browser.ts'

// Issue #31 on two pages, as admin: Pay Rate's per-table tabs (payRatesN/I/K) with an iBet rate saved and kept after a reload and the
// own-table action still there, and Out Setting 3's partner web address (PUT distributors/{id}/partners Web) listed by getPartnerWeb.

t.test('Pay Rate tabs per table and Out Setting 3\'s partner web addresses', async (t) => {
  const e2e = await startE2E(t)
  const token = await gameApiToken(e2e, 'admin')
  const { page, errors } = await e2e.newPage({ viewport: { width: 1400, height: 900 } })
  await signInAt(e2e, page, 'admin')

  await t.test('Pay Rate: iBet class 12 Big First changed, saved, and kept after a reload', async (t) => {
    await openFromMenu(page, 'Control', 'Pay Rate', '/control/payRate')
    const tabs = page.locator('[data-widget-id=tables]')
    t.same(await tabs.getByRole('tab').allInnerTexts(), ['Straight & Roll', 'iBet', 'kBet'], 'one tab per table')
    const iBet = page.locator('[data-widget-id=ratesI]')
    const read = page.waitForResponse((r) => r.url().includes('/api/v1/4d/payRatesI'))
    await tabs.getByRole('tab', { name: 'iBet' }).click()
    t.equal((await read).status(), 200, 'the tab reads payRatesI')
    // Rows: class 24 Big and Small, then class 12 Big…; columns: Class, Form, First…
    const first12 = iBet.locator('[data-cell="ratesI-2-2"]')
    await first12.waitFor()
    t.equal(await iBet.locator('[data-cell="ratesI-2-0"]').innerText(), '12')
    t.equal(await first12.innerText(), '166', 'Singapore Pools\' class 12 Big first prize')
    await first12.dblclick()
    await page.keyboard.press('Control+A')
    await page.keyboard.type('170.5')
    await page.keyboard.press('Enter')
    await iBet.getByRole('row').nth(3).getByRole('button', { name: 'Save' }).click()
    await page.getByRole('status').filter({ hasText: 'Pay rates saved.' }).waitFor()
    const held = await gameApi(e2e, token, 'GET', '4d/payRatesI') as Array<{ Key: string, First: number }>
    t.match(held.find((r) => r.Key === 'I12-Big'), { First: 170.5 }, 'the game API holds it')
    const settled = await gameApi(e2e, token, 'GET', '4d/payRates') as Array<{ Key: string, First: number }>
    t.match(settled.find((r) => r.Key === 'I12-Big'), { First: 170.5 }, 'the table settlement reads changed with it')

    await page.reload()
    await page.locator('[data-widget-id=tables]').getByRole('tab', { name: 'iBet' }).click()
    await page.waitForFunction(() => document.querySelector('[data-cell="ratesI-2-2"]')?.textContent === '170.5')
    t.pass('kept after a reload')
  })

  await t.test('Pay Rate: the own-table action gives ag1 a table of its own, read by the kBet tab', async (t) => {
    const ag1 = page.getByRole('treeitem', { name: /^ag1/ })
    const kBet = page.waitForResponse((r) => r.url().includes('/api/v1/4d/payRatesK') && r.url().includes('UserId=ag1'))
    await page.locator('[data-widget-id=tables]').getByRole('tab', { name: 'kBet' }).click()
    await ag1.focus()
    await page.keyboard.press('Enter')
    t.equal((await kBet).status(), 200, 'the kBet grid reads ag1\'s table')
    const give = page.locator('[data-action-id=ownTable]')
    await give.getByRole('button', { name: 'Give own table' }).click()
    await confirmOk(page, /pay table of its own/)
    await give.getByRole('status').filter({ hasText: 'now has its own pay table' }).waitFor()
    const own = await gameApi(e2e, token, 'GET', '4d/payRatesI?UserId=ag1') as Array<{ Key: string, First: number }>
    t.match(own.find((r) => r.Key === 'I12-Big'), { First: 170.5 }, 'a copy of the operator\'s table as it is now')
    const back = page.locator('[data-action-id=operatorTable]')
    await back.getByRole('button', { name: 'Back to the operator\'s table' }).click()
    await confirmOk(page, /Remove the chosen user/)
    await back.getByRole('status').filter({ hasText: 'paid by the operator\'s table again' }).waitFor()
  })

  await t.test('Out Setting 3: the owner sets a partner web address, listed as text; a javascript: address is refused', async (t) => {
    await openFromMenu(page, 'OutSet', 'Out Setting 3', '/outset/outSetting3')
    const add = page.locator('[data-widget-id=addDistributor]')
    await add.getByLabel(/^Name/).fill('Harbour Outlet')
    await add.getByRole('button', { name: 'Add distributor' }).click()
    const row = page.locator('[data-widget-id=distributors]').getByRole('row').filter({ hasText: 'Harbour Outlet' })
    await row.waitFor()

    await clickRowAction(row, 'Partners')
    const dialog = page.locator('dialog[open]')
    const web = dialog.getByLabel(/^Web address/)
    t.equal(await web.inputValue(), '', 'no address yet')
    await web.fill('https://harbour.example.com/bets')
    await dialog.getByRole('button', { name: 'Save' }).click()
    const listed = page.locator('[data-widget-id=partnerWeb]').getByRole('row').filter({ hasText: 'Harbour Outlet' })
    await listed.getByText('https://harbour.example.com/bets').waitFor()
    t.equal(await page.locator('[data-widget-id=partnerWeb] a').count(), 0, 'shown as text, never a link')
    const answered = await gameApi(e2e, token, 'GET', '4d/getPartnerWeb') as Array<{ Name: string, Web: string }>
    t.match(answered.find((p) => p.Name === 'Harbour Outlet'), { Web: 'https://harbour.example.com/bets' }, 'the game API holds it')

    await clickRowAction(row, 'Partners')
    t.equal(await web.inputValue(), 'https://harbour.example.com/bets', 'the dialog is prefilled with it')
    await web.fill('javascript:alert(1)')
    await dialog.getByRole('button', { name: 'Save' }).click()
    const refused = dialog.getByRole('alert').filter({ hasText: 'is not valid' })
    await refused.waitFor()
    t.match(await refused.innerText(), /Web address .*is not valid\./, 'the catalogue\'s refusal names the field')
    const kept = await gameApi(e2e, token, 'GET', '4d/getPartnerWeb') as Array<{ Name: string, Web: string }>
    t.match(kept.find((p) => p.Name === 'Harbour Outlet'), { Web: 'https://harbour.example.com/bets' }, 'nothing refused was written')
  })

  t.same(errors, [], 'no uncaught page errors')
})
