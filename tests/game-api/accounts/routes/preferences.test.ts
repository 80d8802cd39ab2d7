import t from 'tap'
import { gameApiHarness } from '../../harness.ts'

// profileFull, PUT mobile2, PUT betEntryAlert, GET/PUT priorityInTakes: the caller's own settings, stored and read back.
const h = await gameApiHarness(t, 'pglite')
const ag1 = await h.signIn('ag1')
const mem1 = await h.signIn('mem1')
const call = (method: 'GET' | 'PUT', path: string, token: string, payload?: Record<string, unknown>) => h.call(method, `/api/v1/4d/${path}`, { token, payload })

t.test('profileFull: the account, both mobiles and the alert', async (t) => {
  const before = (await call('GET', 'profileFull', mem1)).json().data
  t.match(before, { UserId: 'mem1', Role: 'MEM', Credit: 1000, Mobile: '', Mobile2: '', BetEntryAlert: null })
  t.equal((await call('PUT', 'mobile2', mem1, { Mobile2: '+6598765432' })).statusCode, 200)
  t.equal((await call('PUT', 'betEntryAlert', mem1, { BetEntryAlert: 250.5 })).json().data.BetEntryAlert, 250.5)
  t.match((await h.call('GET', '/api/v1/tt/profileFull', { token: mem1 })).json().data, { Mobile2: '+6598765432', BetEntryAlert: 250.5 }, 'either prefix')
  t.match((await call('GET', 'profileFull', ag1)).json().data, { UserId: 'ag1', Mobile2: '', BetEntryAlert: null }, 'one user\'s preferences only')
})

t.test('mobile2 and betEntryAlert: bad input is refused, empty and null clear', async (t) => {
  t.equal((await call('PUT', 'mobile2', mem1, { Mobile2: '12ab' })).statusCode, 400)
  t.equal((await call('PUT', 'mobile2', mem1, {})).json().message, 'body/Mobile2 is required')
  t.equal((await call('PUT', 'mobile2', mem1, { Mobile2: '' })).json().data.Mobile2, '')
  t.equal((await call('PUT', 'betEntryAlert', mem1, { BetEntryAlert: 1.234 })).json().code, 'GA_FIELD_NOT_CENTS')
  t.equal((await call('PUT', 'betEntryAlert', mem1, { BetEntryAlert: -1 })).statusCode, 400)
  t.equal((await call('PUT', 'betEntryAlert', mem1, { BetEntryAlert: null })).json().data.BetEntryAlert, null)
  const audits = await h.db.query("SELECT action FROM audits WHERE action LIKE 'preference.%' AND user_id = 'mem1'")
  t.ok(audits.rows.length >= 4, 'each accepted change is audited')
})

t.test('priorityInTakes: the direct downline in the stored order, the rest by id', async (t) => {
  const ids = async () => ((await call('GET', 'priorityInTakes', ag1)).json().data as Array<{ UserId: string, Priority: number }>).map((r) => r.UserId)
  t.same(await ids(), ['ag2', 'mem1', 'mem3'])
  const put = await call('PUT', 'priorityInTakes', ag1, { Order: ['mem3', 'ag2'] })
  t.equal(put.statusCode, 200, put.body)
  t.same(put.json().data[0], { UserId: 'mem3', UserName: put.json().data[0].UserName, Role: 'MEM', Priority: 1 })
  t.same(await ids(), ['mem3', 'ag2', 'mem1'])
  t.equal((await call('PUT', 'priorityInTakes', ag1, { Order: ['mem2'] })).json().message, "ag1 is not mem2's upline; its upline is ag2.")
  t.equal((await call('PUT', 'priorityInTakes', ag1, { Order: ['admin'] })).statusCode, 403, 'outside the tree')
  t.equal((await call('PUT', 'priorityInTakes', ag1, { Order: ['mem1', 'mem1'] })).statusCode, 400, 'no repeats')
  t.same((await call('GET', 'priorityInTakes', mem1)).json().data, [], 'a member has no downline')
})
