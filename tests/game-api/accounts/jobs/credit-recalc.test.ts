import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { eventually } from '../../../helpers/eventually.ts'
import { gameApiHarness } from '../../harness.ts'

// POST relcalCredit queues the recalculation on the durable job runner; the status call reports progress and every correction.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const admin = await h.signIn('admin')
  const ag1 = await h.signIn('ag1')
  const creditLeft = async (id: string) => Number((await h.db.query<{ c: string }>('SELECT credit_left AS c FROM users WHERE user_id = $1', [id])).rows[0]?.c)
  const status = async (jobId: number) => (await h.call('GET', `/api/v1/4d/relcalCredit/${jobId}/status`, { token: admin })).json().data

  t.test('corrects CreditLeft to Credit + AccBal − open stakes − credit given, and says what it changed', async (t) => {
    // A drift the rules never make: written behind the game API's back.
    await h.db.query("UPDATE users SET credit_left = 1 WHERE user_id = 'mem3'")
    const started = await h.call('POST', '/api/v1/4d/relcalCredit', { token: admin, payload: { UserId: 'ag1' } })
    t.equal(started.statusCode, 200, started.body)
    const jobId = started.json().data.JobId as number
    const done = await eventually(async () => { const s = await status(jobId); return s.Status === 'done' || s.Status === 'failed' ? s : undefined }, { within: 20_000, what: 'the job to end' })
    t.equal(done.Status, 'done', done.Message)
    t.equal(done.Progress, 100)
    t.match(done.Message, /^Checked 5 users; corrected \d+\.$/)
    const mem3 = (done.Corrections as Array<{ UserId: string, From: number, To: number }>).find((c) => c.UserId === 'mem3')
    t.match(mem3, { From: 1, To: 840 }, 'mem3: Credit 800 + AccBal 40, nothing open')
    t.equal(await creditLeft('mem3'), 840)
    t.equal(await creditLeft('ag1'), 50000 + 1250.5 - (10000 + 1000 + 800), 'ag1: minus the credit its downline holds')
    const again = await h.call('POST', '/api/v1/4d/relcalCredit', { token: admin, payload: { UserId: 'ag1' } })
    const second = await eventually(async () => { const s = await status(again.json().data.JobId); return s.Status === 'done' ? s : undefined }, { within: 20_000 })
    t.same(second.Corrections, [], 'a second run finds nothing to correct')
  })

  t.test('refusals', async (t) => {
    t.equal((await h.call('POST', '/api/v1/4d/relcalCredit', { token: ag1, payload: {} })).statusCode, 403, 'ADMIN only')
    t.equal((await h.call('GET', '/api/v1/4d/relcalCredit/999999/status', { token: admin })).json().message, 'Job 999999 is not a credit recalculation; start one on Utilities › Credit Recalculation.')
  })
})
