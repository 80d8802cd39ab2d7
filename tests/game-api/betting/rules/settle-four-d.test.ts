import t from 'tap'
import { DEFAULT_4D_PAY_RATES, SINGAPORE_4D_PAY_TABLE, SINGAPORE_IBET_PAY_TABLE, iBetClassOf, type FourDPayRates, type FourDTier } from '../../../../schemas/game/pay-rates.ts'
import { fourDContenders, fourDResultProblems, settleFourDLine, tiersOf, type FourDResult } from '../../../../schemas/game/settle-four-d.ts'
import type { NumberForm } from '../../../../schemas/game/ticket.ts'

const result: FourDResult = {
  first: '1234',
  second: '5678',
  third: '9012',
  starters: ['1000', '1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '2341'],
  consolations: ['2000', '2001', '2002', '2003', '2004', '2005', '2006', '2007', '2008', '5555']
}

t.test('a result holds 23 four-digit numbers', async (t) => {
  t.same(fourDResultProblems(result), [])
  t.same(fourDResultProblems({ ...result, first: '123', starters: result.starters.slice(1) }), ['starters hold 9 numbers, expected 10', '1st "123" must be a 4-digit number'])
  const repeated = { ...result, consolations: [...result.consolations.slice(0, 6), result.second, ...result.consolations.slice(7)] }
  t.same(fourDResultProblems(repeated), [`Consolation 7 "${result.second}" repeats 2nd: each of the 23 numbers is drawn once`], 'a repeat names both slots')
})

t.test('a line wins only when written with one of the contenders: every number and form checked', async (t) => {
  const contenders = new Set(fourDContenders(result))
  const forms: NumberForm[] = ['straight', 'roll', 'ibet', 'kbet']
  const missed: string[] = []
  let winners = 0
  for (let n = 0; n < 10_000; n++) {
    const number = String(n).padStart(4, '0')
    for (const form of forms) {
      if (settleFourDLine({ number, form, big: 1, small: 1 }, result).payout === 0) continue
      winners++
      if (!contenders.has(number)) missed.push(`${number} ${form}`)
    }
  }
  t.same(missed, [], 'no winning line is left out')
  t.ok(winners > 0 && contenders.size <= 23 * 34, `${winners} winning lines, ${contenders.size} contenders`)
  t.ok(contenders.has('4321') && contenders.has('1239') && !contenders.has('9999'), 'an ordering of 1st and a roll of it are contenders; 9999 is not')
})

t.test('tiers of a number', async (t) => {
  t.same(tiersOf('1234', result), ['first'])
  t.same(tiersOf('1005', result), ['starter'])
  t.same(tiersOf('2009', result), [])
  t.same(tiersOf('1234', { ...result, consolations: ['1234', ...result.consolations.slice(1)] }), ['first', 'consolation'], 'a number drawn twice holds both prizes')
})

t.test('straight bets per prize tier, Big and Small', async (t) => {
  const table: Array<[string, FourDTier | undefined, number, number, number]> = [
    // number, tier, big, small, payout
    ['1234', 'first', 1, 0, 2000],
    ['1234', 'first', 0, 1, 3000],
    ['1234', 'first', 1, 1, 5000],
    ['5678', 'second', 1, 0, 1000],
    ['5678', 'second', 0, 1, 2000],
    ['5678', 'second', 2, 3, 8000],
    ['9012', 'third', 1, 0, 490],
    ['9012', 'third', 0, 1, 800],
    ['1003', 'starter', 1, 0, 250],
    ['1003', 'starter', 0, 1, 0],
    ['1003', 'starter', 1, 5, 250],
    ['2007', 'consolation', 1, 0, 60],
    ['2007', 'consolation', 0, 1, 0],
    ['2007', 'consolation', 0.25, 0, 15],
    ['1234', 'first', 0.5, 0, 1000],
    ['1234', 'first', 1.5, 0, 3000],
    ['4321', undefined, 10, 10, 0]
  ]
  for (const [number, tier, big, small, payout] of table) {
    const settled = settleFourDLine({ number, form: 'straight', big, small }, result)
    t.equal(settled.payout, payout, `${number} ${big}-${small}: ${payout}`)
    t.same(settled.strikes.map((s) => s.tier), payout > 0 && tier !== undefined ? [tier] : [], `${number} ${big}-${small}: tier`)
  }
})

t.test('every bet form against every tier', async (t) => {
  const table: Array<[NumberForm, string, number, number, number, string]> = [
    // form, number, big, small, payout, why
    ['roll', '1230', 1, 0, 2000, 'roll 123x holds the 1st prize 1234'],
    ['roll', '5670', 1, 1, 3000, 'roll 567x holds the 2nd prize 5678'],
    ['roll', '9010', 1, 1, 1290, 'roll 901x holds the 3rd prize 9012'],
    ['roll', '1000', 1, 1, 2250, 'roll 100x holds nine starters, Small pays none'],
    ['roll', '2000', 1, 0, 540, 'roll 200x holds nine consolations'],
    ['roll', '4320', 1, 1, 0, 'no strike'],
    ['ibet', '4321', 24, 0, 2232, 'iBet $24 Big, 24-permutation table: 1st 1234 (24 x 83) and starter 2341 (24 x 10)'],
    ['ibet', '4321', 1, 0, 93, 'iBet $1 Big: 1st 83 and starter 10 (the published table, not 2000/24 = 83.33)'],
    ['ibet', '8765', 0, 24, 1992, 'iBet $24 Small on the 2nd prize: 24 x 83'],
    ['ibet', '2109', 12, 12, 636, 'iBet $12 Big and $12 Small on the 3rd prize 9012: 12 x 20 + 12 x 33'],
    ['ibet', '5555', 1, 0, 60, 'iBet of one permutation plays as a straight bet: the full consolation'],
    ['ibet', '1001', 1, 0, 41, 'iBet 1001 is in the 6-permutation class: starter 41'],
    ['kbet', '4321', 1, 0, 2250, 'kBet: 1st prize and starter 2341, full amount each'],
    ['kbet', '8765', 1, 1, 3000, 'kBet on the 2nd prize'],
    ['kbet', '2190', 1, 1, 1290, 'kBet on the 3rd prize'],
    ['kbet', '0020', 1, 0, 60, 'kBet 0020: only 2000 (consolation) is drawn'],
    ['kbet', '5555', 0, 1, 0, 'kBet Small on a consolation pays nothing'],
    ['kbet', '9999', 1, 1, 0, 'no strike']
  ]
  for (const [form, number, big, small, payout, why] of table) {
    t.equal(settleFourDLine({ number, form, big, small }, result).payout, payout, `${form} ${number} ${big}-${small}: ${why}`)
  }
  const ibet = settleFourDLine({ number: '4321', form: 'ibet', big: 1, small: 0 }, result)
  t.same(ibet.strikes.map((s) => [s.number, s.tier, s.table, s.payout]), [['1234', 'first', 'I', 83], ['2341', 'starter', 'I', 10]], 'strikes name number, tier, table and payout')
  const roll = settleFourDLine({ number: '2000', form: 'roll', big: 1, small: 0 }, result)
  t.equal(roll.strikes.length, 9, 'one strike per drawn number of the roll')
})

t.test('pay rates are inputs: N, I and K tables per level', async (t) => {
  const lower = { big: { first: 1500, second: 700, third: 350, starter: 180, consolation: 50 }, small: { first: 2500, second: 1500, third: 600 } }
  const ibet24 = { big: { first: 80, second: 40, third: 20, starter: 9, consolation: 3 }, small: { first: 120, second: 80, third: 30 } }
  const rates: FourDPayRates = { N: lower, I: { ...SINGAPORE_IBET_PAY_TABLE, 24: ibet24 }, K: { ...lower, big: { ...lower.big, first: 100 } } }
  t.equal(settleFourDLine({ number: '1234', form: 'straight', big: 1, small: 1 }, result, rates).payout, 4000, 'straight uses N')
  t.equal(settleFourDLine({ number: '1230', form: 'roll', big: 1, small: 0 }, result, rates).payout, 1500, 'roll uses N')
  t.equal(settleFourDLine({ number: '4321', form: 'ibet', big: 24, small: 0 }, result, rates).payout, 2136, 'iBet uses its class of I (24 x (1st 80 + starter 9))')
  t.equal(settleFourDLine({ number: '4321', form: 'kbet', big: 1, small: 0 }, result, rates).payout, 280, 'kBet uses K (1st 100 + starter 180)')
  t.equal(DEFAULT_4D_PAY_RATES.N, SINGAPORE_4D_PAY_TABLE, 'defaults are Singapore Pools')
  t.equal(DEFAULT_4D_PAY_RATES.I, SINGAPORE_IBET_PAY_TABLE, 'iBet defaults are its published table')
})

// Singapore Pools' published iBet table per $1, typed here from the issue (not read from the code): Big 1st/2nd/3rd/Starter/Consolation, Small 1st/2nd/3rd.
const PUBLISHED_IBET: Record<string, { big: number[], small: number[] }> = {
  24: { big: [83, 41, 20, 10, 3], small: [125, 83, 33] },
  12: { big: [166, 83, 40, 20, 6], small: [250, 167, 66] },
  6: { big: [335, 168, 85, 41, 10], small: [500, 333, 133] },
  4: { big: [500, 250, 127, 62, 15], small: [750, 500, 200] }
}

t.test('iBet pays the published table per permutation class, every tier, Big and Small', async (t) => {
  // One number per class; the drawn number is a permutation of it, so the iBet (written in another order) still takes the prize.
  const classes: Array<[string, string, string]> = [['24', '1234', '4321'], ['12', '1123', '3211'], ['6', '1122', '2211'], ['4', '1112', '2111']]
  const tiers: FourDTier[] = ['first', 'second', 'third', 'starter', 'consolation']
  const filler = (i: number) => String(5000 + i)
  for (const [cls, drawn, played] of classes) {
    t.equal(iBetClassOf(played), cls, `${played} has ${cls} permutations`)
    for (const [i, tier] of tiers.entries()) {
      const starters = Array.from({ length: 10 }, (_, k) => filler(10 + k))
      const consolations = Array.from({ length: 10 }, (_, k) => filler(30 + k))
      const drawnResult: FourDResult = { first: filler(1), second: filler(2), third: filler(3), starters, consolations }
      if (tier === 'starter') starters[4] = drawn
      else if (tier === 'consolation') consolations[7] = drawn
      else drawnResult[tier] = drawn
      const big = PUBLISHED_IBET[cls]?.big[i] ?? NaN
      const small = PUBLISHED_IBET[cls]?.small[i] ?? 0
      t.equal(settleFourDLine({ number: played, form: 'ibet', big: 1, small: 0 }, drawnResult).payout, big, `class ${cls} ${tier}: $1 Big pays ${big}`)
      t.equal(settleFourDLine({ number: played, form: 'ibet', big: 0, small: 1 }, drawnResult).payout, small, `class ${cls} ${tier}: $1 Small pays ${small}`)
      t.equal(settleFourDLine({ number: played, form: 'ibet', big: 2, small: 0.5 }, drawnResult).payout, Math.round((2 * big + 0.5 * small) * 100) / 100, `class ${cls} ${tier}: $2 Big and 50c Small`)
    }
  }
  t.equal(settleFourDLine({ number: '2211', form: 'ibet', big: 1, small: 0 }, { ...result, first: '1122' }).payout, 335, 'the issue\'s case: 1122i 1- on the 1st prize pays 335, not 333.33')
})
