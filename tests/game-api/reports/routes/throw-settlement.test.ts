import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { eventually } from '../../../helpers/eventually.ts'
import { gameApiHarness } from '../../harness.ts'
import { api, moveTo, setSuperPassword, SUPER_PASSWORD, WEDNESDAY_CLOSE } from '../../betting/support.ts'

// A hand throw settled at finalise (issue #39): thrown 7586 Big 0.50 takes 1st prize, the distributor owes its 1,000.00 back, and every
// report counts the admin's win/loss on what it kept after the throw; intake = kept + passed on + thrown, to the cent.
const cents = (x: number) => Math.round(x * 100)
const result = {
  first: '7586',
  second: '5678',
  third: '9012',
  starters: ['1000', '1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '2341'],
  consolations: ['2000', '2001', '2002', '2003', '2004', '2005', '2006', '2007', '2008', '5555']
}

onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  let tokens = await moveTo(h, '2030-01-02T02:00:00Z', ['mem1', 'admin'])
  // mem1 bets 7586 Big 1 (and a loser); ag1 keeps half (dShare 0.5), admin the other half, of which it throws 0.50 Big to a distributor.
  const placed = await api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DayCode: '3', Lines: [{ Number: '7586', Big: 1 }, { Number: '4444', Big: 2 }] })
  t.equal(placed.status, 200, JSON.stringify(placed.body))
  const drawId: number = placed.body.data.Draws[0].DrawId
  const outlet = await api(h, 'POST', '/api/v1/4d/distributors', tokens.admin, { Name: 'Throw Outlet' })
  const thrown = await api(h, 'POST', '/api/v1/4d/bet/throw', tokens.admin, { DrawId: drawId, Number: '7586', Big: 0.5, DistributorId: outlet.body.data.DistributorId })
  t.equal(thrown.status, 200, JSON.stringify(thrown.body))
  t.equal(thrown.body.data.Payout, null, 'nothing is settled before finalising')

  tokens = await moveTo(h, WEDNESDAY_CLOSE, ['mem1', 'admin'])
  t.equal((await api(h, 'POST', '/api/v1/4d/draw/result', tokens.admin, { DrawId: drawId, Result: result })).status, 200)
  t.equal((await api(h, 'POST', '/api/v1/4d/result/r5', tokens.admin, { DrawId: drawId })).status, 200)
  await eventually(async () => (await api(h, 'GET', `/api/v1/4d/result/r5/${drawId}/status`, tokens.admin)).body.data.Status === 'done', { within: 60_000, what: 'the finalise job' })

  t.test('Report Out: the throw\'s strike is what the distributor owes back', async (t) => {
    const out = (await api(h, 'GET', `/api/v1/4d/reportOutFull?DrawId=${drawId}`, tokens.admin)).body.data
    const row = out.rows.find((r: { Number: string, Form: string }) => r.Number === '7586' && r.Form === 'throw')
    t.match(row, { BigOut: 0.5, AmountOut: 0.5, OutStrike: 1000 }, '0.50 Big at 2,000 on the 1st prize')
    t.equal(out.totals.OutStrike, 1000)
    const listed = (await api(h, 'GET', `/api/v1/4d/bet/throw?DrawId=${drawId}`, tokens.admin)).body.data
    t.match(listed, [{ Number: '7586', Distributor: 'Throw Outlet', Big: 0.5, Payout: 1000 }], 'the throw list (the distributor\'s account of it) shows the 1,000.00 owed')
    const betsOut = (await api(h, 'GET', `/api/v1/4d/bet/byDayGroupByNumber?Choice=2&ViewDay=1&DrawId=${drawId}`, tokens.admin)).body.data
    t.match(betsOut.rows.find((r: { Form: string }) => r.Form === 'throw'), { Number: '7586', To: 'Throw Outlet', Big: 0.5, Strike: 1000 }, 'Bets Out: the throw and what it won')
  })

  // The draw holds the seed's bets too, so the figures are checked against the levels' own rows and each other.
  const held = async (userId: string) => (await h.db.query<{ kept: string, pay: string }>(
    'SELECT sum(amount_intake) AS kept, sum(intake_payout) AS pay FROM bet_levels WHERE draw_id = $1 AND user_id = $2', [drawId, userId])).rows[0]

  t.test('Full Report: the admin\'s intake and strike are what it kept after the throw; they add up', async (t) => {
    const full = (await api(h, 'GET', `/api/v1/4d/reportFull?DrawId=${drawId}`, tokens.admin)).body.data
    const all = full.totals
    t.match(all, { MyThrown: 0.5, MyThrownStrike: 1000, Thrown: 0.5, ThrownStrike: 1000 }, 'admin threw 0.50 Big of 7586, which took 1st prize at 2,000')
    const admin = await held('admin')
    t.equal(cents(all.MyIntake), cents(Number(admin?.kept)) - 50, 'admin keeps its intake less the 0.50 thrown')
    t.equal(cents(all.MyIntakeStrike), cents(Number(admin?.pay)) - 100000, 'and pays its strikes less the 1,000.00 the distributor pays')
    t.equal(cents(all.Intake + all.Thrown + all.MyOut), cents(all.Stake), 'stake = kept by every level + thrown + passed on beyond the top, to the cent')
    t.equal(cents(all.IntakeStrike + all.ThrownStrike + all.MyOutStrike), cents(all.Strike), 'the payout splits the same way')
    const ag1 = full.rows.find((r: { UserId: string }) => r.UserId === 'ag1')
    t.ok(ag1.MyThrown > 0, 'the throw is counted on the row whose bets it came from')
  })

  t.test('Share Claim (Company): the throw is in the Out row, and the parts add up to the win/loss', async (t) => {
    const full = (await api(h, 'GET', `/api/v1/4d/reportFull?DrawId=${drawId}`, tokens.admin)).body.data.totals
    const company = (await api(h, 'GET', `/api/v1/4d/selectReportShareClaim?DrawId=${drawId}`, tokens.admin)).body.data
    const by: Record<string, number> = Object.fromEntries(company.rows.map((r: { Holder: string, WinLoss: number }) => [r.Holder, r.WinLoss]))
    t.equal(cents(by[''] ?? 0), cents(full.MyOut - full.MyOutStrike) + cents(0.5 - 1000), 'Out: what left the top plus the throw (0.50 less the 1,000.00 it won)')
    t.equal(cents(by.admin ?? 0), cents(full.MyIntake - full.MyIntakeStrike), 'admin holds only what it kept after the throw')
    t.equal(Object.values(by).reduce((a, b) => a + cents(b), 0), cents(company.WinLoss), 'the holders add up to the win/loss')
  })

  t.test('a reset unsettles the throw; finalising again books it once, with identical reports', async (t) => {
    const report = async (name: string) => (await api(h, 'GET', `/api/v1/4d/${name}?DrawId=${drawId}`, tokens.admin)).body.data
    const before = { out: await report('reportOutFull'), full: await report('reportFull'), claim: await report('selectReportShareClaim') }
    await setSuperPassword(h, tokens.admin)
    t.equal((await api(h, 'PUT', `/api/v1/4d/result/reset6/${drawId}`, tokens.admin, { SuperPassword: SUPER_PASSWORD })).status, 200)
    t.match((await api(h, 'GET', `/api/v1/4d/bet/throw?DrawId=${drawId}`, tokens.admin)).body.data, [{ Number: '7586', Payout: null }], 'unsettled again')
    t.equal((await report('reportFull')).totals.MyThrown, 0, 'nothing thrown is booked while the draw is not finalised')
    t.equal((await api(h, 'POST', '/api/v1/4d/result/r5', tokens.admin, { DrawId: drawId })).status, 200)
    await eventually(async () => (await api(h, 'GET', `/api/v1/4d/result/r5/${drawId}/status`, tokens.admin)).body.data.Status === 'done', { within: 60_000, what: 'the second finalise' })
    t.same({ out: await report('reportOutFull'), full: await report('reportFull'), claim: await report('selectReportShareClaim') }, before, 'the same figures')
  })
})
