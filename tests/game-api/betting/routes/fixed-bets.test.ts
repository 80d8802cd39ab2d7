import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { api } from '../support.ts'

onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = { admin: await h.signIn('admin'), ag1: await h.signIn('ag1'), mem1: await h.signIn('mem1'), ag2: await h.signIn('ag2') }

  t.test('fixed bets: set up, listed, placed by the fixed process, deleted', async (t) => {
    const created = await api(h, 'POST', '/api/v1/4d/bet/fixed', tokens.ag1, { UserId: 'mem1', DayCode: '0', Lines: [{ Number: '7777', Form: 'straight', Big: 1, Small: 1 }] })
    t.equal(created.status, 200, JSON.stringify(created.body))
    t.match(created.body.data, { UserId: 'mem1', PlacedBy: 'ag1', DayCode: '0', StakePerDraw: 2, Active: true, LinesText: '7777 1-1' })
    const bad = await api(h, 'POST', '/api/v1/4d/bet/fixed', tokens.mem1, { DayCode: '5', Lines: [{ Number: '7777', Big: 1 }] })
    t.equal(bad.status, 400)
    t.match(bad.body.message, /Day code "5" is not a 4D draw day/)
    t.equal((await api(h, 'POST', '/api/v1/4d/bet/fixed', tokens.ag2, { DayCode: '0', Lines: [{ Number: '7777', Big: 1 }] })).status, 403, 'placing disabled also disables fixed bets')
    const mine = await api(h, 'GET', '/api/v1/4d/fixed/page3', tokens.mem1)
    t.same(mine.body.data.map((f: { FixedId: number }) => f.FixedId), [created.body.data.FixedId])
    t.same((await api(h, 'GET', '/api/v1/tt/fixed/page3', tokens.mem1)).body.data, [], 'per game')
    t.equal((await api(h, 'POST', '/api/v1/4d/fixed/process', tokens.ag1, {})).status, 403, 'the process is ADMIN only')
    const run = await api(h, 'POST', '/api/v1/4d/fixed/process', tokens.admin, {})
    t.equal(run.body.data.Placed.length, 1)
    t.same(run.body.data.Failed, [])
    const ticket = await api(h, 'GET', `/api/v1/4d/bet/view?TicketNo=${run.body.data.Placed[0].TicketNo}`, tokens.mem1)
    t.match(ticket.body.data.Ticket, { Source: 'fixed', UserId: 'mem1', PlacedBy: 'ag1', Stake: 6 })
    t.same((await api(h, 'DELETE', `/api/v1/4d/bet/fixed?FixedId=${created.body.data.FixedId}`, tokens.mem1)).body, { success: true, data: true })
    t.equal((await api(h, 'DELETE', `/api/v1/4d/bet/fixed?FixedId=${created.body.data.FixedId}`, tokens.mem1)).status, 404)
  })

  t.test('draws: ADMIN creates one, lists show it; activeLatest only open ones', async (t) => {
    const created = await api(h, 'POST', '/api/v1/4d/draw', tokens.admin, { DrawDate: '2030-01-22', Series: 'MG4D' })
    t.match(created.body.data, { DrawDate: '2030-01-22', Series: 'MG4D', Special: true, IsFinalised: false, CloseDate: '2030-01-22T18:00:00+08:00', Status: 'open' })
    t.equal((await api(h, 'POST', '/api/v1/4d/draw', tokens.admin, { DrawDate: '2030-01-22', Series: 'MG4D' })).status, 409)
    t.equal((await api(h, 'POST', '/api/v1/4d/draw', tokens.admin, { DrawDate: '2030-01-22', Series: 'TOTO' })).status, 400)
    t.equal((await api(h, 'POST', '/api/v1/4d/draw', tokens.ag1, { DrawDate: '2030-01-09' })).status, 403)
    const active = await api(h, 'GET', '/api/v1/4d/draw/activeLatest', tokens.mem1)
    t.ok(active.body.data.every((d: { IsFinalised: boolean, CloseDate: string }) => !d.IsFinalised && d.CloseDate >= '2030-01-02T18:00'))
    t.ok(active.body.data.some((d: { DrawId: number }) => d.DrawId === created.body.data.DrawId))
    const all = await api(h, 'GET', '/api/v1/4d/draw2', tokens.mem1)
    t.ok(all.body.data.some((d: { IsFinalised: boolean }) => d.IsFinalised), 'seeded finalised draws')
    const results = await api(h, 'GET', '/api/v1/tt/draw/resultDate', tokens.mem1)
    t.ok(results.body.data.length >= 5 && results.body.data.every((d: { HasResult: boolean }) => d.HasResult), 'three weeks of TOTO results')
    const one = await api(h, 'GET', `/api/v1/tt/draw/result?DrawId=${results.body.data[0].DrawId}`, tokens.mem1)
    t.equal(one.body.data.Result.winning.length, 6)
    t.equal((await api(h, 'GET', `/api/v1/4d/draw/result?DrawId=${results.body.data[0].DrawId}`, tokens.mem1)).status, 404, 'a TOTO draw is not on the 4d prefix')
  })
})
