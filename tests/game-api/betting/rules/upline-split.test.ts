import t from 'tap'
import { fourDDetailRows, totoDetailRows } from '../../../../schemas/game/detail-rows.ts'
import { toCents } from '../../../../schemas/game/money.ts'
import { assertChain, commissionSplit, intakeSplit, ticketCommissions, type ChainLevel } from '../../../../schemas/game/upline-split.ts'

const chain: ChainLevel[] = [
  { userId: 'mem1', share: 0, commission: 0.1 },
  { userId: 'ag1', share: 0.3, commission: 0.12, limit: { big: 2, small: 1, units: 3 } },
  { userId: 'ma1', share: 0.5, commission: 0.15 },
  { userId: 'admin', share: 1, commission: 0.18 }
]

t.test('commission: each level earns the gap to the rate below; the top (nobody pays it) earns nothing', async (t) => {
  t.same(commissionSplit(100, chain), [10, 2, 3, 0])
  t.same(commissionSplit(0.25, chain), [0.03, 0, 0.01, 0], 'cents are rounded cumulatively, so the parts still add up')
  t.equal(commissionSplit(0.25, chain).reduce((a, b) => a + b, 0), 0.04, 'to the stake at the rate below the top (0.0375 → 0.04)')
  t.same(commissionSplit(100, [{ userId: 'admin', share: 0, commission: 0.12 }]), [0], 'the top betting for itself earns none either')
})

t.test('commission on the ticket: ten $0.30 lines at 5 % earn 0.15 (3.00 × 5 %), not ten rounded 0.02', async (t) => {
  const two: ChainLevel[] = [{ userId: 'mem1', share: 0, commission: 0.05 }, { userId: 'ag1', share: 1, commission: 0.1 }, { userId: 'admin', share: 1, commission: 0.12 }]
  const parts = ticketCommissions(Array.from({ length: 10 }, () => 0.3), two)
  const bettor = parts.map((p) => p[0] ?? 0)
  t.equal(toCents(bettor.reduce((a, b) => a + b, 0)), 15, 'the bettor: 3.00 × 5 % = 0.15')
  t.same(bettor, [0.02, 0.02, 0.02, 0.02, 0.02, 0.01, 0.01, 0.01, 0.01, 0.01], 'whole cents, the odd ones to the first lines')
  t.equal(toCents(parts.reduce((a, p) => a + (p[1] ?? 0), 0)), 15, 'ag1: 3.00 × (10 % − 5 %) = 0.15')
  t.same(parts.map((p) => p[2]), Array.from({ length: 10 }, () => 0), 'admin, the top: nothing')
  const uneven = ticketCommissions([1, 2, 0.33], two)
  t.same(uneven.map((p) => p[0]), [0.05, 0.1, 0.02], '3.33 × 5 % = 0.1665 → 17 cents, shared 5.105 : 10.21 : 1.685 → 5, 10, 1 and the spare cent to the largest remainder')
})

t.test('intake and out: share of what reaches a level, capped by its out setting', async (t) => {
  const big = intakeSplit(10, chain, (l) => l.limit?.big)
  t.same(big.levels, [
    { in: 10, intake: 0, out: 10 },
    { in: 10, intake: 2, out: 8 },
    { in: 8, intake: 4, out: 4 },
    { in: 4, intake: 4, out: 0 }
  ], 'ag1 wants 3 but keeps its limit of 2; ma1 half of 8; admin the rest')
  t.equal(big.finalOut, 0)
  const capped = intakeSplit(10, [{ userId: 'ag', share: 1, commission: 0, limit: { big: 0 } }, { userId: 'top', share: 0.5, commission: 0 }], (l) => l.limit?.big)
  t.same(capped.levels.map((l) => l.intake), [0, 5], 'a zero limit passes everything up')
  t.equal(capped.finalOut, 5, 'what the top does not keep is thrown out')
})

t.test('4D detail rows carry the seed\'s names', async (t) => {
  const { rows, finalOut } = fourDDetailRows({ number: '1234', big: 10, small: 4 }, chain)
  t.same(rows[1], {
    UserId: 'ag1',
    Number: '1234',
    ttBigIn: 10,
    ttSmallIn: 4,
    ttAmountIn: 14,
    ttBigIntake: 2,
    ttSmallIntake: 1,
    ttAmountIntake: 3,
    ttBigOut: 8,
    ttSmallOut: 3,
    ttAmountOut: 11,
    ttMaxPayout: 2 * 2000 + 1 * 3000,
    commission: 0.28
  })
  t.same(rows.map((r) => r.ttAmountIntake), [0, 3, 5.5, 5.5])
  t.same(finalOut, { big: 0, small: 0, amount: 0 })
  t.same(rows[2] && [rows[2].ttBigIn, rows[2].ttSmallIn], [8, 3], 'a level\'s In is the Out of the level below')
})

t.test('TOTO detail rows', async (t) => {
  const { rows, finalOut } = totoDetailRows({ type: 'SYSTEM', tt: '01020304050607/2', units: 14, maxPayoutPerUnit: 1_600_000 }, chain)
  t.same(rows.map((r) => [r.UserId, r.Type, r.TT, r.ttUnitIn, r.ttUnitIntake, r.ttUnitOut]), [
    ['mem1', 'SYSTEM', '01020304050607/2', 14, 0, 14],
    ['ag1', 'SYSTEM', '01020304050607/2', 14, 3, 11],
    ['ma1', 'SYSTEM', '01020304050607/2', 11, 5.5, 5.5],
    ['admin', 'SYSTEM', '01020304050607/2', 5.5, 5.5, 0]
  ])
  t.same(rows.map((r) => r.ttMaxPayout), [0, 4_800_000, 8_800_000, 8_800_000])
  t.equal(finalOut, 0)
})

t.test('a bad chain is refused with a message naming the level', async (t) => {
  t.throws(() => assertChain([]), /the upline chain is empty/)
  t.throws(() => assertChain([{ userId: 'x', share: 1.5, commission: 0 }]), /share of x is 1.5: a share runs from 0 to 1/)
  t.throws(() => assertChain([{ userId: 'x', share: 0, commission: -0.1 }]), /commission of x is -0.1/)
  t.throws(() => assertChain([{ userId: 'm', share: 0, commission: 0.2 }, { userId: 'a', share: 0, commission: 0.1 }]), /commission of a \(0.1\) is below that of its downline m \(0.2\)/)
  t.throws(() => assertChain([{ userId: 'a', share: 0, commission: 0, limit: { big: -1 } }]), /big limit of a is -1/)
})

t.test('property: over random chains, the intakes plus the final out equal the stake', async (t) => {
  let seed = 7
  const random = (): number => { seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648; return seed / 2_147_483_648 }
  const cents = (max: number): number => Math.floor(random() * max) / 100
  let checked = 0
  for (let round = 0; round < 500; round++) {
    const depth = 1 + Math.floor(random() * 7)
    let rate = 0
    const levels: ChainLevel[] = Array.from({ length: depth }, (_, i) => {
      rate = Math.min(1, rate + Math.floor(random() * 5) / 200)
      const limit = random() < 0.5 ? undefined : { big: cents(5000), small: cents(3000), units: cents(2000) }
      return { userId: `u${i}`, share: Math.floor(random() * 101) / 100, commission: rate, ...(limit && { limit }) }
    })
    const entry = { number: '0000', big: cents(100_000), small: cents(50_000) }
    const { rows, finalOut } = fourDDetailRows(entry, levels)
    const sum = (pick: (r: typeof rows[number]) => number): number => rows.reduce((s, r) => s + toCents(pick(r)), 0)
    t.equal(sum((r) => r.ttBigIntake) + toCents(finalOut.big), toCents(entry.big), `round ${round}: Big`)
    t.equal(sum((r) => r.ttSmallIntake) + toCents(finalOut.small), toCents(entry.small), `round ${round}: Small`)
    t.equal(sum((r) => r.ttAmountIntake) + toCents(finalOut.amount), toCents(entry.big + entry.small), `round ${round}: amount`)
    t.equal(sum((r) => r.commission), depth === 1 ? 0 : toCents((entry.big + entry.small) * (levels[depth - 2]?.commission ?? 0)), `round ${round}: commission adds up to the rate below the top`)
    t.ok(rows.every((r, i) => r.ttBigIntake >= 0 && r.ttBigOut >= 0 && (i === 0 || r.ttBigIn === rows[i - 1]?.ttBigOut)), `round ${round}: flows chain up`)
    t.ok(rows.every((r, i) => levels[i]?.limit === undefined || r.ttBigIntake <= (levels[i]?.limit?.big ?? 0)), `round ${round}: limits hold`)
    const units = Math.floor(random() * 10_000) / 100
    const tt = totoDetailRows({ type: 'ORDINARY', tt: '010203040506', units, maxPayoutPerUnit: 1 }, levels)
    t.equal(tt.rows.reduce((s, r) => s + toCents(r.ttUnitIntake), 0) + toCents(tt.finalOut), toCents(units), `round ${round}: units`)
    checked++
  }
  t.equal(checked, 500)
})
