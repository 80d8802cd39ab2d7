import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { api, money, moveTo, WEDNESDAY_CLOSE } from '../support.ts'

onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  let tokens = { mem1: await h.signIn('mem1'), mem2: await h.signIn('mem2'), ag1: await h.signIn('ag1'), ag2: await h.signIn('ag2'), admin: await h.signIn('admin') }

  t.test('4D: every form, stake per the rules, CreditLeft taken, ticket number', async (t) => {
    const before = await money(h, tokens.mem1)
    const { status, body } = await api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, {
      DayCode: '3',
      LocId: 'SG',
      Lines: [
        { Number: '1234', Form: 'straight', Big: 1, Small: 2 },
        { Number: '5670', Form: 'roll', Big: 1 },
        { Number: '1123', Form: 'ibet', Big: 12 },
        { Number: '1122', Form: 'k', Big: 0.5, Small: 1 }
      ]
    })
    t.equal(status, 200, JSON.stringify(body))
    t.match(body.data.TicketNo, /^D\d{8}$/)
    // straight 3 + roll 10 x 1 + iBet 12 once + kBet 6 permutations x 1.5 = 34
    t.equal(body.data.StakePerDraw, 34)
    t.equal(body.data.Stake, 34)
    t.same(body.data.Draws.map((d: { DrawDate: string, Series: string }) => [d.DrawDate, d.Series]), [['2030-01-02', 'SG4D']])
    t.equal(body.data.CreditLeft, before.CreditLeft - 34)
    t.equal((await money(h, tokens.mem1)).CreditLeft, before.CreditLeft - 34)
    const view = await api(h, 'GET', `/api/v1/4d/bet/view?TicketNo=${body.data.TicketNo}`, tokens.mem1)
    t.same(view.body.data.Bets.map((b: { Form: string, Amount: number, Combinations: number }) => [b.Form, b.Amount, b.Combinations]), [['straight', 3, 1], ['roll', 10, 10], ['ibet', 12, 12], ['kbet', 9, 6]])
    t.same(view.body.data.Levels.map((l: { Level: number, UserId: string }) => [l.Level, l.UserId]), [[0, 'mem1'], [0, 'mem1'], [0, 'mem1'], [0, 'mem1']], 'the bettor sees its own level of each bet, none of its uplines\'')
    const levels = (await api(h, 'GET', `/api/v1/4d/bet/view?TicketNo=${body.data.TicketNo}`, tokens.admin)).body.data.Levels
    const chain = levels.filter((l: { BetId: number }) => l.BetId === view.body.data.Bets[0].BetId)
    t.same(chain.map((l: { UserId: string }) => l.UserId), ['mem1', 'ag1', 'admin'], 'the chain runs bettor, agent, top')
    for (const l of chain) t.equal(Math.round((l.ttAmountIntake + l.ttAmountOut) * 100), Math.round(l.ttAmountIn * 100), `${l.UserId}: intake + out = in`)
    t.equal(chain[1].ttAmountIntake, 1.5, 'ag1 keeps its 0.5 share of 3')
  })

  t.test('4D day code 0 covers three draws and multiplies the stake', async (t) => {
    const { body } = await api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DayCode: '0', Lines: [{ Number: '0007', Big: 1 }] })
    t.equal(body.data.Stake, 3)
    t.same(body.data.Draws.map((d: { DrawDate: string }) => d.DrawDate), ['2030-01-02', '2030-01-05', '2030-01-06'])
  })

  t.test('TOTO: every bet type', async (t) => {
    const { status, body } = await api(h, 'POST', '/api/v1/tt/bet/t', tokens.mem1, {
      DayCode: '4',
      Lines: [
        { Type: 'ORDINARY', Numbers: [1, 2, 3, 4, 5, 6], Units: 1 },
        { Type: 'SYSTEM', Numbers: [1, 2, 3, 4, 5, 6, 7], Units: 2 },
        { Type: 'ROLL', Numbers: [1, 2, 3, 4, 5], Units: 1 },
        { Type: '2*', Numbers: [1, 2], Units: 1 },
        { Type: '3*', Numbers: [1, 2, 3], Units: 1 },
        { Type: '4*', Numbers: [1, 2, 3, 4], Units: 1 },
        { Type: '*2', Numbers: [1, 2], Units: 1 },
        { Type: '*3', Numbers: [1, 2, 3], Units: 1 },
        { Type: '*4', Numbers: [1, 2, 3, 4], Units: 1 },
        { Type: 'TO', Units: 3 },
        { Type: 'TE', Units: 1 },
        { Type: 'TT', Units: 1 }
      ]
    })
    t.equal(status, 200, JSON.stringify(body))
    t.match(body.data.TicketNo, /^T\d{8}$/)
    // 1 + 7 x 2 + 44 + six pick bets + 3 + 1 + 1 = 70
    t.equal(body.data.Stake, 70)
    t.same(body.data.Draws.map((d: { DrawDate: string, Series: string }) => [d.DrawDate, d.Series]), [['2030-01-03', 'TOTO']])
  })

  t.test('bad lines and bad draws answer 400 or 409 naming the field, and write nothing', async (t) => {
    const before = await money(h, tokens.mem1)
    const cases: Array<[string, string, unknown, number, RegExp]> = [
      ['4d', 'bet', { DayCode: '3', Lines: [{ Number: '123', Big: 1 }] }, 400, /^Line 1: the number "123" must have 4 digits/],
      ['4d', 'bet', { DayCode: '3', Lines: [{ Number: '1234', Form: 'x', Big: 1 }] }, 400, /^Line 1: choose the form straight, roll, iBet or kBet/],
      ['4d', 'bet', { DayCode: '3', Lines: [{ Number: '1234' }] }, 400, /Big and Small are both 0/],
      ['4d', 'bet', { DayCode: '9', Lines: [{ Number: '1234', Big: 1 }] }, 400, /^Day code "9" is not a 4D draw day/],
      ['4d', 'bet', { Lines: [{ Number: '1234', Big: 1 }] }, 400, /without DayCode or DrawIds/],
      ['4d', 'bet', { DrawIds: [999999], Lines: [{ Number: '1234', Big: 1 }] }, 404, /Draw 999999 does not exist/],
      ['tt', 'bet/t', { DayCode: '1', Lines: [{ Type: 'ORDINARY', Numbers: [1, 2, 3], Units: 1 }] }, 400, /^Line 1: Numbers has 3, but ORDINARY takes 6\.$/],
      ['tt', 'bet/t', { DayCode: '1', Lines: [{ Type: 'SYSTEM', Numbers: [1, 2, 3, 4, 5, 6, 50], Units: 1 }] }, 400, /from 1 to 49/],
      ['tt', 'bet/t', { DayCode: '1', Lines: [{ Type: 'TO', Units: 0 }] }, 400, /Units must be a whole number of at least 1/]
    ]
    for (const [game, path, payload, status, message] of cases) {
      const r = await api(h, 'POST', `/api/v1/${game}/${path}`, tokens.mem1, payload)
      t.equal(r.status, status, JSON.stringify(payload))
      t.match(r.body.message, message)
    }
    const { rows } = await h.db.query("SELECT id FROM (SELECT draw_id AS id FROM draws WHERE close_at <= '2030-01-02T02:00:00Z' AND series = 'SG4D' ORDER BY close_at DESC LIMIT 1) x")
    const closed = await api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DrawIds: [Number((rows[0] as { id: number }).id)], Lines: [{ Number: '1234', Big: 1 }] })
    t.equal(closed.status, 409)
    t.match(closed.body.message, /closed at .*pick an open draw/)
    t.same(await money(h, tokens.mem1), before, 'no money moved')
  })

  t.test('who may bet for whom', async (t) => {
    const forDownline = await api(h, 'POST', '/api/v1/4d/bet', tokens.ag1, { UserId: 'mem3', DayCode: '3', Lines: [{ Number: '4321', Big: 1 }] })
    t.equal(forDownline.status, 200, 'an agent bets for its member')
    t.equal(forDownline.body.data.UserId, 'mem3')
    const stranger = await api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { UserId: 'mem2', DayCode: '3', Lines: [{ Number: '4321', Big: 1 }] })
    t.equal(stranger.status, 403)
    t.equal(stranger.body.message, 'User mem2 is not in your downline; choose yourself or a user below you.')
    const disabled = await api(h, 'POST', '/api/v1/4d/bet', tokens.ag2, { DayCode: '3', Lines: [{ Number: '4321', Big: 1 }] })
    t.equal(disabled.status, 403, 'ag2 has placing bets disabled')
    t.match(disabled.body.message, /may not place bets/)
  })

  t.test('bet text: placed, and every error with its position', async (t) => {
    const ok = await api(h, 'POST', '/api/v1/4d/bet/text', tokens.mem1, { Text: 'MEM1 3 2345 6789 1-2 1111k H-' })
    t.equal(ok.status, 200, JSON.stringify(ok.body))
    t.equal(ok.body.data.UserId, 'mem1', 'the ID is matched ignoring case')
    t.equal(ok.body.data.Stake, 3 + 3 + 0.5)
    const view = await api(h, 'GET', `/api/v1/4d/bet/view?TicketNo=${ok.body.data.TicketNo}`, tokens.mem1)
    t.equal(view.body.data.Ticket.Source, 'sms')
    t.equal(view.body.data.Ticket.Text, 'MEM1 3 2345 6789 1-2 1111k H-')
    const bad = await api(h, 'POST', '/api/v1/4d/bet/text', tokens.mem1, { Text: 'mem1 3 12x4 1- 5678' })
    t.equal(bad.status, 400)
    t.match(bad.body.message, /^Bet text has 2 errors: at position 7: "12x4"/)
    t.match(bad.body.data, [/^at position 7 \(length 4\): /, /^at position 15 \(length 4\): 5678 has no amount/])
    const toto = await api(h, 'POST', '/api/v1/tt/bet/text', tokens.mem1, { Text: 'mem1 4 010203040506 -2 TO -1' })
    t.equal(toto.status, 200, JSON.stringify(toto.body))
    t.equal(toto.body.data.Stake, 3)
    const badDay = await api(h, 'POST', '/api/v1/tt/bet/text', tokens.mem1, { Text: 'mem1 3 010203040506 -2' })
    t.match(badDay.body.data, [/^at position 5 \(length 1\): "3" is not a TOTO day code/])
    const stranger = await api(h, 'POST', '/api/v1/4d/bet/text', tokens.mem1, { Text: 'mem2 3 1234 1-' })
    t.equal(stranger.status, 403)
  })

  t.test('bet/check parses only', async (t) => {
    const before = await money(h, tokens.mem1)
    const good = await api(h, 'POST', '/api/v1/4d/bet/check', tokens.mem1, { Text: 'mem1 0 1234 5678 1-' })
    t.same(good.body.data.errors, [])
    t.equal(good.body.data.ticket.Stake, 6)
    t.same(good.body.data.ticket.DrawDates, ['2030-01-02', '2030-01-05', '2030-01-06'])
    const bad = await api(h, 'POST', '/api/v1/4d/bet/check', tokens.mem1, { Text: 'mem1 0 1234' })
    t.equal(bad.body.data.ok, false)
    t.same(bad.body.data.errors.map((e: { position: number }) => e.position), [7])
    t.equal(bad.body.data.ticket, null)
    t.same(await money(h, tokens.mem1), before)
  })

  t.test('tickets: page2, search, userIds, and a member cannot read another member\'s ticket', async (t) => {
    const page = await api(h, 'GET', '/api/v1/4d/bet/page2?pageSize=2', tokens.mem1)
    t.equal(page.body.data.rows.length, 2)
    t.ok(page.body.data.total > 2)
    t.ok(page.body.data.rows.every((r: { UserId: string }) => r.UserId === 'mem1'))
    t.equal(page.body.data.nextPage, '2', 'the next page is named while rows are left')
    // Walking every page reaches every ticket, and the totals cover them all, not only the first page.
    const all: Array<{ Stake: number, Payout: number }> = []
    for (let next = '1'; next !== '';) {
      const answer = (await api(h, 'GET', `/api/v1/4d/bet/page2?pageSize=3&page=${next}`, tokens.mem1)).body.data
      all.push(...answer.rows)
      next = answer.nextPage
    }
    t.equal(all.length, page.body.data.total, 'the pages reach every ticket')
    const cents = (n: number) => Math.round(n * 100)
    t.equal(cents(page.body.data.totals.Stake), cents(all.reduce((s, r) => s + r.Stake, 0)), 'Stake summed over every page')
    t.equal(cents(page.body.data.totals.Payout), cents(all.reduce((s, r) => s + r.Payout, 0)), 'Payout summed over every page')
    const ag1Page = await api(h, 'GET', '/api/v1/4d/bet/page2?UserId=mem3&DrawDate=2030-01-02', tokens.ag1)
    t.ok(ag1Page.body.data.rows.some((r: { PlacedBy: string }) => r.PlacedBy === 'ag1'))
    t.equal((await api(h, 'GET', '/api/v1/4d/bet/page2?UserId=mem1', tokens.mem2)).status, 403)
    const found = await api(h, 'GET', '/api/v1/4d/bet/search?Number=4321', tokens.ag1)
    t.ok(found.body.data.some((r: { UserId: string }) => r.UserId === 'mem3'))
    const ids = await api(h, 'GET', '/api/v1/4d/bet/userIds', tokens.ag1)
    t.same(ids.body.data.map((u: { UserId: string }) => u.UserId), ['ag1', 'ag2', 'mem1', 'mem3', 'mem2'])
    const other = (await api(h, 'GET', '/api/v1/4d/bet/page2?UserId=mem3', tokens.ag1)).body.data.rows[0].TicketNo
    const denied = await api(h, 'GET', `/api/v1/4d/bet/view?TicketNo=${other}`, tokens.mem1)
    t.equal(denied.status, 403)
    t.equal(denied.body.message, 'This ticket belongs to a user outside your downline; open one of your own or of a user below you.', 'the owner is not named')
    const voided = await api(h, 'DELETE', `/api/v1/4d/bet?TicketNo=${other}`, tokens.mem1)
    t.equal(voided.status, 403)
    t.notMatch(voided.body.message, /mem3/, 'nor when voiding')
  })

  t.test('voiding: refunded before the close, refused after it', async (t) => {
    const placed = await api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DayCode: '3', Lines: [{ Number: '8888', Big: 2 }] })
    const before = await money(h, tokens.mem1)
    const voided = await api(h, 'DELETE', `/api/v1/4d/bet?TicketNo=${placed.body.data.TicketNo}`, tokens.mem1)
    t.same(voided.body, { success: true, data: { TicketNo: placed.body.data.TicketNo, Status: 'void', Refund: 2 } })
    t.equal((await money(h, tokens.mem1)).CreditLeft, before.CreditLeft + 2)
    t.equal((await api(h, 'DELETE', `/api/v1/4d/bet?TicketNo=${placed.body.data.TicketNo}`, tokens.mem1)).status, 409, 'twice is refused')
    const late = await api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DayCode: '3', Lines: [{ Number: '8888', Big: 2 }] })
    tokens = { ...tokens, ...await moveTo(h, WEDNESDAY_CLOSE, ['mem1']) }
    const refused = await api(h, 'DELETE', `/api/v1/4d/bet?TicketNo=${late.body.data.TicketNo}`, tokens.mem1)
    t.equal(refused.status, 409)
    t.match(refused.body.message, /closed at 01\/02\/2030 18:00;/)
    const view = await api(h, 'GET', `/api/v1/4d/bet/view?TicketNo=${late.body.data.TicketNo}`, tokens.mem1)
    t.equal(view.body.data.Ticket.Status, 'active')
    t.equal(view.body.data.Ticket.Open, false, 'its draw has closed: no longer voidable')
    const listed = (await api(h, 'GET', '/api/v1/4d/bet/page2?pageSize=5', tokens.mem1)).body.data.rows
    t.same(listed.filter((r: { TicketNo: string }) => r.TicketNo === placed.body.data.TicketNo || r.TicketNo === late.body.data.TicketNo).map((r: { Open: boolean }) => r.Open), [false, false], 'the list says so too (void, closed)')
  })
})
