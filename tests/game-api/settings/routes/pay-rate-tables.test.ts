import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'

// GET payRatesN/I/K (one table each), POST payRate (a user's own table) and DELETE payRate/:id (back to the operator's); demo tree admin > ag1 > ag2.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const admin = await h.signIn('admin')
  const ag1 = await h.signIn('ag1')
  const keys = (rows: Array<{ Key: string }>) => rows.map((r) => r.Key)

  t.test('each table alone: N, the four iBet classes, K', async (t) => {
    t.same(keys((await h.call('GET', '/api/v1/4d/payRatesN', { token: ag1 })).json().data), ['N-Big', 'N-Small'])
    t.same(keys((await h.call('GET', '/api/v1/4d/payRatesI', { token: ag1 })).json().data), ['I24-Big', 'I24-Small', 'I12-Big', 'I12-Small', 'I6-Big', 'I6-Small', 'I4-Big', 'I4-Small'])
    const k = await h.call('GET', '/api/v1/4d/payRatesK?UserId=ag2', { token: ag1 })
    t.same(keys(k.json().data), ['K-Big', 'K-Small'])
    t.match(k.json().data[0], { First: 2000, Consolation: 60 })
    t.equal((await h.call('GET', '/api/v1/4d/payRatesN?UserId=admin', { token: ag1 })).statusCode, 403, 'not above the caller')
  })

  t.test('ADMIN gives a user its own table, edits it, and removes it', async (t) => {
    const made = await h.call('POST', '/api/v1/4d/payRate', { token: admin, payload: { UserId: 'ag2' } })
    t.equal(made.statusCode, 200, JSON.stringify(made.json()))
    t.match(made.json().data[0], { Key: 'N-Big', First: 2000 }, 'a copy of the operator\'s')
    const again = await h.call('POST', '/api/v1/4d/payRate', { token: admin, payload: { UserId: 'ag2' } })
    t.match(again.json(), { success: false, code: 'GA_OWN_PAY_RATES_EXIST', params: ['ag2'] })
    t.equal(again.statusCode, 409)
    await h.call('PUT', '/api/v1/4d/payRate', { token: admin, payload: { UserId: 'ag2', Table: 'K', Form: 'Small', First: 2500, Second: 1500, Third: 700 } })
    t.match((await h.call('GET', '/api/v1/4d/payRatesK?UserId=ag2', { token: admin })).json().data[1], { First: 2500 })
    const gone = await h.call('DELETE', '/api/v1/4d/payRate/ag2', { token: admin })
    t.equal(gone.statusCode, 200)
    t.match(gone.json().data.find((r: { Key: string }) => r.Key === 'K-Small'), { First: 3000 }, 'paid by the operator\'s again')
    const twice = await h.call('DELETE', '/api/v1/4d/payRate/ag2', { token: admin })
    t.equal(twice.statusCode, 404)
    t.match(twice.json(), { code: 'GA_NO_OWN_PAY_RATES' })
  })

  t.test('refusals: ADMIN only, a real user, a UserId given', async (t) => {
    t.equal((await h.call('POST', '/api/v1/4d/payRate', { token: ag1, payload: { UserId: 'ag2' } })).statusCode, 403)
    t.equal((await h.call('DELETE', '/api/v1/4d/payRate/ag2', { token: ag1 })).statusCode, 403)
    t.equal((await h.call('POST', '/api/v1/4d/payRate', { token: admin, payload: { UserId: 'nobody' } })).statusCode, 404)
    const missing = await h.call('POST', '/api/v1/4d/payRate', { token: admin, payload: {} })
    t.equal(missing.statusCode, 400)
    t.match(missing.json(), { message: 'body/UserId is required' })
  })
})
