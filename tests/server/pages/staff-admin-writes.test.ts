import t from 'tap'
import { buildProduct } from '../../helpers/build.ts'
import { eventually } from '../../helpers/eventually.ts'
import { Browser, signedIn } from '../../helpers/http-browser.ts'

// A staff admin (an ADMIN under the company: ops, granted Report, DrawSetting, BetEntry and OutSet; clerk, granted MemberEdit and SMSGateway)
// keeps the company's books: every write its pages offer, and every default UserId they send none for, lands on the company's rows, with
// the staff admin named as the actor in the audit and the company as the Account (server/docs/game-api.md, "Staff admins:").
// Each call is taken from the page descriptor the staff admin is served, and made through the service with its session.
const { serviceUrl, gameDb } = await buildProduct(t)

/** Whether the page the browser is served at path binds method and endpoint (a widget's data, a form's submit, an action, a job's start). */
async function binds (browser: Browser, path: string, method: string, endpoint: string): Promise<boolean> {
  const page = await browser.get(`/ui/pages?path=${encodeURIComponent(path)}`)
  if (page.status !== 200) throw new Error(`${path}: ${page.status} ${page.text}`)
  const calls = new Set<string>()
  JSON.stringify(page.json, (_key, value: unknown) => {
    const v = value as { endpoint?: unknown, method?: unknown } | null
    if (v !== null && typeof v === 'object' && typeof v.endpoint === 'string') calls.add(`${typeof v.method === 'string' ? v.method : 'GET'} ${v.endpoint}`)
    return value
  })
  return calls.has(`${method} ${endpoint}`)
}

/** The newest audit record of an action: who did it, and its detail. */
async function lastAudit (action: string): Promise<{ user_id: string, detail: Record<string, unknown> } | undefined> {
  const { rows } = await gameDb.query<{ user_id: string, detail: Record<string, unknown> }>('SELECT user_id, detail FROM audits WHERE action = $1 ORDER BY audit_id DESC LIMIT 1', [action])
  return rows[0]
}

/** A job's payload: whose books it works on. */
async function payloadOf (jobId: number): Promise<Record<string, unknown> | undefined> {
  const { rows } = await gameDb.query<{ payload: Record<string, unknown> }>('SELECT payload FROM jobs WHERE job_id = $1', [jobId])
  return rows[0]?.payload
}

const ops = await signedIn(serviceUrl, 'ops')
const clerk = await signedIn(serviceUrl, 'clerk')
const admin = await signedIn(serviceUrl, 'admin')
const drawId = ((await ops.get('/api/v1/4d/draw/activeLatest')).json.data as Array<{ DrawId: number, Series: string }>).find((d) => d.Series === 'SG4D')!.DrawId

// An outlet of the company, made by ops on Out Setting 3 (distributors already follow the rule).
const made = await ops.post('/api/v1/4d/distributors', { Name: 'Company Outlet' })
if (made.status !== 200) throw new Error(made.text)
const outletId = made.json.data.DistributorId as number

t.test('Out Setting 3: a staff admin sets the rules of the company\'s outlet and runs its outset on the company\'s intake', async (t) => {
  t.ok(await binds(ops, '/outset/outSetting3', 'PUT', '/api/v1/4d/distributors/rule/:DistributorId'), 'the page offers the rules form')
  const saved = await ops.put(`/api/v1/4d/distributors/rule/${outletId}`, { Rules: [{ Game: '4D', Number: '', Big: 10, Priority: 1 }] })
  t.equal(saved.status, 200, saved.text)
  t.match(await lastAudit('distributor.rules'), { user_id: 'ops', detail: { Account: 'admin', DistributorId: outletId } })

  t.ok(await binds(ops, '/outset/outSetting3', 'PUT', '/api/v1/4d/distributors/rule/:DistributorId/outset'))
  const started = await ops.put(`/api/v1/4d/distributors/rule/${outletId}/outset`, { DrawId: drawId })
  t.equal(started.status, 200, started.text)
  t.match(await payloadOf(started.json.data?.JobId ?? 0), { userId: 'admin', distributorId: outletId }, 'the job throws from the company\'s intake')
  t.equal((await ops.get(`/api/v1/4d/distributors/rule/${outletId}/outset/status`)).status, 200, 'and ops follows its own job')
})

t.test('Out Setting 2: the staff admin\'s processing throws the company\'s excess', async (t) => {
  t.ok(await binds(ops, '/outset/outSetting2', 'POST', '/api/v1/4d/outsettingProcess1'))
  const one = await ops.post('/api/v1/4d/outsettingProcess1', { DrawId: drawId, DistributorId: outletId })
  t.equal(one.status, 200, one.text)
  t.match(await payloadOf(one.json.data?.JobId ?? 0), { userId: 'admin', distributorId: outletId })
  t.match(await lastAudit('outset.process.start'), { user_id: 'ops', detail: { Account: 'admin' } })
  t.equal((await ops.get(`/api/v1/4d/outsettingProcess1/${one.json.data?.JobId as number}/status`)).status, 200, 'ops polls its job')

  t.ok(await binds(ops, '/outset/outSetting2', 'POST', '/api/v1/4d/outsettingProcess2'))
  const two = await ops.post('/api/v1/4d/outsettingProcess2', { DrawId: drawId })
  t.equal(two.status, 200, two.text)
  t.match(await payloadOf(two.json.data?.JobId ?? 0), { userId: 'admin' })
})

t.test('Bet Special: the settings a staff admin saves are the company\'s, and its special bet stands on the company\'s account, placed by it', async (t) => {
  t.ok(await binds(ops, '/outset/betSpecial', 'PUT', '/api/v1/4d/updateBetSpecialSetting'))
  t.match((await ops.get('/api/v1/4d/getBetSpecialSetting2')).json.data, { UserId: 'admin' }, 'the bettor defaults to the company')
  const saved = await ops.put('/api/v1/4d/updateBetSpecialSetting', { Patterns: ['QUAD'], Big: 1, MaxStake: 2, UserId: 'mem1' })
  t.equal(saved.status, 200, saved.text)
  t.match((await admin.get('/api/v1/4d/getBetSpecialSetting1')).json.data, { Patterns: ['QUAD'], Big: 1 }, 'the company reads what ops saved')
  t.match(await lastAudit('betSpecial.setting'), { user_id: 'ops', detail: { Account: 'admin' } })

  t.ok(await binds(ops, '/outset/betSpecial', 'PUT', '/api/v1/4d/generateBetSpecial'))
  const started = await ops.put('/api/v1/4d/generateBetSpecial', { DrawId: drawId })
  t.equal(started.status, 200, started.text)
  const done = await eventually(async () => {
    const s = (await ops.get(`/api/v1/4d/generateBetSpecial/${started.json.data?.JobId as number}/status`)).json.data
    return (s?.Status === 'done' || s?.Status === 'failed') && s
  }, { what: 'the special bet job to end' })
  t.match(done, { Status: 'done', TicketNo: /^D\d{8}$/ }, JSON.stringify(done))
  const { rows: [ticket] } = await gameDb.query<{ user_id: string, placed_by: string }>('SELECT user_id, placed_by FROM tickets WHERE ticket_no = $1', [done.TicketNo ?? ''])
  t.same(ticket, { user_id: 'mem1', placed_by: 'ops' }, 'for the bettor the company\'s setting names, placed by ops')
  const again = await admin.put('/api/v1/4d/generateBetSpecial', { DrawId: drawId })
  t.equal(again.json.code, 'GA_BET_SPECIAL_DONE', 'the company\'s one special bet of the draw is placed')
})

t.test('Place Bets and Bet Upload: a bet or a file sent without a user is the company\'s; a partner\'s file names the company\'s outlet', async (t) => {
  t.ok(await binds(ops, '/bet/placeBets/add', 'POST', '/api/v1/4d/bet'))
  // The demo company holds no credit of its own: give it some, as an operator would, to bet on its own account.
  await gameDb.query("UPDATE users SET credit = credit + 100, credit_left = credit_left + 100 WHERE user_id = 'admin'")
  const placed = await ops.post('/api/v1/4d/bet', { DrawIds: [drawId], Lines: [{ Number: '1357', Big: 1 }] })
  t.equal(placed.status, 200, placed.text)
  t.equal(placed.json.data?.UserId, 'admin', 'the bet stands on the company\'s account')
  const { rows: [ticket] } = await gameDb.query<{ placed_by: string }>('SELECT placed_by FROM tickets WHERE ticket_no = $1', [placed.json.data?.TicketNo ?? ''])
  t.equal(ticket?.placed_by, 'ops', 'placed by the staff admin')

  const upload = async (endpoint: string, fields: Record<string, string>) => {
    const body = new FormData()
    for (const [name, value] of Object.entries(fields)) body.append(name, value)
    body.append('file', new Blob(['mem1 3 1234 1-\n'], { type: 'text/plain' }), 'staff.txt')
    const res = await fetch(serviceUrl + endpoint, { method: 'POST', headers: { cookie: ops.cookie, 'x-csrf-token': ops.csrf, 'x-forwarded-for': ops.ip }, body })
    return { status: res.status, json: await res.json() as { data: { FileId: number, UserId: string } } }
  }
  t.ok(await binds(ops, '/bet/bet-upload', 'POST', '/api/v1/4d/files/upload'))
  const file = await upload('/api/v1/4d/files/upload', { StrictNumber: 'true' })
  t.equal(file.status, 200, JSON.stringify(file.json))
  t.equal(file.json.data?.UserId, 'admin', 'the file is the company\'s')
  t.ok(await binds(ops, '/bet/bet-upload', 'POST', '/api/v1/4d/bet/page/uploadPartner'))
  const partner = await upload('/api/v1/4d/bet/page/uploadPartner', { StrictNumber: 'true', PartnerId: String(outletId) })
  t.equal(partner.status, 200, JSON.stringify(partner.json))
})

t.test('Agents: a staff admin lists the company\'s agents and creates new ones under the company', async (t) => {
  t.ok(await binds(clerk, '/admin/agents', 'GET', '/api/v1/4d/agents/directDownLine'))
  const listed = (await clerk.get('/api/v1/4d/agents/directDownLine')).json.data as Array<{ UserId: string }>
  t.ok(listed.some((a) => a.UserId === 'ag1'), 'the company\'s agents, not clerk\'s none')
  t.ok(((await clerk.get('/api/v1/4d/agents/search?txtSearch=ag')).json.data as Array<{ UserId: string }>).some((a) => a.UserId === 'ag1'), 'and searches them')

  t.ok(await binds(clerk, '/admin/agents', 'GET', '/api/v1/4d/profileNewFull'))
  const fresh = (await clerk.get('/api/v1/4d/profileNewFull')).json.data as { ParentId: string, Locations: string[] }
  t.equal(fresh.ParentId, 'admin', 'the new agent\'s parent is the company')
  t.same(fresh.Locations, ['SG', 'IN'], 'ticked: the company\'s locations clerk may choose from (its own)')

  t.ok(await binds(clerk, '/admin/agents', 'POST', '/api/v1/4d/agents'))
  const created = await clerk.post('/api/v1/4d/agents', { UserId: 'staffmade', Locations: fresh.Locations })
  t.equal(created.status, 200, created.text)
  t.match(await lastAudit('agents.create'), { user_id: 'clerk', detail: { UserId: 'staffmade', ParentId: 'admin' } })
  t.ok(((await admin.get('/api/v1/4d/agents/directDownLine')).json.data as Array<{ UserId: string }>).some((a) => a.UserId === 'staffmade'), 'the company lists it directly under itself')
})

t.test('Payments: a staff admin\'s group expenses are the company\'s, and never charged to the company itself', async (t) => {
  t.ok(await binds(clerk, '/admin/payments', 'POST', '/api/v1/4d/groupExpense'))
  const own = await clerk.post('/api/v1/4d/groupExpense', { UserId: 'admin', ExpenseDate: '2030-01-02', Amount: 5, Description: 'rent' })
  t.same([own.status, own.json.code], [400, 'GA_PAYMENT_OWN'], 'the company\'s own group is no payee of its staff')
  const charged = await clerk.post('/api/v1/4d/groupExpense', { UserId: 'ag1', ExpenseDate: '2030-01-02', Amount: 12.34, Description: 'printing' })
  t.equal(charged.status, 200, charged.text)
  t.match(await lastAudit('groupExpense.create'), { user_id: 'clerk', detail: { Account: 'admin', UserId: 'ag1', Amount: 12.34 } })
  t.ok(await binds(clerk, '/admin/payments', 'GET', '/api/v1/4d/groupExpense'))
  const listed = (await clerk.get('/api/v1/4d/groupExpense?DrawFrom=2030-01-01&DrawTo=2030-01-31')).json.data as Array<{ ExpenseId: number }>
  t.ok(listed.some((e) => e.ExpenseId === charged.json.data?.ExpenseId), 'the company\'s group expenses are listed')
})

t.test('Permissions: a staff admin with AdminEdit manages the company\'s users, never the company nor itself', async (t) => {
  t.equal((await admin.post('/api/v1/4d/permissions', { UserId: 'ops', Attribute: 'AdminEdit' })).status, 200)
  const editor = await signedIn(serviceUrl, 'ops')
  t.ok(await binds(editor, '/control/permission', 'GET', '/api/v1/4d/permissions'))
  const rows = (await editor.get('/api/v1/4d/permissions')).json.data as Array<{ UserId: string }>
  t.same(rows.map((r) => r.UserId).sort(), ['ag1', 'ag2', 'clerk', 'staffmade'], 'the company\'s staff and agents, without ops and the company')
  t.ok(await binds(editor, '/control/permission', 'POST', '/api/v1/4d/permissions'))
  const company = await editor.post('/api/v1/4d/permissions', { UserId: 'admin', Attribute: 'Report' })
  t.same([company.status, company.json.code], [400, 'GA_PERMISSION_OWN'])
})
