import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'

onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const decisions = async (userId: string) =>
    (await h.db.query<{ decision: string }>('SELECT decision FROM terms_decisions WHERE user_id = $1 ORDER BY decision_id', [userId])).rows.map((r) => r.decision)

  t.test('accept records the decision and sets termsAccepted', async (t) => {
    const token = await h.signIn('mem3')
    const r = await h.call('POST', '/api/v1/terms/accept', { token })
    t.equal(r.statusCode, 200)
    t.same(r.json(), { success: true, data: { termsAccepted: true } })
    t.same(await decisions('mem3'), ['accept'])
    t.equal((await h.call('GET', '/api/v1/profile', { token })).json().data.termsAccepted, true)
    t.equal((await h.call('GET', '/api/v1/4d/audits?Action=terms.accept', { token: await h.signIn('admin') })).json().data[0].UserId, 'mem3')
  })

  t.test('disagree records the decision and ends the session', async (t) => {
    const token = await h.signIn('mem3')
    const r = await h.call('POST', '/api/v1/terms/disagree', { token })
    t.same(r.json(), { success: true, data: { termsAccepted: false } })
    t.same(await decisions('mem3'), ['accept', 'disagree'])
    t.equal((await h.call('GET', '/api/v1/profile', { token })).statusCode, 401, 'the token is revoked')
    const again = await h.signIn('mem3')
    t.equal((await h.call('GET', '/api/v1/profile', { token: again })).json().data.termsAccepted, false)
  })

  t.test('both need a token', async (t) => {
    t.equal((await h.call('POST', '/api/v1/terms/accept')).statusCode, 401)
    t.equal((await h.call('POST', '/api/v1/terms/disagree', { token: 'nope' })).statusCode, 401)
  })
})
