import t from 'tap'
import { gameApi, gameApiToken, signInAt, startE2E, openFromMenu } from '../support.ts'
import { confirmOk } from '../../helpers/browser.ts'
import { zoneDateOf } from '../../../schemas/domain/calendar.ts'

// Issue #31's payment calls on their pages, as admin: a group expense added and deleted on Payments, the month's
// statement on Payment History naming the expense's kind, and a user's own pay table given and taken back on Pay Rate.

t.test('group expenses, the monthly statement and own pay tables on their pages', async (t) => {
  const e2e = await startE2E(t)
  const token = await gameApiToken(e2e, 'admin')
  const { page, errors } = await e2e.newPage({ viewport: { width: 1400, height: 900 } })
  await signInAt(e2e, page, 'admin')
  const today = zoneDateOf(new Date())
  const expenses = page.locator('[data-widget-id=expenses] tbody tr').filter({ hasText: 'w3 stationery' })

  await t.test('Payments: Add group expense charges ag1\'s group; the table lists it', async (t) => {
    await openFromMenu(page, 'Administration', 'Payments', '/admin/payments')
    await page.getByRole('button', { name: 'Add group expense' }).click()
    const dialog = page.locator('dialog[open]')
    await dialog.getByLabel(/^User ID/).selectOption('ag1')
    await dialog.getByLabel(/^Date/).fill(today)
    await dialog.getByLabel(/^Amount/).fill('12.34')
    await dialog.getByLabel(/^Description/).fill('w3 stationery')
    await dialog.getByRole('button', { name: 'Record', exact: true }).click()
    const done = dialog.getByRole('status').filter({ hasText: 'charged to ag1' })
    await done.waitFor()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expenses.waitFor()
    t.match(await expenses.innerText(), /ag1[\s\S]*12\.34/, 'the expense row: group and amount')
    const listed = await gameApi(e2e, token, 'GET', '4d/groupExpense') as Array<{ Description: string, Amount: number }>
    t.match(listed, [{ Description: 'w3 stationery', Amount: 12.34 }], 'the game API holds it')
  })

  await t.test('Payment History: the month\'s statement of ag1 lists the charge as a group expense', async (t) => {
    await openFromMenu(page, 'Administration', 'Payment History', '/admin/paymentHist')
    await page.getByRole('combobox', { name: 'User' }).fill('ag1')
    await page.getByRole('option', { name: /^ag1/ }).click()
    await page.getByLabel(/^Month/).fill(today.slice(0, 7))
    await page.getByRole('button', { name: 'Show' }).click()
    const row = page.locator('[data-widget-id=monthly] tbody tr').filter({ hasText: 'Group expense' }).first()
    await row.waitFor()
    t.match(await row.innerText(), /-12\.34/, 'charged to the group\'s head')
  })

  await t.test('Payments: deleting the expense (confirmed) drops it from the list', async (t) => {
    await openFromMenu(page, 'Administration', 'Payments', '/admin/payments')
    await expenses.waitFor()
    await expenses.getByRole('button', { name: 'Delete' }).click()
    await confirmOk(page, /Delete this expense\?/)
    await expenses.waitFor({ state: 'detached' })
    const listed = await gameApi(e2e, token, 'GET', '4d/groupExpense') as Array<{ Description: string }>
    t.equal(listed.filter((e) => e.Description === 'w3 stationery').length, 0, 'the game API no longer lists it')
  })

  await t.test('Pay Rate: ag1 given a table of its own, then back to the operator\'s', async (t) => {
    await openFromMenu(page, 'Control', 'Pay Rate', '/control/payRate')
    const ag1 = page.getByRole('treeitem', { name: /^ag1/ })
    await ag1.focus()
    await page.keyboard.press('Enter')
    t.equal(await ag1.getAttribute('aria-selected'), 'true')
    const give = page.locator('[data-action-id=ownTable]')
    await give.getByRole('button', { name: 'Give own table' }).click()
    await confirmOk(page, /pay table of its own/)
    await give.getByRole('status').filter({ hasText: 'now has its own pay table' }).waitFor()
    await give.getByRole('button', { name: 'Give own table' }).click()
    await confirmOk(page)
    const refused = give.getByRole('alert')
    await refused.waitFor()
    t.match(await refused.innerText(), /ag1/, 'a second one is refused: ag1 has one')
    const back = page.locator('[data-action-id=operatorTable]')
    await back.getByRole('button', { name: 'Back to the operator\'s table' }).click()
    await confirmOk(page, /Remove the chosen user/)
    const answer = back.locator('[role=status], [role=alert]').first()
    await answer.waitFor()
    t.match(await answer.innerText(), /paid by the operator's table again/, 'ag1 is paid by the operator\'s table again')
  })

  t.same(errors, [], 'no uncaught page errors')
})
