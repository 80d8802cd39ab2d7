import t from 'tap'
import { eventually } from '../../../helpers/eventually.ts'
import { gameApiHarness } from '../../harness.ts'
import { api, SAMPLE_4D_RESULT, moveTo, setSuperPassword, SUPER_PASSWORD, WEDNESDAY_CLOSE } from '../../betting/support.ts'

// The finalise status (result/r5/:id/status and the result/r5 list) follows the draw: finalised without a job (PUT draw IsFinalised,
// the seed) is done with its figures; reset after a job, idle again; a job's run reports the same figures.
const h = await gameApiHarness(t, 'pglite')
const result = SAMPLE_4D_RESULT

t.test('a draw finalised without a job reports its job done with what finalising did', async (t) => {
  let tokens = await moveTo(h, '2030-01-02T02:00:00Z', ['mem1', 'admin'])
  const placed = await api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DayCode: '3', Lines: [{ Number: '1234', Form: 'straight', Big: 1 }, { Number: '9999', Form: 'straight', Big: 1 }] })
  t.equal(placed.status, 200, JSON.stringify(placed.body))
  const drawId: number = placed.body.data.Draws[0].DrawId
  tokens = await moveTo(h, WEDNESDAY_CLOSE, ['mem1', 'admin'])
  t.equal((await api(h, 'POST', '/api/v1/4d/draw/result', tokens.admin, { DrawId: drawId, Result: result })).status, 200)
  const status = async () => (await api(h, 'GET', `/api/v1/4d/result/r5/${drawId}/status`, tokens.admin)).body.data
  const listed = async () => (await api(h, 'GET', '/api/v1/4d/result/r5', tokens.admin)).body.data.find((d: { DrawId: number }) => d.DrawId === drawId)
  t.match(await status(), { JobId: null, Status: 'idle', Progress: 0, IsFinalised: false, Bets: null, Payout: null }, 'a draw with a result and no job is not started')

  const inline = await api(h, 'PUT', '/api/v1/4d/draw', tokens.admin, { DrawId: drawId, IsFinalised: true })
  t.equal(inline.status, 200, JSON.stringify(inline.body))
  // The draw holds the seed's open tickets too: the figures are those the finalising call answered (mem1's 1234 Big 1 won 2000 among them).
  const { Bets, Winners, Strikes, Payout } = inline.body.data
  t.ok(Bets >= 2 && Winners >= 1 && Payout >= 2000, 'finalising settled our bets and paid our winner')
  const done = { JobId: null, DrawId: drawId, Status: 'done', Progress: 100, Message: '', MessageCode: '', MessageValues: {}, IsFinalised: true, Bets, Winners, Strikes, Payout }
  t.same(await status(), done, 'finalised by PUT draw: done, with the bets settled, the winners, the strikes and the payout')
  t.match(await listed(), { ...done, Series: 'SG4D' }, 'and so in the finalise list')

  await setSuperPassword(h, tokens.admin)
  t.equal((await api(h, 'PUT', `/api/v1/4d/result/reset6/${drawId}`, tokens.admin, { SuperPassword: SUPER_PASSWORD })).status, 200)
  t.match(await status(), { Status: 'idle', IsFinalised: false, Bets: null }, 'reset: not started again')

  t.equal((await api(h, 'POST', '/api/v1/4d/result/r5', tokens.admin, { DrawId: drawId })).status, 200)
  const ran = await eventually(async () => { const s = await status(); return s.Status === 'done' && s }, { within: 30_000, what: 'the finalise job' })
  t.match(ran, { ...done, JobId: Number }, 'finalised by its job: the same figures, and no English message to show')
  t.ok(ran.JobId > 0)
  t.equal((await api(h, 'PUT', `/api/v1/4d/result/reset6/${drawId}`, tokens.admin, { SuperPassword: SUPER_PASSWORD })).status, 200)
  t.match(await status(), { Status: 'idle', IsFinalised: false, Message: '' }, 'reset after a done job: not started, not "done"')
})
