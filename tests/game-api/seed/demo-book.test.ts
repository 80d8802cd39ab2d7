import t from 'tap'
import { onTestDatabase } from '../../helpers/db.ts'
import { eventually } from '../../helpers/eventually.ts'
import { gameApiHarness } from '../harness.ts'

// The demo data is one consistent book: on a fresh start every user's CreditLeft is already what Utilities › Credit Recal computes.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const admin = await h.signIn('admin')

  t.test('a credit recalculation of the whole company on a fresh start corrects nobody', async (t) => {
    const started = await h.call('POST', '/api/v1/4d/relcalCredit', { token: admin, payload: {} })
    t.equal(started.statusCode, 200, started.body)
    const status = async () => (await h.call('GET', `/api/v1/4d/relcalCredit/${started.json().data.JobId as number}/status`, { token: admin })).json().data
    const done = await eventually(async () => { const s = await status(); return s.Status === 'done' || s.Status === 'failed' ? s : undefined }, { within: 20_000, what: 'the job to end' })
    t.equal(done.Status, 'done', done.Message)
    t.same(done.Corrections, [], 'no CreditLeft moves')
    t.match(done.Message, /^Checked 8 users; corrected 0\.$/)
  })
})
