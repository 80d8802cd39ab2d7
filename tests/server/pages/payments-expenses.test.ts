import t from 'tap'
import { signedIn } from '../../helpers/http-browser.ts'
import { buildProduct } from '../../helpers/build.ts'
import { zoneDateOf } from '../../../schemas/domain/calendar.ts'
import { catalogueOf, cents, fieldHeaded, gameApiAs, pageOf, read, tableOf } from './report-tables.ts'

// Issue #31's group expense through the service as admin: the Add group expense form's call charges ag1's group and the
// Payments table lists it, the month's statement on Payment History names its kind, and the table's Delete (after its
// confirmation) drops it. The dialogs themselves stay in tests/e2e/pages/payments-legacy.test.ts.

interface Submit { endpoint: string, method?: string, successKey?: string }
interface Action { id: string, kind: string, endpoint?: string, method?: string, confirmKey?: string, form?: { submit: Submit } }

t.test('a group expense on Payments and in the monthly statement', async (t) => {
  const { serviceUrl, gameApiUrl } = await buildProduct(t)
  const admin = await signedIn(serviceUrl, 'admin')
  const say = await catalogueOf(admin)
  const today = zoneDateOf(new Date())
  const page = await (await admin.get('/ui/pages?path=%2Fadmin%2Fpayments')).json as { actions: Action[] }
  const payments = await pageOf(admin, '/admin/payments')
  const expenses = tableOf(payments, 'expenses')
  const listed = async () => (await read(admin, expenses)).rows.filter((r) => r[fieldHeaded(expenses, 'Description', say)] === 'w3 stationery')

  await t.test('Payments: Add group expense charges ag1\'s group; the table lists it', async (t) => {
    const add = page.actions.find((a) => a.id === 'addExpense')!.form!.submit
    const added = await admin.request(add.method ?? 'POST', add.endpoint, { body: { UserId: 'ag1', ExpenseDate: today, Amount: 12.34, Description: 'w3 stationery' } })
    t.equal(added.status, 200, 'the form\'s call is accepted')
    const rows = await listed()
    t.same(rows.map((r) => [r[fieldHeaded(expenses, 'User ID', say)], cents(r[fieldHeaded(expenses, 'Amount', say)])]), [['ag1', 1234]], 'the expense row: group and amount')
  })

  await t.test('Payment History: the month\'s statement of ag1 lists the charge as a group expense', async (t) => {
    const monthly = tableOf(await pageOf(admin, '/admin/paymentHist'), 'monthly')
    const kind = monthly.columns.find((c) => c.field === fieldHeaded(monthly, 'Kind', say))!
    const rows = (await read(admin, monthly, { UserId: 'ag1', Month: today.slice(0, 7) })).rows
    const expense = rows.find((r) => say(kind.statusLabels?.[String(r[kind.field])]) === 'Group expense')
    t.equal(cents(expense?.[fieldHeaded(monthly, 'Amount', say)]), -1234, 'charged to the group\'s head')
  })

  await t.test('Payments: the Delete action, confirmed, drops the expense from the list', async (t) => {
    const remove = expenses.rowActions?.find((a) => a.id === 'deleteExpense') as Action | undefined
    t.match(say(remove?.confirmKey), /^Delete this expense\?/, 'it asks first')
    const [row] = await listed()
    const gone = await admin.request(remove!.method!, remove!.endpoint!.replace(':ExpenseId', String(row?.ExpenseId)))
    t.equal(gone.status, 200, 'deleted')
    t.same(await listed(), [], 'the table no longer lists it')
    const held = await (await gameApiAs(gameApiUrl, 'admin'))('4d/groupExpense') as Array<{ Description: string }>
    t.equal(held.filter((e) => e.Description === 'w3 stationery').length, 0, 'the game API no longer lists it')
  })
})
