import t from 'tap'
import { gameApiHarness } from '../../harness.ts'

// selectStatementSumFull, statementByMonth, selectStatementType, insertStatements and updateStatementSum (demo tree: admin > ag1 > ag2 > mem2, ag1 > mem1, mem3).
const h = await gameApiHarness(t, 'pglite')
const admin = await h.signIn('admin')
const ag1 = await h.signIn('ag1')
const mem1 = await h.signIn('mem1')
const entriesOf = async (userId: string) => (await h.call('GET', `/api/v1/4d/statementByUserId?UserId=${userId}`, { token: admin })).json().data.Entries as unknown[]

t.test('selectStatementSumFull: the sums of the whole group, selectStatementSum the direct downline', async (t) => {
  const direct = (await h.call('GET', '/api/v1/4d/selectStatementSum', { token: ag1 })).json().data as Array<{ UserId: string }>
  const full = await h.call('GET', '/api/v1/4d/selectStatementSumFull', { token: ag1 })
  t.equal(full.statusCode, 200)
  t.same(direct.map((r) => r.UserId), ['ag2', 'mem1', 'mem3'])
  t.same(full.json().data.map((r: { UserId: string }) => r.UserId), ['ag2', 'mem1', 'mem2', 'mem3'])
  t.match(full.json().data[2], { UserId: 'mem2', Role: 'MEM', Adjusted: 0, Expenses: 0 })
  t.equal((await h.call('GET', '/api/v1/4d/selectStatementSumFull?UserId=ag1', { token: mem1 })).statusCode, 403, 'not above the caller')
  t.equal((await h.call('GET', '/api/v1/4d/selectStatementSumFull?DrawFrom=2026-13-01', { token: ag1 })).statusCode, 400)
})

t.test('insertStatements: many payments, all or none', async (t) => {
  const before = (await entriesOf('mem1')).length
  const done = await h.call('POST', '/api/v1/4d/insertStatements', { token: ag1, payload: { Entries: [{ UserId: 'mem1', Type: 'IN', Amount: 10.5 }, { UserId: 'mem3', Type: 'OUT', Amount: 3, Remarks: 'prize' }] } })
  t.equal(done.statusCode, 200, JSON.stringify(done.json()))
  t.match(done.json().data, [{ UserId: 'mem1', Kind: 'payment_in', Amount: 10.5 }, { UserId: 'mem3', Kind: 'payment_out', Amount: -3, Remarks: 'prize' }])
  t.equal((await entriesOf('mem1')).length, before + 1)
  const outside = await h.call('POST', '/api/v1/4d/insertStatements', { token: ag1, payload: { Entries: [{ UserId: 'mem1', Type: 'IN', Amount: 1 }, { UserId: 'admin', Type: 'IN', Amount: 1 }] } })
  t.equal(outside.statusCode, 403)
  const cents = await h.call('POST', '/api/v1/4d/insertStatements', { token: ag1, payload: { Entries: [{ UserId: 'mem1', Type: 'IN', Amount: 1 }, { UserId: 'mem3', Type: 'IN', Amount: 1.005 }] } })
  t.match(cents.json(), { code: 'GA_FIELD_NOT_CENTS', params: ['body/Entries/1/Amount', '1.005'] })
  t.equal((await entriesOf('mem1')).length, before + 1, 'nothing of a refused batch is written')
  t.equal((await h.call('POST', '/api/v1/4d/insertStatements', { token: ag1, payload: { Entries: [] } })).statusCode, 400)
  const shared = await h.call('POST', '/api/v1/4d/insertStatements', { token: ag1, payload: { Remarks: 'week 47', Entries: [{ UserId: 'mem1', Type: 'IN', Amount: 2 }, { UserId: 'mem3', Type: 'IN', Amount: 1, Remarks: 'own' }] } })
  t.match(shared.json().data, [{ UserId: 'mem1', Remarks: 'week 47' }, { UserId: 'mem3', Remarks: 'own' }], 'the batch\'s remarks fill the entries without their own')
})

t.test('updateStatementSum: an adjustment entry, its own column in the sum row', async (t) => {
  const adjusted = await h.call('POST', '/api/v1/4d/updateStatementSum', { token: ag1, payload: { UserId: 'ag2', Amount: -12.5, Remarks: 'rounding agreed' } })
  t.equal(adjusted.statusCode, 200, JSON.stringify(adjusted.json()))
  t.match(adjusted.json().data, { UserId: 'ag2', Adjusted: -12.5, UserName: 'ag2' })
  t.match((await entriesOf('ag2')).at(-1), { Kind: 'adjustment', Amount: -12.5, Remarks: 'rounding agreed' })
  t.match((await h.call('POST', '/api/v1/4d/updateStatementSum', { token: ag1, payload: { UserId: 'ag2', Amount: 0, Remarks: 'x' } })).json(), { code: 'GA_ADJUST_NOTHING' })
  t.match((await h.call('POST', '/api/v1/4d/updateStatementSum', { token: ag1, payload: { UserId: 'ag2', Amount: 1 } })).json(), { message: 'body/Remarks is required' })
  t.equal((await h.call('POST', '/api/v1/4d/updateStatementSum', { token: mem1, payload: { UserId: 'ag1', Amount: 1, Remarks: 'x' } })).statusCode, 403)
  t.match((await h.call('POST', '/api/v1/4d/updateStatementSum', { token: ag1, payload: { UserId: 'ag1', Amount: 1, Remarks: 'x' } })).json(), { code: 'GA_PAYMENT_OWN' }, 'not one\'s own')
})

t.test('statementByMonth: opening, the month\'s entries, closing', async (t) => {
  const now = await h.call('GET', '/api/v1/4d/statementByMonth?UserId=mem1', { token: ag1 })
  t.equal(now.statusCode, 200)
  const month = now.json().data
  t.match(month, { UserId: 'mem1', DrawFrom: `${month.Month}-01` })
  t.ok(month.Entries.some((e: { Amount: number }) => e.Amount === 10.5), 'this month\'s payment')
  t.equal(Math.round(month.Closing * 100), Math.round((month.Opening + month.Entries.reduce((s: number, e: { Amount: number }) => s + e.Amount, 0)) * 100))
  t.match((await h.call('GET', '/api/v1/4d/statementByMonth?Month=2024-02', { token: mem1 })).json().data, { Month: '2024-02', DrawFrom: '2024-02-01', DrawTo: '2024-02-29' })
  const bad = await h.call('GET', '/api/v1/4d/statementByMonth?Month=2024-13', { token: mem1 })
  t.equal(bad.statusCode, 400)
  t.match(bad.json(), { code: 'GA_FIELD_NOT_MONTH', message: 'querystring/Month must be a month written YYYY-MM, not "2024-13".' })
  t.equal((await h.call('GET', '/api/v1/4d/statementByMonth?UserId=ag1', { token: mem1 })).statusCode, 403)
})

t.test('selectStatementType: every entry kind, the hand-entered ones marked', async (t) => {
  const types = (await h.call('GET', '/api/v1/4d/selectStatementType', { token: mem1 })).json().data as Array<{ Type: string, Manual: boolean }>
  t.same(types.map((r) => r.Type), ['payment_in', 'payment_out', 'adjustment', 'expense', 'reversal', 'settlement', 'opening'])
  t.same(types.filter((r) => r.Manual).map((r) => r.Type), ['payment_in', 'payment_out', 'adjustment', 'expense'])
})
