import t from 'tap'
import { DEFAULT_4D_PAY_RATES, SINGAPORE_4D_PAY_TABLE, type FourDPayRates, type FourDTier } from '../../../server/game-api/betting/pay-rates.ts'
import { fourDResultProblems, settleFourDLine, tiersOf, type FourDResult } from '../../../server/game-api/betting/settle-four-d.ts'
import type { NumberForm } from '../../../server/game-api/betting/ticket.ts'

const result: FourDResult = {
  first: '1234',
  second: '5678',
  third: '9012',
  starters: ['1000', '1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '2341'],
  consolations: ['2000', '2001', '2002', '2003', '2004', '2005', '2006', '2007', '2008', '5555']
}

t.test('a result holds 23 four-digit numbers', async (t) => {
  t.same(fourDResultProblems(result), [])
  t.same(fourDResultProblems({ ...result, first: '123', starters: result.starters.slice(1) }), ['first "123" must be a 4-digit number', 'starters hold 9 numbers, expected 10'])
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
    ['ibet', '4321', 24, 0, 2250, 'iBet 24 permutations at 1 each: 1st 1234 and starter 2341'],
    ['ibet', '4321', 1, 0, 93.75, 'iBet $1: 1st 2000/24 = 83.33 and starter 250/24 = 10.42'],
    ['ibet', '8765', 0, 24, 2000, 'iBet Small on the 2nd prize'],
    ['ibet', '2109', 12, 12, 645, 'iBet 0.5 Big and 0.5 Small on the 3rd prize 9012'],
    ['ibet', '5555', 1, 0, 60, 'iBet of one permutation pays the full consolation'],
    ['ibet', '1001', 1, 0, 41.67, 'iBet 1001 has 6 permutations, only 1001 (starter) is drawn'],
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
  t.same(ibet.strikes.map((s) => [s.number, s.tier, s.table, s.payout]), [['1234', 'first', 'I', 83.33], ['2341', 'starter', 'I', 10.42]], 'strikes name number, tier, table and payout')
  const roll = settleFourDLine({ number: '2000', form: 'roll', big: 1, small: 0 }, result)
  t.equal(roll.strikes.length, 9, 'one strike per drawn number of the roll')
})

t.test('pay rates are inputs: N, I and K tables per level', async (t) => {
  const lower = { big: { first: 1500, second: 700, third: 350, starter: 180, consolation: 50 }, small: { first: 2500, second: 1500, third: 600 } }
  const rates: FourDPayRates = { N: lower, I: SINGAPORE_4D_PAY_TABLE, K: { ...lower, big: { ...lower.big, first: 100 } } }
  t.equal(settleFourDLine({ number: '1234', form: 'straight', big: 1, small: 1 }, result, rates).payout, 4000, 'straight uses N')
  t.equal(settleFourDLine({ number: '1230', form: 'roll', big: 1, small: 0 }, result, rates).payout, 1500, 'roll uses N')
  t.equal(settleFourDLine({ number: '4321', form: 'ibet', big: 24, small: 0 }, result, rates).payout, 2250, 'iBet uses I (1st 2000 + starter 250)')
  t.equal(settleFourDLine({ number: '4321', form: 'kbet', big: 1, small: 0 }, result, rates).payout, 280, 'kBet uses K (1st 100 + starter 180)')
  t.equal(DEFAULT_4D_PAY_RATES.I, SINGAPORE_4D_PAY_TABLE, 'defaults are Singapore Pools')
})
