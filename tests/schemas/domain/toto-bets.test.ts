import t from 'tap'
import { TOTO_BET_TYPES, TOTO_PARITY_BETS, TOTO_PICK_BETS, TOTO_SIDE_BETS, isParityBet, isPickBet, isSideBet, isTotoBetType } from '../../../schemas/domain/toto-bets.ts'
import { totoNumberCounts } from '../../../schemas/domain/toto-lines.ts'

// The TOTO bet types once: the main bets, then the side bets (pick-n, odd/even/tie).
t.test('the side bets are the pick-n bets and the odd/even/tie bets', async (t) => {
  t.same(TOTO_SIDE_BETS, ['2*', '3*', '4*', '*2', '*3', '*4', 'TO', 'TE', 'TT'])
  t.same(TOTO_BET_TYPES, ['ORDINARY', 'SYSTEM', 'ROLL', ...TOTO_SIDE_BETS])
  t.same(Object.values(TOTO_PICK_BETS), [2, 3, 4, 2, 3, 4], 'n* and *n take n numbers')
  t.same(TOTO_PARITY_BETS, ['TO', 'TE', 'TT'])
})

t.test('each test reads a type as written', async (t) => {
  t.same(['TO', '2*', '*4'].map(isSideBet), [true, true, true])
  t.same(['ORDINARY', 'to', '5*', '', 'toString'].map(isSideBet), [false, false, false, false, false])
  t.same(['2*', '*3', 'TO', 'toString'].map(isPickBet), [true, true, false, false])
  t.same(['TO', 'TE', 'TT', '2*'].map(isParityBet), [true, true, true, false])
  t.same(['SYSTEM', 'TT', 'system', 'XX'].map(isTotoBetType), [true, true, false, false])
})

t.test('every bet type has its count of numbers; a side bet\'s count is its pick size or none', async (t) => {
  for (const type of TOTO_BET_TYPES) t.ok(totoNumberCounts(type), type)
  for (const [type, size] of Object.entries(TOTO_PICK_BETS)) t.same(totoNumberCounts(type), [size], type)
  for (const type of TOTO_PARITY_BETS) t.same(totoNumberCounts(type.toLowerCase()), [0], type)
  t.equal(totoNumberCounts('constructor'), undefined, 'no inherited name reads as a type')
})
