import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { contractFields } from '../../../helpers/envelope.ts'

// GET payRates, PUT payRate, PUT payRateDefault: the 4D tables settlement reads, as grid rows (demo tree: admin > ag1 > ag2 > mem2).
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const admin = await h.signIn('admin')
  const ag1 = await h.signIn('ag1')
  const row = (rows: Array<{ Key: string }>, key: string) => rows.find((r) => r.Key === key)

  t.test('the operator\'s tables start at the Singapore Pools figures, six rows', async (t) => {
    const res = await h.call('GET', '/api/v1/4d/payRates', { token: ag1 })
    t.equal(res.statusCode, 200)
    const rows = res.json().data
    t.same(rows.map((r: { Key: string }) => r.Key), ['N-Big', 'N-Small', 'I24-Big', 'I24-Small', 'I12-Big', 'I12-Small', 'I6-Big', 'I6-Small', 'I4-Big', 'I4-Small', 'K-Big', 'K-Small'])
    t.same(row(rows, 'N-Big'), { Key: 'N-Big', Table: 'N', Class: null, Form: 'Big', First: 2000, Second: 1000, Third: 490, Starter: 250, Consolation: 60 })
    t.same(row(rows, 'K-Small'), { Key: 'K-Small', Table: 'K', Class: null, Form: 'Small', First: 3000, Second: 2000, Third: 800, Starter: null, Consolation: null })
    t.equal((await h.call('GET', '/api/v1/tt/payRates', { token: ag1 })).statusCode, 404, '4D only')
  })

  t.test('ADMIN changes a row of the operator\'s table and resets it to the default', async (t) => {
    const put = await h.call('PUT', '/api/v1/4d/payRate', { token: admin, payload: { Table: 'I', Class: '6', Form: 'Big', First: 336.5, Second: 168, Third: 85, Starter: 41, Consolation: 11 } })
    t.equal(put.statusCode, 200, JSON.stringify(put.json()))
    const rows = (await h.call('GET', '/api/v1/4d/payRates', { token: ag1 })).json().data
    t.match(row(rows, 'I6-Big'), { First: 336.5, Consolation: 11 }, 'everyone without their own table sees it')
    t.match(row(rows, 'N-Big'), { First: 2000 }, 'other rows stay')
    const reset = await h.call('PUT', '/api/v1/4d/payRateDefault', { token: admin, payload: { Table: 'I', Class: '6', Form: 'Big' } })
    t.equal(reset.statusCode, 200)
    t.match(row(reset.json().data, 'I6-Big'), { First: 335, Consolation: 10 }, 'back to Singapore Pools\' published iBet figures')
    const { rows: audits } = await h.db.query<{ action: string, detail: Record<string, unknown> }>("SELECT action, detail FROM audits WHERE action IN ('payRate.set', 'payRate.reset') ORDER BY audit_id")
    t.match(audits, [{ action: 'payRate.set', detail: { UserId: '*', Table: 'I', Class: '6', Form: 'Big' } }, { action: 'payRate.reset', detail: { UserId: '*', Table: 'I', Class: '6', Form: 'Big' } }], 'each change audited, with the row it changed')
  })

  t.test('a user\'s own table starts as the operator\'s and resets to it', async (t) => {
    await h.call('PUT', '/api/v1/4d/payRate', { token: admin, payload: { Table: 'N', Form: 'Small', First: 2900, Second: 2000, Third: 800 } })
    t.match(row((await h.call('GET', '/api/v1/4d/payRates?UserId=ag2', { token: ag1 })).json().data, 'N-Small'), { First: 2900 }, 'ag1 reads its downline\'s')
    const own = await h.call('PUT', '/api/v1/4d/payRate', { token: admin, payload: { UserId: 'ag2', Table: 'N', Form: 'Small', First: 2800, Second: 1900, Third: 800, Starter: null, Consolation: null } })
    t.equal(own.statusCode, 200, 'Small with empty Starter and Consolation (as a grid row sends them)')
    t.match(row((await h.call('GET', '/api/v1/4d/payRates?UserId=ag2', { token: admin })).json().data, 'N-Small'), { First: 2800, Second: 1900 })
    t.match(row((await h.call('GET', '/api/v1/4d/payRates', { token: admin })).json().data, 'N-Small'), { First: 2900 }, 'the operator\'s is untouched')
    const reset = await h.call('PUT', '/api/v1/4d/payRateDefault', { token: admin, payload: { UserId: 'ag2', Table: 'N', Form: 'Small' } })
    t.match(row(reset.json().data, 'N-Small'), { First: 2900, Second: 2000 }, 'a user resets to the operator\'s table')
    await h.call('PUT', '/api/v1/4d/payRateDefault', { token: admin, payload: { Table: 'N', Form: 'Small' } })
  })

  t.test('refusals say why', async (t) => {
    const notAdmin = await h.call('PUT', '/api/v1/4d/payRate', { token: ag1, payload: { Table: 'N', Form: 'Big', First: 1, Second: 1, Third: 1, Starter: 1, Consolation: 1 } })
    t.equal(notAdmin.statusCode, 403)
    t.equal((await h.call('PUT', '/api/v1/4d/payRateDefault', { token: ag1, payload: { Table: 'N', Form: 'Big' } })).statusCode, 403)
    const small = await h.call('PUT', '/api/v1/4d/payRate', { token: admin, payload: { Table: 'N', Form: 'Small', First: 1, Second: 1, Third: 1, Starter: 5 } })
    t.same(contractFields(small.json()), { success: false, message: 'Small pays only the 1st, 2nd and 3rd prizes: leave Starter and Consolation empty.' })
    const big = await h.call('PUT', '/api/v1/4d/payRate', { token: admin, payload: { Table: 'N', Form: 'Big', First: 1, Second: 1, Third: 1 } })
    t.same(contractFields(big.json()), { success: false, message: 'Big pays every tier: give Starter and Consolation a rate.' })
    const cents = await h.call('PUT', '/api/v1/4d/payRate', { token: admin, payload: { Table: 'N', Form: 'Small', First: 1.005, Second: 1, Third: 1 } })
    t.equal(cents.statusCode, 400)
    t.match(cents.json(), { code: 'GA_FIELD_NOT_CENTS', message: 'First must be in cents at most (e.g. 2000.50), not 1.005.', params: ['First', '1.005'] })
    t.match(small.json(), { code: 'GA_PAY_SMALL_TIERS' })
    t.match(big.json(), { code: 'GA_PAY_BIG_TIERS' })
    t.equal((await h.call('PUT', '/api/v1/4d/payRate', { token: admin, payload: { Table: 'X', Form: 'Small', First: 1, Second: 1, Third: 1 } })).statusCode, 400)
    const noClass = await h.call('PUT', '/api/v1/4d/payRate', { token: admin, payload: { Table: 'I', Form: 'Small', First: 1, Second: 1, Third: 1 } })
    t.match(noClass, { statusCode: 400 }, 'an iBet row names its class')
    t.match(noClass.json(), { code: 'GA_PAY_CLASS_REQUIRED' })
    const nClass = await h.call('PUT', '/api/v1/4d/payRate', { token: admin, payload: { Table: 'N', Class: '24', Form: 'Small', First: 1, Second: 1, Third: 1 } })
    t.match(nClass, { statusCode: 400 }, 'N has no class')
    t.match(nClass.json(), { code: 'GA_PAY_CLASS_NOT_IBET' })
    t.equal((await h.call('GET', '/api/v1/4d/payRates?UserId=ag1', { token: await h.signIn('ag2') })).statusCode, 403, 'not an upline\'s table')
  })

  t.test('payRatesT: the TOTO rates a user is paid by (own, else the operator\'s), read-only, for Pay Out', async (t) => {
    const res = await h.call('GET', '/api/v1/4d/payRatesT?UserId=ag1', { token: ag1 })
    t.equal(res.statusCode, 200)
    const rows = res.json().data
    t.same(rows.map((r: { Bet: string }) => r.Bet), ['G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7', '2*', '3*', '4*', '*2', '*3', '*4', 'TO', 'TE', 'TT'])
    t.same(row(rows, 'G1'), { Key: 'G1', Bet: 'G1', Pays: 1000000 })
    t.same(row(rows, 'TT'), { Key: 'TT', Bet: 'TT', Pays: 2.7 }, 'the seeded operator table (the defaults)')
    const own = { groups: { 1: 900000, 2: 90000, 3: 1400, 4: 400, 5: 45, 6: 20, 7: 9 }, pick: { '2*': 55, '3*': 650, '4*': 9000, '*2': 40, '*3': 350, '*4': 4000 }, parity: { TO: 2.4, TE: 2.7, TT: 2.6 } }
    await h.db.query("INSERT INTO pay_rates (user_id, game, rates, updated_at) VALUES ('ag1', 'TOTO', $1, now())", [JSON.stringify(own)])
    const mine = (await h.call('GET', '/api/v1/4d/payRatesT?UserId=ag1', { token: ag1 })).json().data
    t.match(row(mine, 'G1'), { Pays: 900000 }, 'a user\'s own table wins')
    t.match(row(mine, '*4'), { Pays: 4000 })
    t.equal((await h.call('GET', '/api/v1/4d/payRatesT?UserId=ag1', { token: await h.signIn('ag2') })).statusCode, 403, 'not an upline\'s table')
  })
})
