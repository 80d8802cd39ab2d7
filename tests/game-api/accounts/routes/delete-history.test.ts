import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { api, setSuperPassword, SUPER_PASSWORD } from '../../betting/support.ts'

// Destructive deletes (a user with betting history or ledger entries, a ledger entry) need the super password, which only an
// ADMIN holds: an agent is told the company must do it; the secret travels in the body, never the query string.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = { admin: await h.signIn('admin'), ag1: await h.signIn('ag1') }
  const del = (as: keyof typeof tokens, path: string, body?: Record<string, unknown>) => api(h, 'DELETE', `/api/v1/4d/${path}`, tokens[as], body)
  const live = async (id: string) => (await h.db.query('SELECT 1 FROM users WHERE user_id = $1 AND deleted_at IS NULL', [id])).rows.length === 1

  // A player with nothing but one payment, paid back: balance 0, no tickets, but ledger entries.
  t.equal((await api(h, 'POST', '/api/v1/4d/players', tokens.ag1, { UserId: 'paidOnce' })).status, 200)
  const paid = await api(h, 'POST', '/api/v1/4d/insertStatement2', tokens.ag1, { UserId: 'paidOnce', Type: 'IN', Amount: 10 })
  t.equal((await api(h, 'POST', '/api/v1/4d/insertStatement2', tokens.ag1, { UserId: 'paidOnce', Type: 'OUT', Amount: 10 })).status, 200)

  t.test('an agent deleting a user with history hears that the company must do it', async (t) => {
    const refused = await del('ag1', 'players/ag1/paidOnce')
    t.equal(refused.status, 403)
    t.match(refused.body, { code: 'GA_DELETE_NEEDS_COMPANY', params: ['paidOnce', 'ledger entries'] })
    t.match((await del('ag1', 'players/ag1/mem1')).body, { code: 'GA_DELETE_NEEDS_COMPANY', params: ['mem1', 'betting history and ledger entries'] })
    t.ok(await live('paidOnce'), 'still there')
  })

  t.test('an agent deleting a ledger entry hears the same', async (t) => {
    const refused = await del('ag1', `deleteStatement2/${String(paid.body.data.EntryId)}`)
    t.equal(refused.status, 403)
    t.match(refused.body, { code: 'GA_LEDGER_DELETE_NEEDS_COMPANY', params: [String(paid.body.data.EntryId)] })
  })

  t.test('the company: no super password set, none given, a wrong one, one in the query string, then the right one', async (t) => {
    t.match((await del('admin', 'players/ag1/paidOnce', { SuperPassword: SUPER_PASSWORD })).body, { code: 'GA_SUPER_PASSWORD_NOT_SET' })
    await setSuperPassword(h, tokens.admin)
    t.match((await del('admin', 'players/ag1/paidOnce')).body, { code: 'GA_SUPER_PASSWORD_REQUIRED' })
    t.match((await del('admin', 'players/ag1/paidOnce', { SuperPassword: 'Wrong#2030' })).body, { code: 'GA_SUPER_PASSWORD_WRONG' })
    const inQuery = await del('admin', `players/ag1/paidOnce?SuperPassword=${encodeURIComponent(SUPER_PASSWORD)}`)
    t.not(inQuery.status, 200, 'a super password in the query string confirms nothing')
    t.ok(await live('paidOnce'), 'nothing deleted so far')
    const done = await del('admin', 'players/ag1/paidOnce', { SuperPassword: SUPER_PASSWORD })
    t.equal(done.status, 200, JSON.stringify(done.body))
    t.notOk(await live('paidOnce'), 'deleted')
  })

  t.test('the company deletes a ledger entry with its super password: a reversing entry', async (t) => {
    const entry = (await api(h, 'POST', '/api/v1/4d/insertStatement2', tokens.ag1, { UserId: 'mem1', Type: 'IN', Amount: 3.5 })).body.data.EntryId as number
    t.match((await del('admin', `deleteStatement2/${entry}`)).body, { code: 'GA_SUPER_PASSWORD_REQUIRED' })
    const done = await del('admin', `deleteStatement2/${entry}`, { SuperPassword: SUPER_PASSWORD })
    t.equal(done.status, 200, JSON.stringify(done.body))
    t.match(done.body.data, { Kind: 'reversal', Amount: -3.5, Reverses: entry, CreatedBy: 'admin' })
  })

  t.test('a user without history is deleted by its agent as before, no password asked', async (t) => {
    t.equal((await api(h, 'POST', '/api/v1/4d/players', tokens.ag1, { UserId: 'neverUsed' })).status, 200)
    t.equal((await del('ag1', 'players/ag1/neverUsed')).status, 200)
    t.notOk(await live('neverUsed'))
  })
})
