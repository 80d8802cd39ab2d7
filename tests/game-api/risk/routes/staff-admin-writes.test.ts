import t from 'tap'
import { gameApiHarness } from '../../harness.ts'
import { api } from '../../betting/support.ts'

// One rule for a staff admin (ops, an ADMIN under the company): it reads and writes the company's books, and the audit names it as the actor.
const h = await gameApiHarness(t, 'pglite')
const tokens = { admin: await h.signIn('admin'), ops: await h.signIn('ops'), mem1: await h.signIn('mem1') }
const draws = (await api(h, 'GET', '/api/v1/4d/draw/activeLatest', tokens.mem1)).body.data as Array<{ DrawId: number, Series: string }>
const drawId = draws.find((d) => d.Series === 'SG4D')!.DrawId

/** The newest audit record of an action: who did it and on whose account. */
async function lastAudit (action: string): Promise<{ user_id: string, detail: Record<string, unknown> } | undefined> {
  const { rows } = await h.db.query<{ user_id: string, detail: Record<string, unknown> }>('SELECT user_id, detail FROM audits WHERE action = $1 ORDER BY audit_id DESC LIMIT 1', [action])
  return rows[0]
}

let distributorId = 0
t.test('a distributor a staff admin creates is the company\'s', async (t) => {
  const made = await api(h, 'POST', '/api/v1/4d/distributors', tokens.ops, { Name: 'Staff Outlet' })
  t.equal(made.status, 200, JSON.stringify(made.body))
  distributorId = made.body.data.DistributorId
  const adminList = (await api(h, 'GET', '/api/v1/4d/distributors/total', tokens.admin)).body.data as Array<{ DistributorId: number, Shared: boolean }>
  t.match(adminList.find((d) => d.DistributorId === distributorId), { Shared: false }, 'the company owns it')
  t.match(await lastAudit('distributor.create'), { user_id: 'ops', detail: { Account: 'admin', Name: 'Staff Outlet' } })
  t.equal((await api(h, 'PUT', '/api/v1/4d/distributors', tokens.admin, { DistributorId: distributorId, Name: 'Staff Outlet 2' })).status, 200, 'the company edits it as its own')
})

t.test('an out setting a staff admin saves is the company\'s limit', async (t) => {
  const saved = await api(h, 'POST', '/api/v1/4d/outSetting6', tokens.ops, { Number: '5678', Big: 30 })
  t.equal(saved.status, 200, JSON.stringify(saved.body))
  t.match(saved.body.data, { UserId: 'admin', Number: '5678', Big: 30 })
  const adminRows = (await api(h, 'GET', '/api/v1/4d/outSetting6', tokens.admin)).body.data as Array<{ Number: string, Big: number }>
  t.match(adminRows.find((r) => r.Number === '5678'), { Big: 30 }, 'the company reads it back')
  t.match(await lastAudit('outSetting.save'), { user_id: 'ops', detail: { UserId: 'admin', Number: '5678' } })
})

t.test('a staff admin throws from the company\'s intake', async (t) => {
  t.equal((await api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DrawIds: [drawId], Lines: [{ Number: '1234', Big: 40 }] })).status, 200)
  const thrown = await api(h, 'POST', '/api/v1/4d/bet/throw', tokens.ops, { DrawId: drawId, Number: '1234', Big: 5, DistributorId: distributorId })
  t.equal(thrown.status, 200, JSON.stringify(thrown.body))
  const adminThrows = (await api(h, 'GET', `/api/v1/4d/bet/throw?DrawId=${drawId}`, tokens.admin)).body.data as Array<{ ThrowId: number, Big: number }>
  t.match(adminThrows.find((x) => x.ThrowId === thrown.body.data.ThrowId), { Big: 5 }, 'the company sees the throw')
  t.match(await lastAudit('throw.create'), { user_id: 'ops', detail: { Account: 'admin', Number: '1234', Big: 5 } })
  const limits = await api(h, 'GET', `/api/v1/4d/outSetting2Full?DrawId=${drawId}`, tokens.ops)
  t.equal(limits.body.data?.UserId, 'admin', 'limit status is the company\'s')
  t.equal((await api(h, 'DELETE', '/api/v1/4d/bet/throws', tokens.ops, { ThrowIds: [thrown.body.data.ThrowId] })).status, 200, 'and undoes the company\'s throw')
  t.match(await lastAudit('throw.delete'), { user_id: 'ops', detail: { Account: 'admin' } })
})

t.test('a staff admin\'s fixed bet stands on the company\'s account, placed by the staff admin', async (t) => {
  const made = await api(h, 'POST', '/api/v1/4d/bet/fixed', tokens.ops, { DayCode: '3', Lines: [{ Number: '4321', Big: 1 }] })
  t.equal(made.status, 200, JSON.stringify(made.body))
  const adminFixed = (await api(h, 'GET', '/api/v1/4d/fixed/view', tokens.admin)).body.data as Array<{ FixedId: number }>
  t.ok(adminFixed.some((f) => f.FixedId === made.body.data.FixedId), 'the company lists it as its own')
  t.match(await lastAudit('fixed.create'), { user_id: 'ops', detail: { UserId: 'admin' } })
})

t.test('payments: a staff admin pays the company\'s downline, never the company itself', async (t) => {
  const opsPayees = (await api(h, 'GET', '/api/v1/4d/paymentUserIds', tokens.ops)).body.data as Array<{ UserId: string }>
  const adminPayees = (await api(h, 'GET', '/api/v1/4d/paymentUserIds', tokens.admin)).body.data as Array<{ UserId: string }>
  t.same(opsPayees.map((p) => p.UserId), adminPayees.map((p) => p.UserId), 'the company\'s payees')
  t.ok(opsPayees.some((p) => p.UserId === 'ag1'))
  const adjusted = await api(h, 'POST', '/api/v1/4d/updateStatementSum', tokens.ops, { UserId: 'ag1', Amount: 12.5, Remarks: 'staff adjustment' })
  t.equal(adjusted.status, 200, JSON.stringify(adjusted.body))
  t.match(await lastAudit('statement.adjust'), { user_id: 'ops', detail: { UserId: 'ag1', Amount: 12.5 } })
  const own = await api(h, 'POST', '/api/v1/4d/insertStatement2', tokens.ops, { UserId: 'admin', Type: 'IN', Amount: 10 })
  t.equal(own.status, 400, 'the company\'s own account is no payee of its staff')
  const statement = await api(h, 'GET', '/api/v1/4d/statementByUserId', tokens.ops)
  t.equal(statement.body.data?.UserId, 'admin', 'the statement read is the company\'s')
})

t.test('the Agents tree lists no staff admin, and a staff admin sees the company\'s', async (t) => {
  const adminTree = (await api(h, 'GET', '/api/v1/4d/mLoadDirectDownLine', tokens.admin)).body.data as Array<{ UserId: string, Role: string }>
  t.ok(adminTree.some((u) => u.UserId === 'ag1'))
  t.notOk(adminTree.some((u) => u.Role === 'ADMIN'), 'ops and clerk are staff, not agents')
  const opsTree = (await api(h, 'GET', '/api/v1/4d/mLoadDirectDownLine', tokens.ops)).body.data as Array<{ UserId: string }>
  t.same(opsTree.map((u) => u.UserId), adminTree.map((u) => u.UserId))
})

t.test('the look-ups a legacy client fills its pickers with start at the company for a staff admin', async (t) => {
  const ids = async (path: string, token: string) => ((await api(h, 'GET', path, token)).body.data as Array<{ UserId: string }>).map((m) => m.UserId)
  t.same(await ids('/api/v1/4d/memberTree', tokens.ops), await ids('/api/v1/4d/memberTree', tokens.admin), 'memberTree: the company\'s tree')
  t.same(await ids('/api/v1/4d/dMemberByRole?Role=AG', tokens.ops), await ids('/api/v1/4d/dMemberByRole?Role=AG', tokens.admin), 'dMemberByRole: the company\'s agents')
  t.ok((await ids('/api/v1/4d/dMemberByRole?Role=MEM', tokens.ops)).includes('mem1'))
  const bounds = async (token: string) => (await api(h, 'GET', '/api/v1/4d/selectAllowEditShare', token)).body.data as unknown
  t.same(await bounds(tokens.ops), await bounds(tokens.admin), 'selectAllowEditShare: what the company may give')
  const shares = async (token: string) => ((await api(h, 'GET', '/api/v1/4d/dShareTypeSelect', token)).body.data as unknown[]).length
  t.equal(await shares(tokens.ops), await shares(tokens.admin), 'dShareTypeSelect: the company\'s share choices, not ops\'s none')
  t.match((await api(h, 'GET', '/api/v1/tt/profileTNewFull', tokens.ops)).body.data, { ParentId: 'admin', Locations: ['SG', 'TT'] }, 'a new account\'s parent is the company, ticked at ops\'s own locations')
})
