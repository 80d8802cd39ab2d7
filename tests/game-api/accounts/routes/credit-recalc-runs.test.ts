import t from 'tap'
import { eventually } from '../../../helpers/eventually.ts'
import { gameApiHarness } from '../../harness.ts'

// GET relcalCredit: the recalculation runs, newest first, with their corrections counted (ADMIN).
const h = await gameApiHarness(t, 'pglite')
const admin = await h.signIn('admin')
const ag1 = await h.signIn('ag1')

t.test('a run is listed with its root, state and corrections', async (t) => {
  t.same((await h.call('GET', '/api/v1/4d/relcalCredit', { token: admin })).json().data, [], 'none yet')
  await h.db.query("UPDATE users SET credit_left = 1 WHERE user_id = 'mem3'")
  const jobId = (await h.call('POST', '/api/v1/4d/relcalCredit', { token: admin, payload: { UserId: 'ag1' } })).json().data.JobId as number
  const run = await eventually(async () => {
    const [r] = (await h.call('GET', '/api/v1/4d/relcalCredit', { token: admin })).json().data
    return r?.Status === 'done' ? r : undefined
  }, { within: 20_000, what: 'the run to end' })
  t.match(run, { JobId: jobId, UserId: 'admin', Root: 'ag1', Status: 'done' })
  t.ok(run.Corrections >= 1, 'mem3 was corrected')
  t.equal((await h.call('GET', '/api/v1/4d/relcalCredit?limit=0', { token: admin })).statusCode, 400)
  t.equal((await h.call('GET', '/api/v1/4d/relcalCredit', { token: ag1 })).json().code, 'GA_ADMIN_ONLY')
})
