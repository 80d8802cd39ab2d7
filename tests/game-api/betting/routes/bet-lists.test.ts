import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { api } from '../support.ts'
import { upload, waitForJob } from '../upload-support.ts'

// The bet lists' variants (page2ByDate, viewFull, view2ByDate(Full), detailsFull, detailDownlineFull, betByDay, searchT, DELETE bet/page), checked against the tables.
const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100)
const GROUP_SQL = 'WITH RECURSIVE grp (user_id, depth) AS (SELECT $1::text, 0 UNION ALL SELECT u.user_id, grp.depth + 1 FROM users u JOIN grp ON u.parent_id = grp.user_id)'

onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = { admin: await h.signIn('admin'), ag1: await h.signIn('ag1'), ag2: await h.signIn('ag2'), mem1: await h.signIn('mem1') }
  const draws = (await api(h, 'GET', '/api/v1/4d/summary/drawDate', tokens.ag1)).body.data as Array<{ DrawId: number, DrawDate: string }>
  const draw = draws[1]!
  /** The bets (and their live stake) of a user's own, its group's or only its downline's on a draw date or draw. */
  const betsOf = async (root: string, scope: 'own' | 'group' | 'below', where: { date?: string, drawId?: number }) => {
    const { rows: [r] } = await h.db.query<{ n: number, stake: number }>(`${GROUP_SQL}
      SELECT count(*)::int AS n, COALESCE(sum(b.amount) FILTER (WHERE b.status <> 'void'), 0)::float8 AS stake FROM bets b JOIN draws d ON d.draw_id = b.draw_id
      WHERE b.game = '4D' AND ($2::date IS NULL OR d.draw_date = $2::date) AND ($3::int IS NULL OR b.draw_id = $3)
        AND b.user_id IN (SELECT user_id FROM grp WHERE CASE $4 WHEN 'own' THEN depth = 0 WHEN 'below' THEN depth > 0 ELSE true END)`, [root, where.date ?? null, where.drawId ?? null, scope])
    return { n: Number(r?.n), stake: cents(r?.stake) }
  }

  t.test('bet/page2ByDate: the same page of tickets as page2 with that DrawDate; a date is required and must be a date', async (t) => {
    const byDate = await api(h, 'GET', `/api/v1/4d/bet/page2ByDate?DrawDate=${draw.DrawDate}&pageSize=20`, tokens.ag1)
    const page2 = await api(h, 'GET', `/api/v1/4d/bet/page2?DrawDate=${draw.DrawDate}&pageSize=20`, tokens.ag1)
    t.equal(byDate.status, 200, JSON.stringify(byDate.body))
    t.ok(byDate.body.data.total > 0, 'tickets on that date')
    t.same(byDate.body.data, page2.body.data, 'the same answer as page2 by date')
    t.ok(byDate.body.data.rows.every((r: { DrawDates: string[] }) => r.DrawDates.includes(draw.DrawDate)), 'every ticket bets on that date')
    const mine = await api(h, 'GET', `/api/v1/4d/bet/page2ByDate?DrawDate=${draw.DrawDate}&UserId=mem1`, tokens.ag1)
    t.ok(mine.body.data.rows.every((r: { UserId: string }) => r.UserId === 'mem1'), 'UserId: that user\'s tickets')
    t.match(await api(h, 'GET', '/api/v1/4d/bet/page2ByDate', tokens.ag1), { status: 400, body: { code: 'GA_FIELD_REQUIRED', params: ['querystring/DrawDate'] } })
    t.match(await api(h, 'GET', '/api/v1/4d/bet/page2ByDate?DrawDate=2029-02-30', tokens.ag1), { status: 400, body: { code: 'GA_FIELD_NOT_DATE', params: ['querystring/DrawDate', '2029-02-30'] } })
    t.match(await api(h, 'GET', '/api/v1/4d/bet/page2?DrawDate=2029-02-30', tokens.ag1), { status: 400, body: { code: 'GA_FIELD_NOT_DATE', params: ['querystring/DrawDate', '2029-02-30'] } }, 'page2 refuses a DrawDate that is no date too')
    t.match(await api(h, 'GET', `/api/v1/4d/bet/page2ByDate?DrawDate=${draw.DrawDate}&UserId=ag1`, tokens.mem1), { status: 403, body: { code: 'GA_NOT_YOUR_DOWNLINE' } })
  })

  t.test('bet/view2ByDate: one user\'s own bet lines on a date; view2ByDateFull its group\'s, with who bet; viewFull the group\'s on a draw', async (t) => {
    const own = (await api(h, 'GET', `/api/v1/4d/bet/view2ByDate?DrawDate=${draw.DrawDate}&UserId=mem1&pageSize=10000`, tokens.ag1)).body.data
    const ownExpected = await betsOf('mem1', 'own', { date: draw.DrawDate })
    t.equal(own.total, ownExpected.n, 'every line of mem1 on that date')
    t.equal(cents(own.totals.Amount), ownExpected.stake, 'Amount sums the live lines')
    t.ok(own.rows.every((r: { UserId: string, DrawDate: string }) => r.UserId === 'mem1' && r.DrawDate === draw.DrawDate), 'mem1\'s lines of that date only')
    t.notOk('UserName' in own.rows[0], 'the own list has no bettor columns')

    const full = (await api(h, 'GET', `/api/v1/4d/bet/view2ByDateFull?DrawDate=${draw.DrawDate}&pageSize=50`, tokens.ag1)).body.data
    const fullExpected = await betsOf('ag1', 'group', { date: draw.DrawDate })
    t.equal(full.total, fullExpected.n, 'every line of ag1\'s group on that date')
    t.equal(cents(full.totals.Amount), fullExpected.stake)
    t.equal(full.rows.length, Math.min(50, fullExpected.n), 'a page of them')
    t.equal(full.nextPage, fullExpected.n > 50 ? '2' : '')
    t.match(full.rows[0], { UserName: String, PlacedBy: String, Source: String, LineNo: Number }, 'the full list says who bet and how')
    const members = new Set(full.rows.map((r: { UserId: string }) => r.UserId))
    t.notOk(members.has('admin'), 'nobody above ag1')

    const viewFull = (await api(h, 'GET', `/api/v1/4d/bet/viewFull?DrawId=${draw.DrawId}&UserId=ag2&pageSize=5`, tokens.ag1)).body.data
    const viewExpected = await betsOf('ag2', 'group', { drawId: draw.DrawId })
    t.equal(viewFull.total, viewExpected.n, 'viewFull: every line of ag2\'s group on the draw')
    t.equal(cents(viewFull.totals.Amount), viewExpected.stake)
    t.ok(viewFull.rows.every((r: { DrawId: number }) => r.DrawId === draw.DrawId))

    t.match(await api(h, 'GET', `/api/v1/4d/bet/view2ByDate?DrawDate=${draw.DrawDate}&UserId=ag2`, tokens.mem1), { status: 403, body: { code: 'GA_NOT_YOUR_DOWNLINE' } }, 'a member may not read an agent\'s lines')
    t.match(await api(h, 'GET', '/api/v1/4d/bet/view2ByDateFull?DrawDate=02-01-2030', tokens.ag1), { status: 400, body: { code: 'GA_FIELD_NOT_DATE' } })
    t.match(await api(h, 'GET', '/api/v1/4d/bet/viewFull?DrawId=abc', tokens.ag1), { status: 400, body: { code: 'GA_FIELD_TYPE', params: ['querystring/DrawId'] } })
    t.match(await api(h, 'GET', '/api/v1/4d/bet/viewFull?pageSize=0', tokens.ag1), { status: 400, body: { params: ['querystring/pageSize'] } })
  })

  t.test('bet/detailsFull: the level rows of the group\'s bets, only the caller\'s group\'s levels; detailDownlineFull: a downline\'s bets only', async (t) => {
    const details = (await api(h, 'GET', `/api/v1/4d/bet/detailsFull?DrawId=${draw.DrawId}&pageSize=10000`, tokens.ag2)).body.data
    const { rows: [expected] } = await h.db.query<{ n: number }>(`${GROUP_SQL}
      SELECT count(*)::int AS n FROM bets b JOIN bet_levels l ON l.bet_id = b.bet_id
      WHERE b.draw_id = $2 AND b.status <> 'void' AND b.user_id IN (SELECT user_id FROM grp) AND l.user_id IN (SELECT user_id FROM grp)`, ['ag2', draw.DrawId])
    t.ok(details.total > 0, 'rows')
    t.equal(details.total, Number(expected?.n), 'one row per bet of ag2\'s group and level of ag2\'s group')
    const levelUsers = new Set(details.rows.map((r: { LevelUserId: string }) => r.LevelUserId))
    t.notOk(levelUsers.has('ag1') || levelUsers.has('admin'), 'never an upline\'s share, commission or intake')
    t.match(details.rows[0], { TicketNo: String, Level: Number, Share: Number, ttAmountIntake: Number })

    const below = (await api(h, 'GET', `/api/v1/4d/bet/detailDownlineFull?UserId=ag1&DrawId=${draw.DrawId}&pageSize=10000`, tokens.admin)).body.data
    const bettors = new Set(below.rows.map((r: { UserId: string }) => r.UserId))
    t.ok(below.total > 0 && !bettors.has('ag1'), 'ag1\'s downline\'s bets, not ag1\'s own')
    const belowBets = await betsOf('ag1', 'below', { drawId: draw.DrawId })
    t.equal(new Set(below.rows.map((r: { BetId: number }) => r.BetId)).size, belowBets.n - (await h.db.query<{ n: number }>(`${GROUP_SQL}
      SELECT count(*)::int AS n FROM bets b JOIN grp ON grp.user_id = b.user_id WHERE grp.depth > 0 AND b.draw_id = $2 AND b.status = 'void'`, ['ag1', draw.DrawId])).rows[0]!.n, 'every live bet of the downline')
    t.match(await api(h, 'GET', '/api/v1/4d/bet/detailDownlineFull', tokens.ag1), { status: 400, body: { code: 'GA_FIELD_REQUIRED', params: ['querystring/UserId'] } })
    t.match(await api(h, 'GET', '/api/v1/4d/bet/detailDownlineFull?UserId=ag1', tokens.ag2), { status: 403, body: { code: 'GA_NOT_YOUR_DOWNLINE' } }, 'not an upline\'s')
  })

  t.test('bet/betByDay: the group\'s live bets per draw date over a period', async (t) => {
    const from = draws[draws.length - 1]!.DrawDate
    const to = draws[0]!.DrawDate
    const r = (await api(h, 'GET', `/api/v1/4d/bet/betByDay?DateFrom=${from}&DateTo=${to}`, tokens.ag1)).body.data
    t.same(r.rows.map((x: { DrawDate: string }) => x.DrawDate), [...new Set(draws.map((d) => d.DrawDate))].sort(), 'one row per day with bets, oldest first')
    for (const row of r.rows.slice(0, 3)) t.equal(cents(row.Stake), (await betsOf('ag1', 'group', { date: row.DrawDate })).stake, `${row.DrawDate}: the group's stake`)
    t.equal(cents(r.totals.Stake), r.rows.reduce((s: number, x: { Stake: number }) => s + cents(x.Stake), 0), 'totals add the days')
    const one = (await api(h, 'GET', `/api/v1/4d/bet/betByDay?DateFrom=${to}&DateTo=${to}&UserId=ag2`, tokens.ag1)).body.data
    t.equal(cents(one.totals.Stake), (await betsOf('ag2', 'group', { date: to })).stake, 'UserId: that user\'s group')
    t.match(await api(h, 'GET', `/api/v1/4d/bet/betByDay?DateFrom=${to}&DateTo=${from}`, tokens.ag1), { status: 400, body: { code: 'GA_PERIOD_REVERSED' } })
    t.match(await api(h, 'GET', `/api/v1/4d/bet/betByDay?DateFrom=${from}`, tokens.ag1), { status: 400, body: { code: 'GA_FIELD_REQUIRED', params: ['querystring/DateTo'] } })
  })

  t.test('bet/searchT: the TOTO search, under the 4D location too', async (t) => {
    const { rows: [bet] } = await h.db.query<{ n: number }>("SELECT numbers[1] AS n FROM bets WHERE game = 'TOTO' AND user_id = 'mem1' AND cardinality(numbers) > 0 LIMIT 1")
    const found = (await api(h, 'GET', `/api/v1/4d/bet/searchT?Number=${bet!.n}`, tokens.ag1)).body.data as Array<{ TicketNo: string, Numbers?: number[], Form: string }>
    t.ok(found.length > 0, 'TOTO bets holding that number')
    const { rows: [toto] } = await h.db.query<{ game: string }>('SELECT t.game FROM tickets t WHERE t.ticket_no = $1', [found[0]!.TicketNo])
    t.equal(toto?.game, 'TOTO', 'TOTO tickets, asked under 4d')
    t.same(found, (await api(h, 'GET', `/api/v1/tt/bet/search?Number=${bet!.n}`, tokens.ag1)).body.data, 'as bet/search answers under tt')
    t.match(await api(h, 'GET', '/api/v1/4d/bet/searchT', tokens.ag1), { status: 400, body: { code: 'GA_FIELD_REQUIRED', params: ['querystring/Number'] } })
  })

  await t.test('DELETE bet/page: voids every ticket of one upload, all or none, under the void rules', async (t) => {
    const up = await upload(h, tokens.ag1, '4d', { UserId: 'mem1' }, 'mem1 3 7101 1-\nmem1 3 7102 2-\nag2 3 7103 1-\n')
    t.equal(up.status, 200, JSON.stringify(up.body))
    const fileId = up.body.data.FileId as number
    t.equal((await api(h, 'POST', `/api/v1/4d/files/processUpload/${fileId}`, tokens.ag1, {})).status, 200)
    t.match((await waitForJob(h, tokens.ag1, '4d', fileId)).last, { Status: 'done', Placed: 3 })
    const { rows: placed } = await h.db.query<{ ticket_no: string }>("SELECT ticket_no FROM tickets WHERE file_id = $1 AND status = 'active' ORDER BY ticket_id", [fileId])
    t.equal(placed.length, 3)
    const credit = async (u: string) => cents((await h.db.query<{ c: string }>('SELECT credit_left AS c FROM users WHERE user_id = $1', [u])).rows[0]?.c)
    const before = { mem1: await credit('mem1'), ag2: await credit('ag2') }

    t.match(await api(h, 'DELETE', `/api/v1/4d/bet/page?FileId=${fileId}`, tokens.mem1), { status: 403, body: { code: 'GA_RECORD_NOT_YOUR_DOWNLINE' } }, 'the owner may not void a ticket of a user it does not reach')
    t.match(await api(h, 'DELETE', `/api/v1/tt/bet/page?FileId=${fileId}`, tokens.ag1), { status: 404, body: { code: 'GA_FILE_NOT_FOUND' } }, 'a 4D upload is not a TOTO page')
    t.match(await api(h, 'DELETE', '/api/v1/4d/bet/page?FileId=0', tokens.ag1), { status: 400, body: { params: ['querystring/FileId'] } })

    // One ticket's draw closed by hand: the page stays whole.
    const { rows: [drawOf] } = await h.db.query<{ draw_id: number }>('SELECT b.draw_id FROM bets b JOIN tickets t ON t.ticket_id = b.ticket_id WHERE t.ticket_no = $1 LIMIT 1', [placed[2]!.ticket_no])
    await h.db.query('UPDATE draws SET closed_by_hand = true WHERE draw_id = $1', [drawOf!.draw_id])
    t.match(await api(h, 'DELETE', `/api/v1/4d/bet/page?FileId=${fileId}`, tokens.ag1), { status: 409, body: { code: 'GA_VOID_CLOSED_BY_HAND' } })
    const { rows: still } = await h.db.query("SELECT 1 FROM tickets WHERE file_id = $1 AND status = 'active'", [fileId])
    t.equal(still.length, 3, 'refused: no ticket of the page voided')
    await h.db.query('UPDATE draws SET closed_by_hand = false WHERE draw_id = $1', [drawOf!.draw_id])

    const done = await api(h, 'DELETE', `/api/v1/4d/bet/page?FileId=${fileId}`, tokens.ag1)
    t.equal(done.status, 200, JSON.stringify(done.body))
    t.match(done.body.data, { FileId: fileId, Status: 'void', Voided: 3, TicketNos: placed.map((p) => p.ticket_no) })
    t.equal(await credit('mem1') - before.mem1 + await credit('ag2') - before.ag2, cents(done.body.data.Refund), 'the stakes go back to the bettors\' CreditLeft')
    const { rows: audit } = await h.db.query<{ detail: { FileId: number } }>("SELECT detail FROM audits WHERE action = 'ticket.voidPage'")
    t.equal(audit[0]?.detail.FileId, fileId, 'audited')
    t.match(await api(h, 'DELETE', `/api/v1/4d/bet/page?FileId=${fileId}`, tokens.ag1), { status: 409, body: { code: 'GA_PAGE_NOTHING_TO_VOID', params: [String(fileId)] } }, 'twice: nothing left to void')
  })
})
