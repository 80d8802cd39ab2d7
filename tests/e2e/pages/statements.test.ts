import t from 'tap'
import type { Locator } from 'playwright-core'
import { clickRowAction, gameApi, gameApiToken, openFromMenu, signInAt, startE2E } from '../support.ts'

// Seed 001 §7's statement dialogs on Payments, as admin (demo tree admin > ag1 > ag2 > mem2): Adjust balance shows the
// refusal of 0 and then what was recorded, and Record several payments sends its lines in one go. The sums, the adjustment's
// figures, the 4D figures and Payment History are proven through the service (tests/server/pages/payments-statements.test.ts).

/** The row of a table holding that user id in a cell of its own. */
const rowOf = (table: Locator, userId: string) => table.locator('tbody tr').filter({ has: table.page().getByRole('cell', { name: userId, exact: true }) })

t.test('statement dialogs on Payments', async (t) => {
  const e2e = await startE2E(t)
  const token = await gameApiToken(e2e, 'admin')
  const { page, errors } = await e2e.newPage({ viewport: { width: 1500, height: 900 } })
  await signInAt(e2e, page, 'admin')
  await openFromMenu(page, 'Administration', 'Payments', '/admin/payments')
  const group = page.locator('[data-widget-id=groupSums]')

  await page.getByRole('tab', { name: 'Whole group' }).click()
  await rowOf(group, 'ag2').first().waitFor()

  await t.test('Adjust balance on ag2: the dialog shows 0 refused with its text, then 15.50 recorded', async (t) => {
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

  t.same(errors, [], 'no uncaught page errors')
})
