import t from 'tap'
import { DEFAULT_TOTO_PAY_RATES, type TotoGroup } from '../../../../schemas/game/pay-rates.ts'
import { groupCounts, groupOf, settleTotoLine, sideBetWins, totoResultProblems, type TotoResult } from '../../../../schemas/game/settle-toto.ts'
import type { TotoBetType } from '../../../../schemas/game/ticket.ts'
import { maxTotoPayoutPerUnit } from '../../../../schemas/game/toto-max-payout.ts'

// Winning 1, 2, 3, 4, 5, 6 (three odd, three even), additional 7.
const result: TotoResult = { winning: [1, 2, 3, 4, 5, 6], additional: 7 }
const rates = DEFAULT_TOTO_PAY_RATES.groups

t.test('a result holds six distinct numbers and a different additional', async (t) => {
  t.same(totoResultProblems(result), [])
  t.equal(totoResultProblems({ winning: [1, 2, 3, 4, 5], additional: 7 }).length, 1)
  t.equal(totoResultProblems({ winning: [1, 2, 3, 4, 5, 50], additional: 7 }).length, 1)
  t.equal(totoResultProblems({ winning: [1, 2, 3, 4, 5, 6], additional: 6 }).length, 1)
  t.same(totoResultProblems({ winning: [1, 2, 3, 4, 5, 50], additional: 2 }), ['Winning 6 "50" must be a whole number from 1 to 49', 'Additional "2" repeats Winning 2: the winning numbers and the additional number must all differ'])
})

t.test('prize groups 1 to 7', async (t) => {
  t.same([[6, false], [5, true], [5, false], [4, true], [4, false], [3, true], [3, false], [2, true], [0, false]].map(([w, a]) => groupOf(w as number, a as boolean)), [1, 2, 3, 4, 5, 6, 7, undefined, undefined])
})

t.test('ordinary entries per prize group', async (t) => {
  const table: Array<[number[], TotoGroup | undefined]> = [
    [[1, 2, 3, 4, 5, 6], 1],
    [[1, 2, 3, 4, 5, 7], 2],
    [[1, 2, 3, 4, 5, 40], 3],
    [[1, 2, 3, 4, 7, 40], 4],
    [[1, 2, 3, 4, 40, 41], 5],
    [[1, 2, 3, 7, 40, 41], 6],
    [[1, 2, 3, 40, 41, 42], 7],
    [[1, 2, 7, 40, 41, 42], undefined],
    [[40, 41, 42, 43, 44, 45], undefined]
  ]
  for (const [numbers, group] of table) {
    const settled = settleTotoLine({ type: 'ORDINARY', numbers, units: 2 }, result)
    t.same(settled.groups, group === undefined ? {} : { [group]: 1 }, `${numbers.join(' ')}: group ${group ?? 'none'}`)
    t.equal(settled.payout, group === undefined ? 0 : 2 * rates[group], 'pays units × rate')
    t.equal(settled.won, group !== undefined)
  }
})

// Lists every combination a line covers and classifies each, to check the counting without listing.
function bruteForce (type: 'ORDINARY' | 'SYSTEM' | 'ROLL', numbers: number[], draw: TotoResult): Partial<Record<TotoGroup, number>> {
  const combos: number[][] = []
  if (type === 'ROLL') {
    for (let n = 1; n <= 49; n++) if (!numbers.includes(n)) combos.push([...numbers, n])
  } else {
    const walk = (start: number, picked: number[]): void => {
      if (picked.length === 6) { combos.push(picked); return }
      for (let i = start; i < numbers.length; i++) walk(i + 1, [...picked, numbers[i] ?? 0])
    }
    walk(0, [])
  }
  const counts: Partial<Record<TotoGroup, number>> = {}
  for (const combo of combos) {
    const group = groupOf(combo.filter((n) => draw.winning.includes(n)).length, combo.includes(draw.additional))
    if (group !== undefined) counts[group] = (counts[group] ?? 0) + 1
  }
  return counts
}

t.test('system and roll entries count the combinations hitting each group', async (t) => {
  t.same(groupCounts({ type: 'SYSTEM', numbers: [1, 2, 3, 4, 5, 6, 7] }, result), { 1: 1, 2: 6 }, 'System 7 with all six and the additional')
  t.same(groupCounts({ type: 'SYSTEM', numbers: [1, 2, 3, 4, 5, 6, 40] }, result), { 1: 1, 3: 6 }, 'System 7 with all six')
  t.same(groupCounts({ type: 'SYSTEM', numbers: [1, 2, 3, 4, 5, 7, 40, 41] }, result), { 2: 1, 3: 2, 4: 10, 5: 5, 6: 10 }, 'System 8 with five winners and the additional')
  t.same(groupCounts({ type: 'ROLL', numbers: [1, 2, 3, 4, 5] }, result), { 1: 1, 2: 1, 3: 42 }, 'roll with five winners')
  t.same(groupCounts({ type: 'ROLL', numbers: [1, 2, 3, 40, 41] }, result), { 5: 3, 6: 1, 7: 40 }, 'roll with three winners')
  const settled = settleTotoLine({ type: 'SYSTEM', numbers: [1, 2, 3, 4, 5, 6, 7], units: 3 }, result)
  t.equal(settled.payout, 3 * (rates[1] + 6 * rates[2]), 'System 7 pays every hit combination')

  // Random entries of every system size and rolls, counted both ways.
  let seed = 42
  const random = (): number => { seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648; return seed / 2_147_483_648 }
  const pickDistinct = (count: number): number[] => {
    const chosen = new Set<number>()
    while (chosen.size < count) chosen.add(1 + Math.floor(random() * 49))
    return [...chosen]
  }
  for (let round = 0; round < 60; round++) {
    // Small pools make hits likely, so every group is exercised.
    const drawn = pickDistinct(7)
    const draw: TotoResult = { winning: drawn.slice(0, 6), additional: drawn[6] ?? 49 }
    const size = 6 + (round % 7)
    const extra = pickDistinct(size).filter((n) => !drawn.includes(n))
    const numbers = [...new Set([...drawn.slice(0, Math.floor(random() * 7)), ...extra])].slice(0, size)
    while (numbers.length < size) { const n = 1 + Math.floor(random() * 49); if (!numbers.includes(n)) numbers.push(n) }
    const type = size === 6 ? 'ORDINARY' : 'SYSTEM'
    t.same(groupCounts({ type, numbers }, draw), bruteForce(type, numbers, draw), `${type} ${numbers.join(' ')} vs ${drawn.join(' ')}`)
    const roll = numbers.slice(0, 5)
    t.same(groupCounts({ type: 'ROLL', numbers: roll }, draw), bruteForce('ROLL', roll, draw), `ROLL ${roll.join(' ')} vs ${drawn.join(' ')}`)
  }
})

t.test('pick-n and odd/even/tie bets', async (t) => {
  const table: Array<[TotoBetType, number[], TotoResult, boolean]> = [
    ['2*', [1, 6], result, true],
    ['2*', [1, 7], result, false],
    ['3*', [2, 4, 6], result, true],
    ['3*', [2, 4, 9], result, false],
    ['4*', [1, 2, 3, 4], result, true],
    ['4*', [1, 2, 3, 7], result, false],
    ['*2', [1, 7], result, true],
    ['*2', [7, 9], result, false],
    ['*3', [1, 2, 7], result, true],
    ['*4', [1, 2, 3, 7], result, true],
    ['*4', [1, 2, 8, 7], result, false],
    ['TT', [], result, true],
    ['TO', [], result, false],
    ['TE', [], result, false],
    ['TO', [], { winning: [1, 3, 5, 7, 2, 4], additional: 9 }, true],
    ['TT', [], { winning: [1, 3, 5, 7, 2, 4], additional: 9 }, false],
    ['TE', [], { winning: [1, 2, 4, 6, 8, 10], additional: 9 }, true],
    ['TE', [], { winning: [1, 3, 5, 6, 8, 10], additional: 9 }, false],
    ['TT', [], { winning: [1, 3, 4, 6, 8, 10], additional: 5 }, false]
  ]
  for (const [type, numbers, draw, wins] of table) {
    t.equal(sideBetWins({ type, numbers }, draw), wins, `${type} ${numbers.join(' ')} ${wins ? 'wins' : 'loses'} against ${draw.winning.join(' ')} + ${draw.additional}`)
    const settled = settleTotoLine({ type, numbers, units: 4 }, draw)
    const rate = type === 'TO' || type === 'TE' || type === 'TT' ? DEFAULT_TOTO_PAY_RATES.parity[type] : DEFAULT_TOTO_PAY_RATES.pick[type as '2*']
    t.equal(settled.payout, wins ? Math.round(4 * rate * 100) / 100 : 0, `${type}: payout`)
  }
})

t.test('best-case payout per unit', async (t) => {
  t.equal(maxTotoPayoutPerUnit({ type: 'ORDINARY', numbers: [1, 2, 3, 4, 5, 6] }), rates[1])
  t.equal(maxTotoPayoutPerUnit({ type: 'SYSTEM', numbers: [1, 2, 3, 4, 5, 6, 7] }), rates[1] + 6 * rates[2])
  t.equal(maxTotoPayoutPerUnit({ type: 'ROLL', numbers: [1, 2, 3, 4, 5] }), rates[1] + rates[2] + 42 * rates[3], 'roll: one G1, one G2 and 42 G3')
  t.equal(maxTotoPayoutPerUnit({ type: '3*', numbers: [1, 2, 3] }), DEFAULT_TOTO_PAY_RATES.pick['3*'])
  t.equal(maxTotoPayoutPerUnit({ type: 'TE', numbers: [] }), DEFAULT_TOTO_PAY_RATES.parity.TE)
})
