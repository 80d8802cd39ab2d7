import t from 'tap'
import { settleFourDLine, settleTotoLine, type FourDResult, type NumberForm, type TotoBetType, type TotoResult } from '../../../../server/game-api/betting/rules/index.ts'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { api, money, moveTo, THURSDAY_CLOSE, WEDNESDAY_CLOSE } from '../../betting/support.ts'

const fourDResult: FourDResult = {
  first: '1111',
  second: '2222',
  third: '3333',
  starters: ['4444', '1213', '0001', '0002', '0003', '0004', '0005', '0006', '0007', '0008'],
  consolations: ['5555', '5671', '2211', '0010', '0011', '0012', '0013', '0014', '0015', '0016']
}
const fourDLines = [
  { Number: '1111', Form: 'straight', Big: 1, Small: 1 },
  { Number: '2222', Form: 'straight', Big: 2, Small: 1 },
  { Number: '3333', Form: 'straight', Big: 1, Small: 2 },
  { Number: '4444', Form: 'straight', Big: 2, Small: 1 },
  { Number: '5555', Form: 'straight', Big: 1, Small: 1 },
  { Number: '5670', Form: 'roll', Big: 1 },
  { Number: '1123', Form: 'ibet', Big: 12 },
  { Number: '1122', Form: 'kbet', Big: 1 },
  { Number: '9876', Form: 'straight', Big: 5, Small: 5 }
]
const totoResult: TotoResult = { winning: [1, 2, 3, 4, 5, 7], additional: 6 }
const totoLines = [
  { Type: 'ORDINARY', Numbers: [1, 2, 3, 4, 5, 7], Units: 1 },
  { Type: 'ORDINARY', Numbers: [1, 2, 3, 4, 5, 6], Units: 1 },
  { Type: 'ORDINARY', Numbers: [1, 2, 3, 4, 5, 40], Units: 1 },
  { Type: 'ORDINARY', Numbers: [1, 2, 3, 4, 6, 40], Units: 1 },
  { Type: 'ORDINARY', Numbers: [1, 2, 3, 4, 40, 41], Units: 1 },
  { Type: 'ORDINARY', Numbers: [1, 2, 3, 6, 40, 41], Units: 1 },
  { Type: 'ORDINARY', Numbers: [1, 2, 3, 40, 41, 42], Units: 1 },
  { Type: 'SYSTEM', Numbers: [1, 2, 3, 4, 5, 6, 7, 8], Units: 2 },
  { Type: 'ROLL', Numbers: [1, 2, 3, 4, 5], Units: 1 },
  { Type: '2*', Numbers: [1, 2], Units: 1 },
  { Type: '*3', Numbers: [1, 2, 6], Units: 1 },
  { Type: '4*', Numbers: [1, 2, 3, 6], Units: 1 },
  { Type: 'TO', Units: 2 },
  { Type: 'TE', Units: 1 },
  { Type: 'TT', Units: 1 }
]

onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)

  t.test('4D: finalising pays every tier as the pure settlement does, and moves the bettor\'s money', async (t) => {
    const placed = await api(h, 'POST', '/api/v1/4d/bet', await h.signIn('mem1'), { DayCode: '3', Lines: fourDLines })
    t.equal(placed.status, 200, JSON.stringify(placed.body))
    const drawId = placed.body.data.Draws[0].DrawId
    const early = await api(h, 'POST', '/api/v1/4d/draw/result', await h.signIn('admin'), { DrawId: drawId, Result: fourDResult })
    t.equal(early.status, 409, 'no result before the close')
    const tokens = await moveTo(h, WEDNESDAY_CLOSE, ['mem1', 'admin', 'ag1'])
    const before = await money(h, tokens.mem1)
    const bad = await api(h, 'POST', '/api/v1/4d/draw/result', tokens.admin, { DrawId: drawId, Result: { ...fourDResult, starters: ['1'] } })
    t.equal(bad.status, 400)
    t.match(bad.body.message, /^The result is not valid: starters hold 1 numbers, expected 10/)
    t.equal((await api(h, 'POST', '/api/v1/4d/draw/result', tokens.ag1, { DrawId: drawId, Result: fourDResult })).status, 403, 'ADMIN only')
    t.equal((await api(h, 'PUT', '/api/v1/4d/draw', tokens.admin, { DrawId: drawId, IsFinalised: true })).status, 409, 'no finalising without a result')
    t.equal((await api(h, 'POST', '/api/v1/4d/draw/result', tokens.admin, { DrawId: drawId, Result: fourDResult })).status, 200)
    const final = await api(h, 'PUT', '/api/v1/4d/draw', tokens.admin, { DrawId: drawId, IsFinalised: true })
    t.equal(final.status, 200, JSON.stringify(final.body))
    t.equal(final.body.data.IsFinalised, true)
    const again = await api(h, 'PUT', '/api/v1/4d/draw', tokens.admin, { DrawId: drawId, IsFinalised: true })
    t.same(again.body.data, final.body.data, 'finalising again answers the same figures (and pays once: the money checks below)')

    const view = (await api(h, 'GET', `/api/v1/4d/bet/view?TicketNo=${placed.body.data.TicketNo}`, tokens.mem1)).body.data
    t.same([...new Set(view.Bets.map((b: { LineNo: number }) => b.LineNo))], fourDLines.map((_, i) => i + 1), 'the ticket\'s lines are numbered from 1, as the .ara backup numbers them')
    const forms: Record<string, NumberForm> = { straight: 'straight', roll: 'roll', ibet: 'ibet', kbet: 'kbet' }
    let total = 0
    for (const [i, line] of fourDLines.entries()) {
      const expected = settleFourDLine({ number: line.Number, form: forms[line.Form] ?? 'straight', big: line.Big, small: line.Small ?? 0 }, fourDResult).payout
      const bet = view.Bets.find((b: { LineNo: number }) => b.LineNo === i + 1)
      t.equal(bet.Payout, expected, `${line.Number} ${line.Form} pays ${expected}`)
      t.equal(bet.Status, expected > 0 ? 'won' : 'lost')
      total += expected
    }
    t.equal(view.Bets[0].Payout, 5000, '1st: 2000 Big + 3000 Small')
    t.equal(view.Bets[1].Payout, 4000, '2nd: 2 x 1000 + 2000')
    t.equal(view.Bets[2].Payout, 2090, '3rd: 490 + 2 x 800')
    t.equal(view.Bets[3].Payout, 500, 'starter: Big only')
    t.equal(view.Bets[4].Payout, 60, 'consolation: Big only')
    t.equal(view.Bets[5].Payout, 60, 'roll 5670 takes 5671 consolation')
    t.equal(view.Bets[6].Payout, 240, 'iBet $12 on 1123 (12-permutation class): 1213 takes a starter at 12 x 20')
    t.equal(view.Bets[7].Payout, 60, 'kBet: 1 on each permutation, 2211 takes a consolation')
    t.equal(view.Bets[8].Payout, 0, 'a loser')
    t.equal(view.Ticket.Payout, Math.round(total * 100) / 100)
    total = 0
    // Every level of the chain: the company's view (the bettor's holds only its own level).
    const chain = (await api(h, 'GET', `/api/v1/4d/bet/view?TicketNo=${placed.body.data.TicketNo}`, tokens.admin)).body.data.Levels
    for (const bet of view.Bets.filter((b: { Payout: number }) => b.Payout > 0)) {
      const levels = chain.filter((l: { BetId: number }) => l.BetId === bet.BetId)
      t.ok(levels.length > 1, `${bet.Number}: the chain above the bettor`)
      const top = levels[levels.length - 1]
      t.equal(Math.round((levels.reduce((s: number, l: { IntakePayout: number }) => s + l.IntakePayout, 0) + top.OutPayout) * 100), Math.round(bet.Payout * 100), `${bet.Number}: intakes and final out pay the prize`)
    }
    // Every charged ticket of mem1 on the draw settles (the seed placed one too).
    const { rows: [sums] } = await h.db.query<{ payout: number, commission: number, stake: number }>(
      `SELECT sum(b.payout)::float8 AS payout, sum(l.commission)::float8 AS commission, sum(b.amount)::float8 AS stake
       FROM bets b JOIN tickets t ON t.ticket_id = b.ticket_id JOIN bet_levels l ON l.bet_id = b.bet_id AND l.level = 0
       WHERE b.draw_id = $1 AND b.user_id = 'mem1' AND t.charged AND b.status <> 'void'`, [drawId])
    const commission = sums?.commission ?? 0
    const stake = sums?.stake ?? 0
    total = sums?.payout ?? 0
    t.ok(commission > 0, 'mem1 earns its own commission')
    const after = await money(h, tokens.mem1)
    t.equal(Math.round(after.CreditLeft * 100), Math.round((before.CreditLeft + total + commission) * 100), 'CreditLeft gains payout and own commission')
    t.equal(Math.round(after.AccBal * 100), Math.round((before.AccBal + total + commission - stake) * 100), 'AccBal books the result')
    const { rows } = await h.db.query<{ n: string }>('SELECT count(*) AS n FROM strikes WHERE draw_id = $1', [drawId])
    t.equal(Number(rows[0]?.n), final.body.data.Strikes)
  })

  t.test('TOTO: every group and side bet as the pure settlement does', async (t) => {
    const tokens = await moveTo(h, '2030-01-03T02:00:00Z', ['mem1'])
    const placed = await api(h, 'POST', '/api/v1/tt/bet/t', tokens.mem1, { DayCode: '4', Lines: totoLines })
    t.equal(placed.status, 200, JSON.stringify(placed.body))
    const drawId = placed.body.data.Draws[0].DrawId
    const later = await moveTo(h, THURSDAY_CLOSE, ['mem1', 'admin'])
    t.equal((await api(h, 'POST', '/api/v1/tt/draw/result', later.admin, { DrawId: drawId, Result: { winning: [1, 2, 3, 4, 5, 5], additional: 6 } })).status, 400)
    t.equal((await api(h, 'POST', '/api/v1/tt/draw/result', later.admin, { DrawId: drawId, Result: totoResult })).status, 200)
    t.equal((await api(h, 'PUT', '/api/v1/tt/draw', later.admin, { DrawId: drawId, IsFinalised: true })).status, 200)
    const result = await api(h, 'GET', `/api/v1/tt/draw/result?DrawId=${drawId}`, later.mem1)
    t.same(result.body.data.Result, totoResult)
    t.equal(result.body.data.IsFinalised, true)
    const view = (await api(h, 'GET', `/api/v1/tt/bet/view?TicketNo=${placed.body.data.TicketNo}`, later.mem1)).body.data
    for (const [i, line] of totoLines.entries()) {
      const numbers = line.Numbers ?? []
      const expected = settleTotoLine({ type: line.Type as TotoBetType, numbers, units: line.Units }, totoResult).payout
      const bet = view.Bets.find((b: { LineNo: number }) => b.LineNo === i + 1)
      t.equal(bet.Payout, expected, `${line.Type} ${numbers.join(' ')} pays ${expected}`)
    }
    const payouts = view.Bets.map((b: { Payout: number }) => b.Payout)
    t.same(payouts.slice(0, 7), [1_000_000, 100_000, 1_500, 450, 50, 25, 10], 'groups 1 to 7')
    const strikes = view.Strikes.map((s: { Prize: string }) => s.Prize)
    t.ok(['G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7', '2*', '*3', 'TO'].every((p) => strikes.includes(p)))
  })
})
