import t from 'tap'
import type { Locator } from 'playwright-core'
import { clickRowAction, gameApi, gameApiToken, openFromMenu, signInAt, startE2E } from '../support.ts'
import { zoneDateOf } from '../../../schemas/domain/calendar.ts'

// Seed 001 §7's statement calls on their pages, as admin (demo tree admin > ag1 > ag2 > mem2): the whole group's sums
// (selectStatementSumFull) beside the direct downline's, a balance adjustment (updateStatementSum) refused at 0 then
// recorded, several payments in one go (insertStatements), and Payment History listing them by kind with the kinds'
// legend (selectStatementType); the 4D figures of the period (dSelectStatementSummary) in their tab.

/** The row of a table holding that user id in a cell of its own. */
const rowOf = (table: Locator, userId: string) => table.locator('tbody tr').filter({ has: table.page().getByRole('cell', { name: userId, exact: true }) })

/** The cell of a row under the heading of that name. */
async function cellOf (table: Locator, userId: string, heading: string): Promise<string> {
  const row = rowOf(table, userId).first()
  await row.waitFor()
  const headings = (await table.locator('thead th').allInnerTexts()).map((h) => h.replace(/[▲▼]/g, '').trim())
  return (await row.locator('td').nth(headings.indexOf(heading)).innerText()).trim()
}

t.test('statement calls on Payments and Payment History', async (t) => {
  const e2e = await startE2E(t)
  const token = await gameApiToken(e2e, 'admin')
  const { page, errors } = await e2e.newPage({ viewport: { width: 1500, height: 900 } })
  await signInAt(e2e, page, 'admin')
  await openFromMenu(page, 'Administration', 'Payments', '/admin/payments')
  const direct = page.locator('[data-widget-id=sums]')
  const group = page.locator('[data-widget-id=groupSums]')

  await t.test('Whole group shows the grand-downline ag2 that the direct downline does not', async (t) => {
    await rowOf(direct, 'ag1').waitFor()
    t.equal(await rowOf(direct, 'ag2').count(), 0, 'ag2 (under ag1) is not in the direct sums')
    await page.getByRole('tab', { name: 'Whole group' }).click()
    t.equal(await cellOf(group, 'ag2', 'Account balance'), '-300.00', 'ag2\'s balance in the whole group\'s sums')
    t.equal(await rowOf(group, 'mem2').count(), 1, 'and ag2\'s player mem2')
  })

  await t.test('Adjust balance on ag2: 0 is refused with its text, then 15.50 is recorded in Adjusted', async (t) => {
    await clickRowAction(rowOf(group, 'ag2').first(), 'Adjust balance')
    const dialog = page.locator('dialog[open]')
    await dialog.getByLabel(/^Amount/).fill('0')
    await dialog.getByLabel(/^Remarks/).fill('h7 rounding')
    await dialog.getByRole('button', { name: 'Adjust', exact: true }).click()
    const refused = dialog.getByRole('alert').filter({ hasText: 'adjustment' })
    await refused.waitFor()
    t.match(await refused.innerText(), /An adjustment needs an amount other than 0\./, 'the catalogue\'s text for GA_ADJUST_NOTHING')
    await dialog.getByLabel(/^Amount/).fill('15.5')
    await dialog.getByRole('button', { name: 'Adjust', exact: true }).click()
    const done = dialog.getByRole('status').filter({ hasText: 'Adjustment recorded for ag2' })
    await done.waitFor()
    t.match(await done.innerText(), /account balance now -284\.50/, 'the balance the game API answers')
    await dialog.getByRole('button', { name: 'Close' }).click()
    t.equal(await cellOf(group, 'ag2', 'Adjusted'), '15.50', 'the whole group\'s sums show it under Adjusted')
  })

  await t.test('Record several payments: two lines in one go, the batch remarks on the line without its own', async (t) => {
    await page.getByRole('button', { name: 'Record several payments' }).click()
    const dialog = page.locator('dialog[open]')
    await dialog.getByLabel('Remarks for lines without their own', { exact: true }).fill('h7 batch')
    await dialog.getByLabel('User ID 1', { exact: true }).fill('ag2')
    await dialog.getByLabel('Direction 1', { exact: true }).selectOption('OUT')
    await dialog.getByLabel('Amount 1', { exact: true }).fill('1.25')
    await dialog.getByLabel('User ID 2', { exact: true }).fill('mem2')
    await dialog.getByLabel('Amount 2', { exact: true }).fill('7')
    await dialog.getByLabel('Remarks 2', { exact: true }).fill('h7 own')
    await dialog.getByRole('button', { name: 'Record', exact: true }).click()
    await dialog.getByRole('status').filter({ hasText: '2 payments recorded together.' }).waitFor()
    await dialog.getByRole('button', { name: 'Close' }).click()
    const entries = (await gameApi(e2e, token, 'GET', '4d/statementByUserId?UserId=mem2')).Entries as Array<{ Kind: string, Amount: number, Remarks: string }>
    t.match(entries.at(-1), { Kind: 'payment_in', Amount: 7, Remarks: 'h7 own' }, 'the game API holds mem2\'s payment')
  })

  await t.test('4D figures: the chosen period\'s 4D bets per direct downline, as the game API sums them', async (t) => {
    // Two weeks back: the demo history's settled draws.
    const from = zoneDateOf(new Date(Date.now() - 14 * 86400_000))
    await page.getByLabel(/^From/).fill(from)
    await page.getByRole('button', { name: 'Show' }).click()
    await page.getByRole('tab', { name: '4D figures' }).click()
    const figures = page.locator('[data-widget-id=statement4d]')
    const answer = await gameApi(e2e, token, 'GET', `4d/dSelectStatementSummary?DrawFrom=${from}`) as { rows: Array<{ UserId: string, Stake: number }> }
    const ag1 = answer.rows.find((r) => r.UserId === 'ag1')
    t.ok(ag1 !== undefined && ag1.Stake > 0, 'ag1\'s group bet in the period')
    t.equal(await cellOf(figures, 'ag1', 'Stake'), (ag1?.Stake ?? 0).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }), 'ag1\'s 4D stake')
  })

  await t.test('Payment History: ag2\'s entries name their kinds; the legend lists every kind', async (t) => {
    await openFromMenu(page, 'Administration', 'Payment History', '/admin/paymentHist')
    await page.getByRole('combobox', { name: 'User' }).fill('ag2')
    await page.getByRole('option', { name: /^ag2/ }).click()
    await page.getByRole('button', { name: 'Show' }).click()
    const rows = page.locator('[data-widget-id=entries] tbody tr')
    const adjustment = rows.filter({ hasText: 'h7 rounding' })
    await adjustment.waitFor()
    t.match(await adjustment.innerText(), /Adjustment[\s\S]*15\.50/, 'the adjustment, with its kind')
    t.match(await rows.filter({ hasText: 'h7 batch' }).innerText(), /Payment out[\s\S]*-1\.25/, 'the batch payment, with its kind')
    const legend = page.locator('[data-widget-id=types] tbody tr')
    t.match(await legend.filter({ hasText: 'Adjustment' }).innerText(), /Yes/, 'an adjustment is entered by hand')
    t.match(await legend.filter({ hasText: 'Draw settled' }).innerText(), /No/, 'a settlement is written by the system')
  })

  t.same(errors, [], 'no uncaught page errors')
})
