import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'

// groupExpense: GET, POST and DELETE groupExpense/:id — an expense charged to an agent's group shows in its statement and sums; a delete gives it back.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const admin = await h.signIn('admin')
  const ag1 = await h.signIn('ag1')
  const mem1 = await h.signIn('mem1')
  const balance = async (userId: string) => (await h.db.query<{ acc_bal: string }>('SELECT acc_bal FROM users WHERE user_id = $1', [userId])).rows[0]!.acc_bal
  const today = (await h.call('GET', '/api/v1/4d/statementByUserId?UserId=ag2', { token: admin })).json().data.DrawFrom as string
  let expenseId = 0

  t.test('ag1 charges an expense to ag2\'s group', async (t) => {
    const before = Number(await balance('ag2'))
    const made = await h.call('POST', '/api/v1/4d/groupExpense', { token: ag1, payload: { UserId: 'ag2', ExpenseDate: today, Amount: 45.5, Description: 'SMS gateway' } })
    t.equal(made.statusCode, 200, JSON.stringify(made.json()))
    t.match(made.json().data, { UserId: 'ag2', ExpenseDate: today, Amount: 45.5, Description: 'SMS gateway', CreatedBy: 'ag1' })
    expenseId = made.json().data.ExpenseId
    t.equal(Number(await balance('ag2')), before - 45.5, 'charged to the group\'s head')
    const statement = (await h.call('GET', '/api/v1/4d/statementByUserId?UserId=ag2', { token: ag1 })).json().data
    t.match(statement.Entries.at(-1), { Kind: 'expense', Amount: -45.5, EntryId: made.json().data.EntryId })
    const sums = (await h.call('GET', '/api/v1/4d/selectStatementSum', { token: ag1 })).json().data as Array<{ UserId: string, Expenses: number }>
    t.match(sums.find((r) => r.UserId === 'ag2'), { Expenses: -45.5 })
    const listed = (await h.call('GET', '/api/v1/4d/groupExpense', { token: admin })).json().data as Array<{ ExpenseId: number }>
    t.same(listed.map((e) => e.ExpenseId), [expenseId], 'admin sees the groups below it')
    t.same((await h.call('GET', '/api/v1/4d/groupExpense?UserId=ag2', { token: mem1 })).statusCode, 403)
  })

  t.test('refusals: a player, one\'s own group, a bad date, not cents', async (t) => {
    t.match((await h.call('POST', '/api/v1/4d/groupExpense', { token: ag1, payload: { UserId: 'mem1', ExpenseDate: today, Amount: 1, Description: 'x' } })).json(), { code: 'GA_GROUP_EXPENSE_NOT_GROUP' })
    t.match((await h.call('POST', '/api/v1/4d/groupExpense', { token: ag1, payload: { UserId: 'ag1', ExpenseDate: today, Amount: 1, Description: 'x' } })).json(), { code: 'GA_PAYMENT_OWN' })
    t.match((await h.call('POST', '/api/v1/4d/groupExpense', { token: ag1, payload: { UserId: 'ag2', ExpenseDate: '2026-02-30', Amount: 1, Description: 'x' } })).json(), { code: 'GA_FIELD_NOT_DATE', params: ['body/ExpenseDate', '2026-02-30'] })
    t.match((await h.call('POST', '/api/v1/4d/groupExpense', { token: ag1, payload: { UserId: 'ag2', ExpenseDate: today, Amount: 1.001, Description: 'x' } })).statusCode, 400)
    t.match((await h.call('POST', '/api/v1/4d/groupExpense', { token: ag1, payload: { UserId: 'ag2', ExpenseDate: today, Amount: 1 } })).json(), { message: 'body/Description is required' })
    t.equal((await h.call('POST', '/api/v1/4d/groupExpense', { token: mem1, payload: { UserId: 'ag2', ExpenseDate: today, Amount: 1, Description: 'x' } })).statusCode, 403)
  })

  t.test('a delete gives the charge back, once', async (t) => {
    const before = Number(await balance('ag2'))
    t.equal((await h.call('DELETE', `/api/v1/4d/groupExpense/${expenseId}`, { token: mem1 })).statusCode, 403)
    const gone = await h.call('DELETE', `/api/v1/4d/groupExpense/${expenseId}`, { token: ag1 })
    t.equal(gone.statusCode, 200)
    t.equal(Number(await balance('ag2')), before + 45.5)
    const sums = (await h.call('GET', '/api/v1/4d/selectStatementSum', { token: ag1 })).json().data as Array<{ UserId: string, Expenses: number, PaidOut: number }>
    t.match(sums.find((r) => r.UserId === 'ag2'), { Expenses: 0, PaidOut: 0 }, 'the reversal nets into Expenses, not into payments')
    t.same((await h.call('GET', '/api/v1/4d/groupExpense', { token: admin })).json().data, [])
    const again = await h.call('DELETE', `/api/v1/4d/groupExpense/${expenseId}`, { token: ag1 })
    t.equal(again.statusCode, 404)
    t.match(again.json(), { code: 'GA_GROUP_EXPENSE_NOT_FOUND' })
  })
})
