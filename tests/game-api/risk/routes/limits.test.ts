import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { api, money, moveTo } from '../../betting/support.ts'

// Limit Setting (TT): the most units a number and bet type may take per draw, refused at placement naming the number and what is left.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  // Thursday 2030-01-03 10:00 GMT+8: that day's TOTO draw is open until 21:00.
  const tokens = await moveTo(h, '2030-01-03T02:00:00Z', ['admin', 'ag1', 'mem1'])
  const ordinary = (numbers: number[], units: number) => api(h, 'POST', '/api/v1/tt/bet/t', tokens.mem1, { DayCode: '4', Lines: [{ Type: 'ORDINARY', Numbers: numbers, Units: units }] })
  const list = async () => (await api(h, 'GET', '/api/v1/tt/limit', tokens.admin)).body.data as Array<{ LimitId: number, Number: string, BetType: string, MaxUnits: number, DrawId: number, Taken: number, Left: number }>

  t.test('set: numbers written sorted as two digits; refused when malformed, repeated or not an ADMIN', async (t) => {
    const made = await api(h, 'POST', '/api/v1/tt/limit', tokens.admin, { Number: '6 5 4 3 2 1', BetType: 'ordinary', MaxUnits: 3 })
    t.match(made, { status: 200, body: { data: { Number: '01 02 03 04 05 06', BetType: 'ORDINARY', MaxUnits: 3 } } })
    t.match(await api(h, 'POST', '/api/v1/tt/limit', tokens.admin, { Number: '01,02,03,04,05,06', BetType: 'ORDINARY', MaxUnits: 9 }), { status: 409, body: { message: /has a limit already/ } })
    t.match(await api(h, 'POST', '/api/v1/tt/limit', tokens.admin, { Number: '1 2 3', BetType: 'ORDINARY', MaxUnits: 9 }), { status: 400, body: { message: 'ORDINARY takes 6 numbers, but Numbers has 3.' } })
    t.match(await api(h, 'POST', '/api/v1/tt/limit', tokens.admin, { Number: '1 2 3 4 5 50', BetType: 'ORDINARY', MaxUnits: 9 }), { status: 400, body: { code: 'GA_LIMIT_BAD_NUMBER', message: /from 01 to 49/, params: ['1 2 3 4 5 50'] } })
    t.match(await api(h, 'POST', '/api/v1/tt/limit', tokens.admin, { Number: '', BetType: 'XX', MaxUnits: 9 }), { status: 400, body: { code: 'GA_LIMIT_BAD_BET_TYPE', message: /Bet type must be one of/ } })
    t.match(await api(h, 'POST', '/api/v1/tt/limit', tokens.admin, { BetType: 'TO', MaxUnits: 2 }), { status: 200, body: { data: { Number: 'TO', BetType: 'TO' } } }, 'a side bet is limited under its type')
    t.equal((await api(h, 'POST', '/api/v1/tt/limit', tokens.ag1, { BetType: 'TE', MaxUnits: 2 })).status, 403)
    t.equal((await api(h, 'GET', '/api/v1/4d/limit', tokens.admin)).status, 404, 'limits are TT only')
  })

  t.test('placement: what is left is taken across tickets and entry paths; a refusal names the number and writes nothing', async (t) => {
    t.equal((await ordinary([1, 2, 3, 4, 5, 6], 2)).status, 200)
    const [row] = (await list()).filter((l) => l.BetType === 'ORDINARY')
    t.match(row, { Taken: 2, Left: 1 }, 'GET limit shows the open draw\'s use')
    const before = await money(h, tokens.mem1)
    const refused = await ordinary([6, 5, 4, 3, 2, 1], 2)
    t.equal(refused.status, 409)
    t.equal(refused.body.message, `Number 01 02 03 04 05 06 (ORDINARY) has 1 units left in draw ${row?.DrawId}, and this ticket asks 2; bet at most what is left, or on another number.`)
    t.same(await money(h, tokens.mem1), before, 'no credit taken')
    const twoLines = await api(h, 'POST', '/api/v1/tt/bet/t', tokens.mem1, { DayCode: '4', Lines: [{ Type: 'ORDINARY', Numbers: [1, 2, 3, 4, 5, 6], Units: 1 }, { Type: 'ORDINARY', Numbers: [2, 1, 3, 4, 5, 6], Units: 1 }] })
    t.match(twoLines.body.message, /has 1 units left .* asks 2;/, 'two lines of one ticket on the same numbers add up')
    // Bet text keeps the typed order; the limit matches the numbers, not their order.
    const text = await api(h, 'POST', '/api/v1/tt/bet/text', tokens.mem1, { Text: 'mem1 4 060504030201 -1' })
    t.equal(text.status, 200, JSON.stringify(text.body))
    t.match((await list()).find((l) => l.BetType === 'ORDINARY'), { Taken: 3, Left: 0 })
    t.match((await ordinary([1, 2, 3, 4, 5, 6], 1)).body.message, /has 0 units left/)
    t.equal((await ordinary([1, 2, 3, 4, 5, 7], 5)).status, 200, 'other numbers are not limited')
    t.match((await api(h, 'POST', '/api/v1/tt/bet/t', tokens.mem1, { DayCode: '4', Lines: [{ Type: 'TO', Units: 3 }] })).body.message, /^Number TO \(TO\) has 2 units left/)
  })

  t.test('two tickets at once on the last unit: exactly one is placed', async (t) => {
    const made = await api(h, 'POST', '/api/v1/tt/limit', tokens.admin, { Number: '10 11 12 13 14 15', BetType: 'ORDINARY', MaxUnits: 1 })
    t.equal(made.status, 200)
    const answers = await Promise.all([ordinary([10, 11, 12, 13, 14, 15], 1), ordinary([10, 11, 12, 13, 14, 15], 1), ordinary([10, 11, 12, 13, 14, 15], 1)])
    t.same(answers.map((a) => a.status).sort(), [200, 409, 409])
    const { rows } = await h.db.query<{ units: string }>("SELECT sum(amount) AS units FROM bets WHERE number = '10 11 12 13 14 15'")
    t.equal(Number(rows[0]?.units), 1, 'never more than the limit')
  })

  t.test('edit, delete by id and by number; audited', async (t) => {
    const rows = await list()
    const id = rows.find((l) => l.Number === '01 02 03 04 05 06')?.LimitId
    t.match(await api(h, 'PUT', '/api/v1/tt/limit', tokens.admin, { LimitId: id, MaxUnits: 5 }), { status: 200, body: { data: { MaxUnits: 5 } } })
    t.equal((await ordinary([1, 2, 3, 4, 5, 6], 2)).status, 200, 'a raised limit lets more through')
    t.equal((await api(h, 'PUT', '/api/v1/tt/limit', tokens.admin, { LimitId: 999999, MaxUnits: 5 })).status, 404)
    t.match(await api(h, 'DELETE', `/api/v1/tt/limit/${id}`, tokens.admin), { status: 200, body: { data: { Deleted: 1 } } })
    t.equal((await ordinary([1, 2, 3, 4, 5, 6], 9)).status, 200, 'no limit, no refusal')
    t.match(await api(h, 'POST', '/api/v1/tt/limit/delete', tokens.admin, { BetType: 'TO' }), { status: 200, body: { data: { Deleted: 1 } } })
    const left = await list()
    t.match(await api(h, 'POST', '/api/v1/tt/limit/delete', tokens.admin, { LimitIds: [left[0]!.LimitId, 999999] }), { status: 404 })
    t.equal((await list()).length, left.length, 'all or none')
    const audits = await h.db.query<{ action: string }>("SELECT action FROM audits WHERE action LIKE 'limit.%' ORDER BY audit_id")
    t.same(audits.rows.map((a) => a.action), ['limit.create', 'limit.create', 'limit.create', 'limit.update', 'limit.delete', 'limit.delete'])
  })

  t.test('on DrawIds, where a ticket without a limit is placed alone (no transaction), a limited one still waits its turn: one of three is placed', async (t) => {
    t.equal((await api(h, 'POST', '/api/v1/tt/limit', tokens.admin, { Number: '30 31 32 33 34 35', BetType: 'ORDINARY', MaxUnits: 1 })).status, 200)
    const drawId = (await list()).find((l) => l.Number === '30 31 32 33 34 35')?.DrawId
    const onDraw = () => api(h, 'POST', '/api/v1/tt/bet/t', tokens.mem1, { DrawIds: [drawId], Lines: [{ Type: 'ORDINARY', Numbers: [30, 31, 32, 33, 34, 35], Units: 1 }] })
    const answers = await Promise.all([onDraw(), onDraw(), onDraw()])
    t.same(answers.map((a) => a.status).sort(), [200, 409, 409], JSON.stringify(answers.map((a) => a.body.message)))
    t.match((await list()).find((l) => l.Number === '30 31 32 33 34 35'), { Taken: 1, Left: 0 })
  })

  t.test("every bet keeps the number a limit names it under, as the migration's backfill writes it for older bets (TOTO lines typed in any order)", async (t) => {
    const placed = await api(h, 'POST', '/api/v1/tt/bet/text', tokens.mem1, { Text: 'mem1 4 111009080706 -1' })
    t.equal(placed.status, 200, JSON.stringify(placed.body))
    const { rows } = await h.db.query<{ bet_id: string, limit_number: string, backfill: string }>(
      'SELECT bet_id, limit_number, COALESCE((SELECT string_agg(lpad(x::text, 2, \'0\'), \' \' ORDER BY x) FROM unnest(b.numbers) AS x), CASE WHEN b.game = \'TOTO\' THEN b.form ELSE b.number END) AS backfill FROM bets b')
    t.ok(rows.length > 0)
    t.same(rows.filter((r) => r.limit_number !== r.backfill), [], `${rows.length} bets`)
    t.ok(rows.some((r) => r.limit_number === '06 07 08 09 10 11'), 'the typed 11 10 09 08 07 06 is limited as 06 07 08 09 10 11')
  })

  t.test('the list reports on the next draw not closed: one holding a result is closed, even with its close time ahead', async (t) => {
    const made = await api(h, 'POST', '/api/v1/tt/limit', tokens.admin, { Number: '20 21 22 23 24 25', BetType: 'ORDINARY', MaxUnits: 4 })
    t.equal(made.status, 200)
    const open = (await list()).find((l) => l.Number === '20 21 22 23 24 25')?.DrawId
    t.ok(open, 'the open Thursday draw')
    // A result written outside the result call (an operator's repair): the close time was never moved to the past.
    await h.db.query('UPDATE draws SET result = $2 WHERE draw_id = $1', [open, JSON.stringify({ winning: [1, 2, 3, 4, 5, 6], additional: 7 })])
    const { rows: [next] } = await h.db.query<{ draw_id: number }>("SELECT draw_id FROM draws WHERE game = 'TOTO' AND close_at > $1 AND draw_id <> $2 ORDER BY close_at, draw_id LIMIT 1", [h.clock.now(), open])
    const now = (await list()).find((l) => l.Number === '20 21 22 23 24 25')
    t.not(now?.DrawId, open)
    t.equal(now?.DrawId, next ? Number(next.draw_id) : null)
  })
})
