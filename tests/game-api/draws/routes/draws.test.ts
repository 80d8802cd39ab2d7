import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { api, moveTo } from '../../betting/support.ts'

// Draws by series with status; create and edit (date, open time, close time); close and reopen by hand; the one cut-off for every entry path.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)

  t.test('create, list by series, open time, close and reopen by hand, and the bet cut-off', async (t) => {
    let tokens = await moveTo(h, '2030-01-02T02:00:00Z', ['mem1', 'admin', 'ag1'])
    const bet = (drawIds: number[]) => api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DrawIds: drawIds, Lines: [{ Number: '1234', Form: 'straight', Big: 1 }] })
    // 2030-01-15 is a Tuesday: Magnum's special draw.
    const created = await api(h, 'POST', '/api/v1/4d/draw', tokens.admin, { DrawDate: '2030-01-15', Series: 'MG4D', OpenDate: '2030-01-03', OpenTime: '09:00', CloseTime: '18:15' })
    t.equal(created.status, 200, JSON.stringify(created.body))
    const draw = created.body.data
    t.match(draw, { Series: 'MG4D', Special: true, Status: 'pending', OpenDate: '2030-01-03T09:00:00+08:00', CloseDate: '2030-01-15T18:15:00+08:00', CloseTime: '18:15', ClosedByHand: false })
    const mg = (await api(h, 'GET', '/api/v1/4d/draw2?Series=MG4D', tokens.admin)).body.data
    t.ok(mg.length > 0 && mg.every((d: { Series: string }) => d.Series === 'MG4D'), 'listed by series')
    t.ok(mg.some((d: { DrawId: number, Status: string }) => d.DrawId === draw.DrawId && d.Status === 'pending'))
    t.ok((await api(h, 'GET', '/api/v1/4d/draw2', tokens.admin)).body.data.some((d: { Status: string }) => d.Status === 'finalised'), 'seeded history shows as finalised')

    const early = await bet([draw.DrawId])
    t.equal(early.status, 409)
    t.match(early.body.message, /opens for betting at 01\/03\/2030 09:00;/, 'no bet before the open time')
    const bad = await api(h, 'PUT', '/api/v1/4d/draw', tokens.admin, { DrawId: draw.DrawId, OpenDate: '2030-01-16' })
    t.equal(bad.status, 400)
    t.match(bad.body, { code: 'GA_DRAW_OPENS_AFTER_CLOSE', message: 'Opens must be earlier than the close, 01/15/2030 18:15: betting must open before it closes.', params: ['01/15/2030 18:15'] }, 'the close time as the user reads times')
    const twice = await api(h, 'POST', '/api/v1/4d/draw', tokens.admin, { DrawDate: '2030-01-15', Series: 'MG4D', CloseTime: '18:15' })
    t.match(twice, { status: 409, body: { code: 'GA_DRAW_EXISTS', message: 'A MG4D draw on 01/15/2030 exists already.', params: ['MG4D', '01/15/2030'] } }, 'the day as the tables write it')
    const badTime = await api(h, 'PUT', '/api/v1/4d/draw', tokens.admin, { DrawId: draw.DrawId, CloseTime: '6pm' })
    t.match(badTime, { status: 400, body: { code: 'GA_FIELD_NOT_TIME', params: ['body/CloseTime', '6pm'] } }, 'a malformed time is refused, naming the field')
    t.equal((await api(h, 'PUT', `/api/v1/4d/draw/${draw.DrawId}/close`, tokens.ag1, {})).status, 403, 'ADMIN only')
    const opened = await api(h, 'PUT', '/api/v1/4d/draw', tokens.admin, { DrawId: draw.DrawId, OpenDate: '' })
    t.match(opened.body.data, { Status: 'open', OpenDate: null, CloseTime: '18:15' }, 'an empty open date opens it at once, the close time kept')
    t.equal((await bet([draw.DrawId])).status, 200)

    const closed = await api(h, 'PUT', `/api/v1/4d/draw/${draw.DrawId}/close`, tokens.admin, {})
    t.match(closed.body.data, { Status: 'closed', ClosedByHand: true })
    const refused = await bet([draw.DrawId])
    t.equal(refused.status, 409)
    t.match(refused.body, { code: 'GA_DRAW_CLOSED_EARLY', message: /^Draw \d+ takes no more bets: betting on it was closed early/ }, 'closed by hand: no close time named')
    t.notOk((await api(h, 'GET', '/api/v1/4d/draw/activeLatest', tokens.mem1)).body.data.some((d: { DrawId: number }) => d.DrawId === draw.DrawId), 'not offered while closed')
    t.match((await api(h, 'PUT', `/api/v1/4d/draw/${draw.DrawId}/reopen`, tokens.admin, {})).body.data, { Status: 'open', ClosedByHand: false })
    t.equal((await bet([draw.DrawId])).status, 200, 'reopened: bets again')
    t.match((await api(h, 'GET', `/api/v1/4d/draw/byId/${draw.DrawId}`, tokens.admin)).body.data, { DrawId: draw.DrawId, Status: 'open' })

    // Today's Singapore draw closed by hand: the day-code path refuses it too (one cut-off for every entry path).
    const today = (await api(h, 'GET', '/api/v1/4d/draw/activeLatest', tokens.mem1)).body.data.find((d: { Series: string, DrawDate: string }) => d.Series === 'SG4D' && d.DrawDate === '2030-01-02')
    await api(h, 'PUT', `/api/v1/4d/draw/${today.DrawId}/close`, tokens.admin, {})
    const byCode = await api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DayCode: '3', Lines: [{ Number: '1234', Form: 'straight', Big: 1 }] })
    t.equal(byCode.status, 409, 'day code 3 reaches the closed draw and is refused')
    const byText = await api(h, 'POST', '/api/v1/4d/bet/text', tokens.mem1, { Text: 'mem1 3 1234 1-' })
    t.not(byText.status, 200, 'bet text too')
    await api(h, 'PUT', `/api/v1/4d/draw/${today.DrawId}/reopen`, tokens.admin, {})

    // Past its close time a draw cannot simply reopen: give it a later close time first; once its result is in, it is fixed.
    tokens = await moveTo(h, '2030-01-15T10:20:00Z', ['mem1', 'admin', 'ag1'])
    const past = await api(h, 'PUT', `/api/v1/4d/draw/${draw.DrawId}/reopen`, tokens.admin, {})
    t.equal(past.status, 409)
    t.match(past.body, { code: 'GA_DRAW_PAST_CLOSE', message: `Draw ${draw.DrawId} closed at 01/15/2030 18:15: to reopen it, give it a later close time in Draw Setting.`, params: [String(draw.DrawId), '01/15/2030 18:15'] }, 'the time in the user\'s format, the page named instead of a route')
    t.match(await api(h, 'POST', '/api/v1/4d/result/r5', tokens.admin, { DrawId: draw.DrawId }), { status: 409, body: { code: 'GA_NO_RESULT', message: `Draw ${draw.DrawId} has no result yet; enter it in Draw Setting before finalising.` } }, 'finalising without a result names the page, not a route')
    t.match((await api(h, 'PUT', '/api/v1/4d/draw', tokens.admin, { DrawId: draw.DrawId, CloseTime: '18:40' })).body.data, { Status: 'open', CloseDate: '2030-01-15T18:40:00+08:00' }, 'a later close time opens it again')
    t.match((await api(h, 'PUT', `/api/v1/4d/draw/${draw.DrawId}/reopen`, tokens.admin, {})).body.data, { Status: 'open', CloseDate: '2030-01-15T18:40:00+08:00' })
    const resultBeforeClose = { DrawId: draw.DrawId, Result: { first: '1111', second: '2222', third: '3333', starters: Array.from({ length: 10 }, (_, i) => String(4000 + i)), consolations: Array.from({ length: 10 }, (_, i) => String(5000 + i)) } }
    t.match(await api(h, 'POST', '/api/v1/4d/draw/result', tokens.admin, resultBeforeClose), { status: 409, body: { code: 'GA_DRAW_NOT_CLOSED', message: `Draw ${draw.DrawId} is still open for betting until 01/15/2030 18:40; enter its result after the close.`, params: [String(draw.DrawId), '01/15/2030 18:40'] } }, 'no result while it takes bets: its close time as the user reads times')
    await api(h, 'PUT', `/api/v1/4d/draw/${draw.DrawId}/close`, tokens.admin, {})
    const entered = await api(h, 'POST', '/api/v1/4d/draw/result', tokens.admin, {
      DrawId: draw.DrawId,
      Result: { first: '1111', second: '2222', third: '3333', starters: Array.from({ length: 10 }, (_, i) => String(4000 + i)), consolations: Array.from({ length: 10 }, (_, i) => String(5000 + i)) }
    })
    t.equal(entered.status, 200, 'closed by hand: the result may come before the scheduled close')
    t.equal((await api(h, 'PUT', '/api/v1/4d/draw', tokens.admin, { DrawId: draw.DrawId, CloseTime: '19:00' })).status, 409, 'dates are fixed once the result is in')
    t.equal((await api(h, 'PUT', `/api/v1/4d/draw/${draw.DrawId}/reopen`, tokens.admin, {})).status, 409, 'and betting cannot reopen')
  })
})
