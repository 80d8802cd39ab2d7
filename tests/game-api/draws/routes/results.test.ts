import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { eventually } from '../../../helpers/eventually.ts'
import { finaliseDraw } from '../../../../server/game-api/draws/store/finalise.ts'
import { gameApiHarness, type GameApiHarness } from '../../harness.ts'
import { api, SAMPLE_4D_RESULT, money, moveTo, setSuperPassword, SUPER_PASSWORD, THURSDAY_CLOSE, WEDNESDAY_CLOSE } from '../../betting/support.ts'

// Result entry, preview, finalising as a job, reset and re-finalise, against figures worked out by hand from the published tables.
const result = SAMPLE_4D_RESULT
// Each line with what it pays, worked out by hand (Big 2000/1000/490/250/60, Small 3000/2000/800; iBet per class per $1 of the line).
const lines: Array<{ Number: string, Form: string, Big: number, Small?: number, pays: number, why: string }> = [
  { Number: '1234', Form: 'straight', Big: 1, Small: 1, pays: 5000, why: '1st: 2000 Big + 3000 Small' },
  { Number: '5678', Form: 'straight', Big: 2, pays: 2000, why: '2nd: 2 x 1000' },
  { Number: '9012', Form: 'straight', Big: 0, Small: 1, pays: 800, why: '3rd: Small 800' },
  { Number: '1005', Form: 'straight', Big: 1, Small: 1, pays: 250, why: 'starter: Big only' },
  { Number: '2007', Form: 'straight', Big: 3, pays: 180, why: 'consolation: 3 x 60' },
  { Number: '1000', Form: 'roll', Big: 1, pays: 2250, why: 'roll 100x: nine starters x 250' },
  { Number: '4321', Form: 'ibet', Big: 1, Small: 1, pays: 218, why: 'iBet 24 class: 1st 83 + 125, starter 2341 10' },
  { Number: '8756', Form: 'ibet', Big: 2, pays: 82, why: 'iBet 24 class: 2nd 2 x 41' },
  { Number: '0012', Form: 'ibet', Big: 1, Small: 1, pays: 26, why: 'iBet 12 class: starter 1002 20 + consolation 2001 6' },
  { Number: '1001', Form: 'ibet', Big: 1, pays: 41, why: 'iBet 6 class: starter 41' },
  { Number: '2000', Form: 'ibet', Big: 1, Small: 1, pays: 15, why: 'iBet 4 class: consolation 15' },
  { Number: '4321', Form: 'kbet', Big: 1, Small: 1, pays: 5250, why: 'kBet: 1st 5000 and starter 250, full amount each' },
  { Number: '9999', Form: 'straight', Big: 5, Small: 5, pays: 0, why: 'no prize' }
]

/** Polls the finalise job's status call until it ends, keeping each percentage seen. */
async function finaliseJob (h: GameApiHarness, prefix: string, token: string, drawId: number): Promise<{ Status: string, seen: number[] }> {
  const started = await api(h, 'POST', `/api/v1/${prefix}/result/r5`, token, { DrawId: drawId })
  if (started.status !== 200) throw new Error(JSON.stringify(started.body))
  const seen: number[] = []
  const last = await eventually(async () => {
    const { body } = await api(h, 'GET', `/api/v1/${prefix}/result/r5/${drawId}/status`, token)
    seen.push(body.data.Progress)
    return ['done', 'failed'].includes(body.data.Status) && body.data
  }, { within: 60_000, what: 'the finalise job' })
  return { Status: last.Status, seen }
}

const ledger = async (h: GameApiHarness, drawId: number) => (await h.db.query<{ user_id: string, kind: string, acc_bal: string, reverses: string | null }>(
  'SELECT user_id, kind, acc_bal, reverses FROM draw_ledger WHERE draw_id = $1 ORDER BY entry_id', [drawId])).rows

onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)

  t.test('4D: every tier of every form by hand, preview, finalise job, idempotent, reset and identical re-finalise', async (t) => {
    let tokens = await moveTo(h, '2030-01-02T02:00:00Z', ['mem1', 'admin'])
    const placed = await api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DayCode: '3', Lines: lines.map(({ pays: _p, why: _w, ...l }) => l) })
    t.equal(placed.status, 200, JSON.stringify(placed.body))
    const drawId: number = placed.body.data.Draws[0].DrawId
    // A rate change after the sale reprices only later bets: ticket A keeps 83 for the 24-class 1st prize, ticket B gets 90.
    const change = await api(h, 'PUT', '/api/v1/4d/payRate', tokens.admin, { Table: 'I', Class: '24', Form: 'Big', First: 90, Second: 41, Third: 20, Starter: 10, Consolation: 3 })
    t.equal(change.status, 200)
    const later = await api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DrawIds: [drawId], Lines: [{ Number: '4321', Form: 'ibet', Big: 1 }] })
    t.equal(later.status, 200, JSON.stringify(later.body))
    await api(h, 'PUT', '/api/v1/4d/payRateDefault', tokens.admin, { Table: 'I', Class: '24', Form: 'Big' })

    tokens = await moveTo(h, WEDNESDAY_CLOSE, ['mem1', 'admin'])
    const enter = (r: unknown) => api(h, 'POST', '/api/v1/4d/draw/result', tokens.admin, { DrawId: drawId, Result: r })
    const malformed = await enter({ ...result, starters: ['1000', '1001', '12a4', ...result.starters.slice(3)] })
    t.equal(malformed.status, 400)
    t.match(malformed.body.message, /Starter 3 "12a4" must be a 4-digit number/, 'a malformed number names its slot')
    const repeated = await enter({ ...result, consolations: ['2000', '1234', ...result.consolations.slice(2)] })
    t.match(repeated.body.message, /Consolation 2 "1234" repeats 1st/, 'a repeated number names both slots')
    t.equal((await api(h, 'GET', `/api/v1/4d/result/report?DrawId=${drawId}`, tokens.admin)).status, 409, 'no preview without a result')
    t.equal((await enter(result)).status, 200)
    const flat = await api(h, 'POST', '/api/v1/4d/draw/result', tokens.admin, {
      DrawId: drawId, First: '1234', Second: '5678', Third: '9012', Starters: result.starters.join(' '), Consolations: result.consolations.join(', ')
    })
    t.same(flat.body.data.Result, result, 'the form\'s flat fields enter the same result')

    const before = await money(h, tokens.mem1)
    const preview = await api(h, 'GET', `/api/v1/4d/result/report?DrawId=${drawId}`, tokens.admin)
    t.equal(preview.status, 200, JSON.stringify(preview.body))
    t.equal((await api(h, 'GET', `/api/v1/4d/result/report?DrawId=${drawId}`, tokens.mem1)).status, 403, 'ADMIN only')
    const p = preview.body.data
    t.equal(p.IsFinalised, false)
    t.same(p.Tiers.map((x: { Prize: string }) => x.Prize).slice(0, 5), ['first', 'second', 'third', 'starter', 'consolation'])
    t.equal(Math.round((p.Stake - p.Commission - p.Payout) * 100), Math.round(p.OperatorResult * 100), 'the operator keeps stake less commission and payout')

    const job = await finaliseJob(h, '4d', tokens.admin, drawId)
    t.equal(job.Status, 'done')
    t.ok(job.seen.every((x, i) => i === 0 || x >= (job.seen[i - 1] ?? 0)), `progress never goes back: ${job.seen.join(', ')}`)
    const view = (await api(h, 'GET', `/api/v1/4d/bet/view?TicketNo=${placed.body.data.TicketNo}`, tokens.mem1)).body.data
    for (const [i, line] of lines.entries()) {
      const bet = view.Bets.find((b: { LineNo: number }) => b.LineNo === i + 1)
      t.equal(bet.Payout, line.pays, `${line.Number} ${line.Form}: ${line.why}`)
    }
    t.equal(view.Ticket.Payout, 16112, 'the ticket pays the sum by hand')
    const laterView = (await api(h, 'GET', `/api/v1/4d/bet/view?TicketNo=${later.body.data.TicketNo}`, tokens.mem1)).body.data
    t.equal(laterView.Bets[0].Payout, 100, 'the bet sold after the change pays its rate: 1st 90 + starter 10')

    const after = (await api(h, 'GET', `/api/v1/4d/result/report?DrawId=${drawId}`, tokens.admin)).body.data
    t.same({ ...after, IsFinalised: false }, p, 'the preview showed exactly what finalising paid')
    const { rows: [sums] } = await h.db.query<{ payout: number, commission: number, stake: number }>(
      `SELECT sum(b.payout)::float8 AS payout, sum(l.commission)::float8 AS commission, sum(b.amount)::float8 AS stake
       FROM bets b JOIN tickets t ON t.ticket_id = b.ticket_id JOIN bet_levels l ON l.bet_id = b.bet_id AND l.level = 0
       WHERE b.draw_id = $1 AND b.user_id = 'mem1' AND t.charged AND b.status <> 'void'`, [drawId])
    const finalised = await money(h, tokens.mem1)
    t.equal(Math.round(finalised.CreditLeft * 100), Math.round((before.CreditLeft + (sums?.payout ?? 0) + (sums?.commission ?? 0)) * 100), 'CreditLeft gains payout and own commission')
    t.equal(Math.round(finalised.AccBal * 100), Math.round((before.AccBal + (sums?.payout ?? 0) + (sums?.commission ?? 0) - (sums?.stake ?? 0)) * 100), 'AccBal books the result')
    const entries = await ledger(h, drawId)
    t.same(entries.filter((e) => e.user_id === 'mem1').map((e) => e.kind).sort(), ['commission', 'payout', 'stake'], 'one entry per kind for the bettor')

    t.equal((await api(h, 'POST', '/api/v1/4d/result/r5', tokens.admin, { DrawId: drawId })).status, 409, 'a finalised draw queues no second job')
    await finaliseDraw(h.db, drawId, h.clock.now())
    t.equal((await ledger(h, drawId)).length, entries.length, 'running the finaliser again books nothing')
    t.same(await money(h, tokens.mem1), finalised, 'and pays once')

    const unconfirmed = await api(h, 'PUT', `/api/v1/4d/result/reset6/${drawId}`, tokens.admin, {})
    t.match(unconfirmed, { status: 400, body: { message: /Confirm this with your super password/ } }, 'a reset needs the super password')
    const unset = await api(h, 'PUT', `/api/v1/4d/result/reset6/${drawId}`, tokens.admin, { SuperPassword: SUPER_PASSWORD })
    t.match(unset, { status: 409, body: { message: /no super password yet/ } }, 'and one must be set first')
    await setSuperPassword(h, tokens.admin)
    const wrong = await api(h, 'PUT', `/api/v1/4d/result/reset7/${drawId}`, tokens.admin, { SuperPassword: 'Demo#1234' })
    t.match(wrong, { status: 400, body: { message: /super password is wrong/ } }, 'the sign-in password does not confirm it')
    t.same(await money(h, tokens.mem1), finalised, 'refused resets move nothing')
    const reset = await api(h, 'PUT', `/api/v1/4d/result/reset6/${drawId}`, tokens.admin, { SuperPassword: SUPER_PASSWORD })
    t.equal(reset.status, 200, JSON.stringify(reset.body))
    t.match(reset.body.data, { Reversed: entries.length, ResultCleared: false })
    t.same(await money(h, tokens.mem1), before, 'reset gives back exactly what finalising moved')
    const reversed = await ledger(h, drawId)
    t.equal(reversed.length, entries.length * 2, 'with one reversing entry each, nothing deleted')
    t.equal((await api(h, 'GET', `/api/v1/4d/draw/result?DrawId=${drawId}`, tokens.admin)).body.data.Status, 'result', 'reset6 keeps the result')
    t.equal((await api(h, 'PUT', `/api/v1/4d/result/reset6/${drawId}`, tokens.admin, { SuperPassword: SUPER_PASSWORD })).status, 409, 'nothing left to reset')

    t.equal((await finaliseJob(h, '4d', tokens.admin, drawId)).Status, 'done')
    t.same(await money(h, tokens.mem1), finalised, 're-finalising gives identical balances')
    const again = (await api(h, 'GET', `/api/v1/4d/result/report?DrawId=${drawId}`, tokens.admin)).body.data
    t.same(again, after, 'and identical figures')

    const reset7 = await api(h, 'PUT', `/api/v1/4d/result/reset7/${drawId}`, tokens.admin, { SuperPassword: SUPER_PASSWORD })
    t.match(reset7.body.data, { ResultCleared: true })
    const cleared = (await api(h, 'GET', `/api/v1/4d/draw/result?DrawId=${drawId}`, tokens.admin)).body.data
    t.match(cleared, { Status: 'closed', HasResult: false, Result: null }, 'reset7 takes the draw back to closed')
    t.same(await money(h, tokens.mem1), before)
  })

  t.test('TOTO: the job settles groups and side bets by hand; reset and re-finalise agree', async (t) => {
    let tokens = await moveTo(h, '2030-01-03T02:00:00Z', ['mem1', 'admin'])
    const placed = await api(h, 'POST', '/api/v1/tt/bet/t', tokens.mem1, {
      DayCode: '4',
      Lines: [
        { Type: 'ORDINARY', Numbers: [1, 2, 3, 4, 5, 7], Units: 1 },
        { Type: 'ORDINARY', Numbers: [1, 2, 3, 4, 5, 6], Units: 1 },
        { Type: 'SYSTEM', Numbers: [1, 2, 3, 4, 5, 6, 7], Units: 1 },
        { Type: '2*', Numbers: [1, 2], Units: 1 },
        { Type: 'TO', Units: 2 }
      ]
    })
    t.equal(placed.status, 200, JSON.stringify(placed.body))
    const drawId: number = placed.body.data.Draws[0].DrawId
    tokens = await moveTo(h, THURSDAY_CLOSE, ['mem1', 'admin'])
    const bad = await api(h, 'POST', '/api/v1/tt/draw/result', tokens.admin, { DrawId: drawId, Result: { winning: [1, 2, 3, 4, 5, 7], additional: 3 } })
    t.match(bad.body.message, /Additional "3" repeats Winning 3/)
    t.equal((await api(h, 'POST', '/api/v1/tt/draw/result', tokens.admin, { DrawId: drawId, Result: { winning: [1, 2, 3, 4, 5, 7], additional: 6 } })).status, 200)
    const before = await money(h, tokens.mem1)
    t.equal((await finaliseJob(h, 'tt', tokens.admin, drawId)).Status, 'done')
    const view = (await api(h, 'GET', `/api/v1/tt/bet/view?TicketNo=${placed.body.data.TicketNo}`, tokens.mem1)).body.data
    const pays = view.Bets.sort((a: { LineNo: number }, b: { LineNo: number }) => a.LineNo - b.LineNo).map((b: { Payout: number }) => b.Payout)
    // System 7 of 1-7 covers 7 combinations: one with all six (G1), six with five and the additional (G2).
    t.same(pays, [1_000_000, 100_000, 1_000_000 + 6 * 100_000, 60, 5], 'G1, G2, system 7 = G1 + 6 x G2, 2* 60, TO 2 x 2.5')
    const finalised = await money(h, tokens.mem1)
    await setSuperPassword(h, tokens.admin)
    t.equal((await api(h, 'PUT', `/api/v1/tt/result/reset6/${drawId}`, tokens.admin, { SuperPassword: SUPER_PASSWORD })).status, 200)
    t.same(await money(h, tokens.mem1), before)
    t.equal((await finaliseJob(h, 'tt', tokens.admin, drawId)).Status, 'done')
    t.same(await money(h, tokens.mem1), finalised, 'identical after reset and re-finalise')
  })
})
