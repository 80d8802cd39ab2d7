import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { freshAddress, gameApiHarness } from '../../harness.ts'
import { setSuperPassword, SUPER_PASSWORD } from '../../betting/support.ts'

// PUT agents / players (players/update), …/position, …/credit, …/suspend and DELETE …/{ParentId}/{UserId}, each checked against the parent.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = { admin: await h.signIn('admin'), ag1: await h.signIn('ag1'), ag2: await h.signIn('ag2') }
  type Who = keyof typeof tokens
  const put = (as: Who, path: string, payload: Record<string, unknown>) => h.call('PUT', `/api/v1/4d/${path}`, { token: tokens[as], payload })
  const del = (as: Who, path: string) => h.call('DELETE', `/api/v1/4d/${path}`, { token: tokens[as] })
  const row = async (id: string) => (await h.db.query<{ credit: string, credit_left: string }>('SELECT credit, credit_left FROM users WHERE user_id = $1', [id])).rows[0]

  t.test('profile update: name, flags and locations only from what the parent has', async (t) => {
    const res = await put('ag1', 'players', { UserId: 'mem1', UserName: 'Member One', Locations: ['SG'], EnablePlaceBet: 0 })
    t.equal(res.statusCode, 200, res.body)
    t.match(res.json().data, { UserName: 'Member One', Locations: ['SG'], EnablePlaceBet: 0 })
    t.equal((await put('ag1', 'players/update', { UserId: 'mem1', EnablePlaceBet: 1 })).json().data.EnablePlaceBet, 1, 'players/update is the same call')
    t.equal((await put('ag1', 'players', { UserId: 'mem1', Locations: ['IN'] })).json().message, "Locations IN are not among ag1's locations (SG, TT, MG).")
    t.equal((await put('ag1', 'agents', { UserId: 'ag2', EnableCreateAgent: 1 })).statusCode, 200, 'ag1 has EnableCreateAgent to give')
    t.equal((await put('ag2', 'players', { UserId: 'mem2', EnableUpload: 1 })).json().message, 'EnableUpload cannot be given: ag2 does not have it.')
    t.equal((await put('ag1', 'agents', { UserId: 'ag1', UserName: 'me' })).json().message, 'You cannot change your own account here; your upline does.')
    t.equal((await put('ag1', 'agents', { UserId: 'mem1' })).json().message, 'User mem1 is not one of the agents; find it among the players.')
    t.equal((await put('ag2', 'players', { UserId: 'mem1' })).statusCode, 403, 'outside the caller\'s tree')
  })

  t.test('position: ranges and steps, never above the parent', async (t) => {
    const ok = await put('ag1', 'agents/position', { UserId: 'ag2', dShare: 0.4, dCommission: 0.095, tCommission: 0.15, Tax: 0.003 })
    t.equal(ok.statusCode, 200, ok.body)
    t.match(ok.json().data, { dShare: 0.4, dCommission: 0.095, tCommission: 0.15, Tax: 0.003 })
    t.equal((await put('ag1', 'agents/position', { UserId: 'ag2', dShare: 0.55 })).json().message, 'dShare 0.55 is more than ag1 has, 0.5.')
    t.equal((await put('ag1', 'agents/position', { UserId: 'ag2', tCommission: 0.16 })).json().message, 'tCommission 0.16 is more than ag1 has, 0.15.')
    t.equal((await put('ag1', 'agents/position', { UserId: 'ag2', tCommission: 0.155 })).json().message, 'tCommission 0.155 must be a multiple of 0.01.')
    t.equal((await put('ag1', 'agents/position', { UserId: 'ag2', Tax: 0.0105 })).json().message, 'body/Tax must be <= 0.01')
    t.equal((await put('ag1', 'agents/position', { UserId: 'ag2', dShare: 'half' })).json().message, 'body/dShare must be a number')
    t.equal((await put('ag1', 'agents/position', { UserId: 'ag2', dCommission: 0.03 })).json().message, "dCommission 0.03 is less than ag2's downline mem2 has, 0.04; lower theirs first.", 'never below its own downline')
    const audit = await h.db.query("SELECT 1 FROM audits WHERE action = 'agents.position'")
    t.equal(audit.rows.length, 1, 'only the accepted change is audited')
  })

  t.test('credit: more or less, from the parent\'s credit left, never below what is in use', async (t) => {
    const [before, parent] = [await row('mem3'), await row('ag1')]
    const res = await put('ag1', 'players/credit', { UserId: 'mem3', Credit: 1800 })
    t.equal(res.statusCode, 200, res.body)
    t.match(res.json().data, { Credit: 1800, CreditLeft: Number(before?.credit_left) + 1000 })
    t.equal(Number((await row('ag1'))?.credit_left), Number(parent?.credit_left) - 1000)
    t.equal((await put('ag1', 'players/credit', { UserId: 'mem1', Credit: 100 })).json().message, 'Credit 100.00 is less than what mem1 has in use, 120.50.')
    const tooMuch = await put('ag1', 'players/credit', { UserId: 'mem1', Credit: 200_000 })
    t.equal(tooMuch.statusCode, 409)
    t.match(tooMuch.json().message, /^Credit 200,000\.00 adds 199,000\.00, more than ag1's credit left, [\d,]+\.\d\d\.$/)
    t.equal((await put('ag1', 'players/credit', { UserId: 'mem1', Credit: -5 })).json().message, 'body/Credit must be >= 0')
  })

  t.test('suspend: sign-in and betting are refused with the reason, resume restores them', async (t) => {
    const mem3 = await h.signIn('mem3')
    t.equal((await put('ag1', 'players/suspend', { UserId: 'mem3', Suspended: true })).json().data.Status, 'Suspended')
    t.equal((await h.call('GET', '/api/v1/profile', { token: mem3 })).statusCode, 401, 'the open session ends')
    const signIn = await h.call('POST', '/api/v1/oauth/token', { payload: { username: 'mem3', password: 'Demo#1234' }, address: freshAddress() })
    t.equal(signIn.statusCode, 403)
    t.equal(signIn.json().message, 'User mem3 is suspended; ask your upline to resume it.')
    const bet = await h.call('POST', '/api/v1/4d/bet', { token: tokens.ag1, payload: { UserId: 'mem3', DayCode: '3', Lines: [{ Number: '1234', Form: 'straight', Big: 1 }] } })
    t.equal(bet.statusCode, 403)
    t.equal(bet.json().message, 'User mem3 is suspended; ask your upline to resume it.', 'nobody bets for a suspended user')
    t.equal((await put('ag1', 'players/suspend', { UserId: 'mem3', Suspended: false })).json().data.Status, 'Active')
    t.ok(await h.signIn('mem3'), 'signs in again')
  })

  t.test('delete: refused with open tickets, a balance or a downline (saying which); else the id is gone and the credit returns', async (t) => {
    // mem1 and ag2 have history: only the company deletes them, with its super password (tests/game-api/accounts/routes/delete-history.test.ts).
    await setSuperPassword(h, tokens.admin)
    const confirmed = (path: string) => h.call('DELETE', `/api/v1/4d/${path}`, { token: tokens.admin, payload: { SuperPassword: SUPER_PASSWORD } })
    const refused = await confirmed('players/ag1/mem1')
    t.equal(refused.statusCode, 409)
    t.match(refused.json().message, /^User mem1 cannot be deleted: .*its AccBal is -120\.50, not 0\.00 \(record a payment first\)/)
    t.match((await confirmed('agents/ag1/ag2')).json().message, /it still has downline \(mem2/)
    t.equal((await confirmed('players/ag2/mem1')).json().message, "ag2 is not mem1's upline; its upline is ag1.")
    t.equal((await h.call('POST', '/api/v1/4d/players', { token: tokens.ag1, payload: { UserId: 'gone1', Credit: 250 } })).statusCode, 200)
    const before = Number((await row('ag1'))?.credit_left)
    const res = await del('ag1', 'players/ag1/gone1')
    t.equal(res.statusCode, 200, res.body)
    t.equal(Number((await row('ag1'))?.credit_left), before + 250, 'its credit returned to ag1')
    t.notOk(((await h.call('GET', '/api/v1/4d/players/directDownLine', { token: tokens.ag1 })).json().data as Array<{ UserId: string }>).some((r) => r.UserId === 'gone1'), 'gone from the list')
    t.equal((await h.call('POST', '/api/v1/4d/players', { token: tokens.ag1, payload: { UserId: 'GONE1' } })).statusCode, 409, 'the id stays taken')
    t.equal((await del('ag1', 'players/ag1/gone1')).statusCode, 404, 'deleted once')
  })
})
