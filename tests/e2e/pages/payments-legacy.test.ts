import t from 'tap'
import { gameApi, gameApiToken, signInAt, startE2E, openFromMenu } from '../support.ts'
import { confirmOk } from '../../helpers/browser.ts'
import { zoneDateOf } from '../../../schemas/domain/calendar.ts'

// Issue #31's payment dialogs on their pages, as admin: a group expense added through its dialog and deleted after the
// confirmation on Payments, and on Pay Rate a user chosen in the tree by keyboard given its own pay table and taken back,
// each after its confirmation. The tables, the monthly statement and the actions' answers and texts are proven through
// the service (tests/server/pages/payments-expenses.test.ts, pay-rate.test.ts).

t.test('the group expense and own pay table dialogs on their pages', async (t) => {
  const e2e = await startE2E(t)
  const token = await gameApiToken(e2e, 'admin')
  const { page, errors } = await e2e.newPage({ viewport: { width: 1400, height: 900 } })
  await signInAt(e2e, page, 'admin')
  const today = zoneDateOf(new Date())
  const expenses = page.locator('[data-widget-id=expenses] tbody tr').filter({ hasText: 'w3 stationery' })

  await t.test('Payments: the Add group expense dialog charges ag1\'s group', async (t) => {
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
    const listed = await gameApi(e2e, token, 'GET', '4d/groupExpense') as Array<{ Description: string, Amount: number }>
    t.match(listed, [{ Description: 'w3 stationery', Amount: 12.34 }], 'the game API holds it')
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
    t.equal(await ag1.getAttribute('aria-selected'), 'true', 'Enter on the focused tree item chooses ag1')
    const give = page.locator('[data-action-id=ownTable]')
    await give.getByRole('button', { name: 'Give own table' }).click()
    await confirmOk(page, /pay table of its own/)
    await give.getByRole('status').filter({ hasText: 'now has its own pay table' }).waitFor()
    const back = page.locator('[data-action-id=operatorTable]')
    await back.getByRole('button', { name: 'Back to the operator\'s table' }).click()
    await confirmOk(page, /Remove the chosen user/)
    await back.getByRole('status').filter({ hasText: 'paid by the operator\'s table again' }).waitFor()
  })

  t.same(errors, [], 'no uncaught page errors')
})
