import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { api } from '../../betting/support.ts'

// Bets In / Bets Out (bet/byDayGroupByNumber), distributors/* and Throw Number (bet/throw, bet/throwT, DELETE bet/throws) on one open draw.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = { admin: await h.signIn('admin'), ag1: await h.signIn('ag1'), ag2: await h.signIn('ag2'), mem1: await h.signIn('mem1') }
  const draws = (await api(h, 'GET', '/api/v1/4d/draw/activeLatest', tokens.mem1)).body.data as Array<{ DrawId: number, Series: string }>
  const drawId = draws.find((d) => d.Series === 'SG4D')!.DrawId
  const view = async (token: string, choice: 1 | 2, extra = '') => (await api(h, 'GET', `/api/v1/4d/bet/byDayGroupByNumber?Choice=${choice}&ViewDay=1&DrawId=${drawId}${extra}`, token)).body.data
  const rowOf = (body: { rows: Array<{ Number: string, Form: string }> }, number: string, form = 'straight') => body.rows.find((r) => r.Number === number && r.Form === form)
  let distributorId = 0

  t.test('ag1 limits 1234 to $50 Big; mem1 bets $80 Big in two tickets', async (t) => {
    t.equal((await api(h, 'POST', '/api/v1/4d/outSetting6', tokens.admin, { UserId: 'ag1', Number: '1234', Big: 50 })).status, 200)
    for (let i = 0; i < 2; i++) t.equal((await api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DrawIds: [drawId], Lines: [{ Number: '1234', Big: 40 }] })).status, 200)
  })

  t.test('Bets In and Bets Out per number, for the level asking', async (t) => {
    const agIn = await view(tokens.ag1, 1)
    t.match(agIn, { DrawId: drawId, Choice: 1, UserId: 'ag1' })
    t.match(rowOf(agIn, '1234'), { Big: 80, Small: 0, Amount: 80, Bets: 2, To: '' }, 'both tickets came in to ag1 from mem1')
    const agOut = await view(tokens.ag1, 2)
    // ag1 keeps half of what reaches it (dShare 0.5), $20 of each ticket, under its $50 limit; the rest goes up to admin.
    t.match(rowOf(agOut, '1234'), { Big: 40, Amount: 40, To: 'admin', Bets: 2 })
    const adminIn = await view(tokens.admin, 1)
    t.match(rowOf(adminIn, '1234'), { Big: 40, Amount: 40 }, 'what ag1 passed up is what reached admin')
    const memIn = await view(tokens.mem1, 1)
    t.same(memIn.rows, [], 'a member has no downline: nothing comes in')
    t.match(rowOf(await view(tokens.mem1, 2), '1234'), { Big: 80, To: 'ag1' }, 'a member\'s own bets go out to its agent')
    t.match(rowOf(await view(tokens.admin, 2, '&UserId=ag1'), '1234'), { Big: 40 }, 'an upline may look at a downline')
    t.equal((await api(h, 'GET', `/api/v1/4d/bet/byDayGroupByNumber?Choice=1&UserId=ag1&DrawId=${drawId}`, tokens.mem1)).status, 403, 'not the other way')
    t.equal((await api(h, 'GET', '/api/v1/4d/bet/byDayGroupByNumber?Choice=3', tokens.admin)).status, 400)
    t.equal((await api(h, 'GET', '/api/v1/tt/bet/byDayGroupByNumber?Choice=1&DrawId=' + drawId, tokens.admin)).status, 400, 'a 4D draw at a TOTO location')
  })

  t.test('distributors: each level\'s own outlets', async (t) => {
    const made = await api(h, 'POST', '/api/v1/4d/distributors', tokens.admin, { Name: 'North Outlet', Phone: '123' })
    t.equal(made.status, 200)
    t.match(made.body.data, { Name: 'North Outlet', Phone: '123', Remark: '', Throws: 0 })
    distributorId = made.body.data.DistributorId
    const again = await api(h, 'POST', '/api/v1/4d/distributors', tokens.admin, { Name: 'north outlet' })
    t.equal(again.status, 409)
    t.equal(again.body.message, 'A distributor named north outlet exists already; choose another name.')
    t.equal((await api(h, 'POST', '/api/v1/4d/distributors', tokens.ag2, { Name: 'North Outlet' })).status, 200, 'another level may use the name')
    t.equal((await api(h, 'GET', '/api/v1/4d/distributors/total', tokens.ag1)).status, 403, 'OutSet is needed')
    const renamed = await api(h, 'PUT', '/api/v1/4d/distributors', tokens.admin, { DistributorId: distributorId, Name: 'North', Remark: 'lays off 4D' })
    t.match(renamed.body.data, { Name: 'North', Remark: 'lays off 4D' })
    const spare = await api(h, 'POST', '/api/v1/4d/distributors', tokens.admin, { Name: 'Spare' })
    t.equal((await api(h, 'DELETE', `/api/v1/4d/distributors/${spare.body.data.DistributorId}`, tokens.admin)).status, 200)
    const list = (await api(h, 'GET', '/api/v1/4d/distributors/total', tokens.admin)).body.data as Array<{ Name: string }>
    t.same(list.map((d) => d.Name), ['North'], 'only admin\'s live outlets')
    t.equal((await api(h, 'GET', `/api/v1/4d/distributors/byId/${distributorId}`, tokens.ag2)).status, 404, 'another level\'s outlet is not shown')
  })

  t.test('throw part of the intake out by hand, never more than is kept', async (t) => {
    const thrown = await api(h, 'POST', '/api/v1/4d/bet/throw', tokens.admin, { DrawId: drawId, Number: '1234', Big: 20, DistributorId: distributorId })
    t.equal(thrown.status, 200)
    t.match(thrown.body.data, { DrawId: drawId, Number: '1234', Big: 20, Small: 0, Distributor: 'North', Game: '4D' })
    const over = await api(h, 'POST', '/api/v1/4d/bet/throw', tokens.admin, { DrawId: drawId, Number: '1234', Big: 25, DistributorId: distributorId })
    t.equal(over.status, 409)
    t.equal(over.body.message, 'You keep 20.00 Big of 1234 in this draw (after earlier throws) and cannot throw 25.00; throw at most 20.00.')
    t.equal((await api(h, 'POST', '/api/v1/4d/bet/throw', tokens.admin, { DrawId: drawId, Number: '9876', Big: 1, DistributorId: distributorId })).status, 409, 'nothing kept of 9876')
    t.equal((await api(h, 'POST', '/api/v1/4d/bet/throw', tokens.admin, { DrawId: drawId, Number: '1234', DistributorId: distributorId })).body.message,
      'A throw needs an amount above 0: give Big or Small (4D) or Units (TOTO).')
    // A throw moves part of an intake, a sum of shares of stakes: any amount in cents (server/docs/game-rules.md), no finer.
    const share = await api(h, 'POST', '/api/v1/4d/bet/throw', tokens.admin, { DrawId: drawId, Number: '1234', Big: 0.35, DistributorId: distributorId })
    t.match(share, { status: 200, body: { data: { Big: 0.35 } } }, 'a share\'s cents: 0.35 Big')
    t.same((await api(h, 'DELETE', '/api/v1/4d/bet/throws', tokens.admin, { ThrowIds: [share.body.data.ThrowId] })).body.data, { Deleted: 1 }, 'taken back')
    const finer = await api(h, 'POST', '/api/v1/4d/bet/throw', tokens.admin, { DrawId: drawId, Number: '1234', Big: 1.255, DistributorId: distributorId })
    t.match(finer, { status: 400, body: { code: 'GA_FIELD_NOT_CENTS', message: 'body/Big must be in cents at most (e.g. 2000.50), not 1.255.' } }, 'half a cent is refused, naming the field')
    t.equal((await api(h, 'POST', '/api/v1/4d/bet/throw', tokens.admin, { DrawId: drawId, Number: '1234', Big: 1, DistributorId: 99999 })).status, 404)
    t.equal((await api(h, 'POST', '/api/v1/4d/bet/throw', tokens.ag1, { DrawId: drawId, Number: '1234', Big: 1, DistributorId: distributorId })).status, 403)
    const out = await view(tokens.admin, 2)
    t.match(rowOf(out, '1234', 'throw'), { Big: 20, Amount: 20, To: 'North', Bets: 1 }, 'Bets Out shows the throw and where it went')
    const listed = (await api(h, 'GET', `/api/v1/4d/bet/throw?DrawId=${drawId}`, tokens.admin)).body.data as Array<{ ThrowId: number }>
    t.equal(listed.length, 1)
    t.same((await api(h, 'GET', `/api/v1/4d/bet/throwT?DrawId=${drawId}`, tokens.admin)).status, 400, 'bet/throwT lists TOTO draws only')
    const concurrent = await Promise.all(Array.from({ length: 6 }, () => api(h, 'POST', '/api/v1/4d/bet/throw', tokens.admin, { DrawId: drawId, Number: '1234', Big: 5, DistributorId: distributorId })))
    t.equal(concurrent.filter((a) => a.status === 200).length, 4, 'concurrent throws never pass what is kept')
    const { rows: [sum] } = await h.db.query<{ big: number }>("SELECT sum(big)::float8 AS big FROM throws WHERE user_id = 'admin' AND draw_id = $1 AND number = '1234'", [drawId])
    t.equal(Number(sum?.big), 40)
    const removed = await api(h, 'DELETE', '/api/v1/4d/bet/throws', tokens.admin, { ThrowIds: [listed[0]!.ThrowId] })
    t.same(removed.body.data, { Deleted: 1 })
    t.equal((await api(h, 'DELETE', '/api/v1/4d/bet/throws', tokens.admin, { ThrowIds: [listed[0]!.ThrowId] })).status, 404, 'gone already')
    const again = await api(h, 'POST', '/api/v1/4d/bet/throw', tokens.admin, { DrawId: drawId, Number: '1234', Big: 20, DistributorId: distributorId })
    t.equal(again.status, 200, 'a deleted throw frees its amount')
    const byQuery = await h.call('DELETE', `/api/v1/4d/bet/throws?ThrowIds=${again.body.data.ThrowId}`, { token: tokens.admin })
    t.same(byQuery.json().data, { Deleted: 1 }, 'a row action names the throw in the query')
    const none = await h.call('DELETE', '/api/v1/4d/bet/throws', { token: tokens.admin })
    t.equal(none.json().message, 'Choose the throws to delete.')
    t.equal((await h.call('DELETE', '/api/v1/4d/bet/throws?ThrowIds=1,x', { token: tokens.admin })).statusCode, 400)
  })
})
