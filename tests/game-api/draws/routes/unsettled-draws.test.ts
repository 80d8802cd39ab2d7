import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { api, moveTo } from '../../betting/support.ts'

interface Draw { DrawId: number, Series: string, DrawDate: string, Status: string }
const result = { first: '1111', second: '2222', third: '3333', starters: Array.from({ length: 10 }, (_, i) => String(4000 + i)), consolations: Array.from({ length: 10 }, (_, i) => String(5000 + i)) }

// GET draw/unsettled, Live Exposure's draws (issue #39, item 10): a draw closed for betting stays listed, and is the exposure's
// default, until it is finalised, since its exposure matters most between the close and the result.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = await moveTo(h, '2030-01-02T02:00:00Z', ['admin', 'mem1'])
  const ids = async (path: string) => ((await api(h, 'GET', path, tokens.admin)).body.data as Draw[]).map((d) => d.DrawId)
  const today = ((await api(h, 'GET', '/api/v1/4d/draw/activeLatest', tokens.mem1)).body.data as Draw[]).find((d) => d.Series === 'SG4D' && d.DrawDate === '2030-01-02')!
  t.equal((await api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DrawIds: [today.DrawId], Lines: [{ Number: '1111', Form: 'straight', Big: 2 }] })).status, 200, 'a bet on today\'s draw')

  t.same(await ids('/api/v1/4d/draw/unsettled'), await ids('/api/v1/4d/draw/activeLatest'), 'while every draw takes bets, the same draws as draw/activeLatest')

  t.equal((await api(h, 'PUT', `/api/v1/4d/draw/${today.DrawId}/close`, tokens.admin, {})).status, 200, 'betting closed by hand')
  t.notOk((await ids('/api/v1/4d/draw/activeLatest')).includes(today.DrawId), 'draw/activeLatest drops it')
  const listed = (await api(h, 'GET', '/api/v1/4d/draw/unsettled', tokens.admin)).body.data as Draw[]
  t.match(listed[0], { DrawId: today.DrawId, Status: 'closed' }, 'draw/unsettled keeps it, first: closed ones come first')
  t.ok(listed.every((d) => ['open', 'closed', 'result'].includes(d.Status)), 'no finalised or not yet open draw')
  const exposure = (await api(h, 'GET', '/api/v1/4d/exposure', tokens.admin)).body.data
  t.match(exposure, { DrawId: today.DrawId }, 'the exposure with no draw named is the closed draw\'s')
  t.ok(exposure.Count > 0, 'with the bet placed before the close')

  t.equal((await api(h, 'POST', '/api/v1/4d/draw/result', tokens.admin, { DrawId: today.DrawId, Result: result })).status, 200)
  t.match((await api(h, 'GET', '/api/v1/4d/draw/unsettled', tokens.admin)).body.data[0], { DrawId: today.DrawId, Status: 'result' }, 'still listed with its result in')
  const finalised = await api(h, 'PUT', '/api/v1/4d/draw', tokens.admin, { DrawId: today.DrawId, IsFinalised: true })
  t.equal(finalised.status, 200, JSON.stringify(finalised.body))
  t.notOk((await ids('/api/v1/4d/draw/unsettled')).includes(today.DrawId), 'gone once finalised')
})
