import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { api, moveTo, WEDNESDAY_CLOSE } from '../../betting/support.ts'

interface Line { UserId: string, Opening: number, WinLoss: number, Commission: number, Tax: number, PaidIn: number, PaidOut: number, Closing: number, GroupWinLoss: number, GroupCommission: number, GroupTax: number, AccBal: number }
const cents = (n: number) => Math.round(n * 100)

// The statement per user per draw week: settled bets (win/loss, commission, tax) and payments make the closing; the downline's
// group figures add up to the upline's.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  let tokens = { admin: await h.signIn('admin'), ag1: await h.signIn('ag1'), mem1: await h.signIn('mem1'), mem3: await h.signIn('mem3') }

  // Tax is the parent's to give, up to its own: the company gives ag1 1 %, ag1 gives mem1 half of one.
  t.equal((await api(h, 'PUT', '/api/v1/4d/agents/position', tokens.admin, { UserId: 'ag1', Tax: 0.01 })).status, 200)
  const taxed = await api(h, 'PUT', '/api/v1/4d/players/position', tokens.ag1, { UserId: 'mem1', Tax: 0.005 })
  t.equal(taxed.status, 200, JSON.stringify(taxed.body))
  let stake = 0
  for (const [user, number, big] of [['mem1', '1111', 37], ['mem1', '6543', 11], ['mem3', '2222', 5]] as const) {
    const placed = await api(h, 'POST', '/api/v1/4d/bet', tokens[user], { DayCode: '3', Lines: [{ Number: number, Form: 'straight', Big: big, Small: 0 }] })
    t.equal(placed.status, 200, JSON.stringify(placed.body))
    if (user === 'mem1') stake += placed.body.data.Stake ?? big
  }
  t.equal((await api(h, 'POST', '/api/v1/4d/insertStatement2', tokens.ag1, { UserId: 'mem3', Type: 'OUT', Amount: 12.34 })).status, 200)
  tokens = { ...tokens, ...await moveTo(h, WEDNESDAY_CLOSE, ['admin', 'ag1']) }
  const draws = (await h.db.query<{ draw_id: number }>('SELECT DISTINCT b.draw_id FROM bets b JOIN draws d ON d.draw_id = b.draw_id WHERE NOT d.is_finalised AND d.close_at <= $1', [new Date(WEDNESDAY_CLOSE)])).rows
  const result = { first: '1111', second: '2222', third: '3333', starters: Array.from({ length: 10 }, (_, i) => String(4000 + i)), consolations: Array.from({ length: 10 }, (_, i) => String(5000 + i)) }
  for (const { draw_id: drawId } of draws) {
    t.equal((await api(h, 'POST', '/api/v1/4d/draw/result', tokens.admin, { DrawId: drawId, Result: result })).status, 200)
    t.equal((await api(h, 'PUT', '/api/v1/4d/draw', tokens.admin, { DrawId: drawId, IsFinalised: true })).status, 200)
  }
  const lines = async (as: string, userId?: string) => {
    const res = await api(h, 'GET', `/api/v1/4d/selectStatementSum${userId ? `?UserId=${userId}` : ''}`, as)
    t.equal(res.status, 200, JSON.stringify(res.body))
    return res.body.data as Line[]
  }
  const ag1Lines = await lines(tokens.ag1)
  const mem1 = ag1Lines.find((l) => l.UserId === 'mem1')
  const mem3 = ag1Lines.find((l) => l.UserId === 'mem3')

  t.test('tax is the bettor\'s rate of its settled stake, taken from AccBal', async (t) => {
    t.equal(cents(mem1?.Tax ?? 0), -Math.round(stake * 0.005 * 100), `0.5 % of mem1's stake ${stake}`)
    t.equal(mem3?.Tax, 0, 'mem3 has no tax')
    t.ok(mem1 && mem1.WinLoss !== 0 && mem3 && mem3.WinLoss !== 0, 'both bettors have a win/loss this week')
    t.equal(mem3?.PaidOut, -12.34, 'the payment out')
  })

  t.test('each line: opening + win/loss + commission + tax + payments = closing = AccBal', async (t) => {
    for (const l of ag1Lines) {
      t.equal(cents(l.Opening) + cents(l.WinLoss) + cents(l.Commission) + cents(l.Tax) + cents(l.PaidIn) + cents(l.PaidOut), cents(l.Closing), `${l.UserId}'s line adds up`)
      t.equal(l.Closing, l.AccBal, `${l.UserId} closes on AccBal`)
    }
  })

  t.test('the downline\'s group figures add up to the upline\'s', async (t) => {
    const ag1 = (await lines(tokens.admin)).find((l) => l.UserId === 'ag1')
    if (!ag1) return t.fail('ag1 is in admin\'s statement')
    for (const f of ['WinLoss', 'Commission', 'Tax'] as const) {
      const group = `Group${f}` as const
      t.equal(cents(ag1[group]), cents(ag1[f]) + ag1Lines.reduce((s, l) => s + cents(l[group]), 0), `ag1's ${group} is its own plus its downline's`)
    }
    t.not(ag1.GroupTax, 0, 'the tax reaches the upline\'s figure')
    const ag2 = ag1Lines.find((l) => l.UserId === 'ag2')
    const below = await lines(tokens.ag1, 'ag2')
    t.equal(cents(ag2?.GroupWinLoss ?? 0), cents(ag2?.WinLoss ?? 0) + below.reduce((s, l) => s + cents(l.GroupWinLoss), 0), 'one level further down too')
  })

  t.test('refusals: a period the wrong way round, a user outside the tree', async (t) => {
    const reversed = await api(h, 'GET', '/api/v1/4d/selectStatementSum?DrawFrom=2030-01-10&DrawTo=2030-01-01', tokens.ag1)
    t.match(reversed.body, { code: 'GA_PERIOD_REVERSED', params: ['01/10/2030', '01/01/2030'] })
    t.equal((await api(h, 'GET', '/api/v1/4d/selectStatementSum?UserId=clerk', tokens.ag1)).status, 403)
  })
})
