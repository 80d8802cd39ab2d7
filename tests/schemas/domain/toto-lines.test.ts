import t from 'tap'
import { isTotoNumber, TOTO_BALLS, totoNumberCounts } from '../../../schemas/domain/toto-lines.ts'

// The TOTO line rules client and game API share: which numbers a line may hold and how many by bet type.
t.test('a TOTO number is a whole number from 1 to 49', async (t) => {
  t.equal(TOTO_BALLS, 49)
  t.same([1, 2, 48, 49].map(isTotoNumber), [true, true, true, true])
  t.same([0, 50, -1, 1.5, Number.NaN].map(isTotoNumber), [false, false, false, false, false])
})

t.test('the counts by bet type, whatever its case; undefined for an unknown type', async (t) => {
  t.same(totoNumberCounts('ordinary'), [6])
  t.same(totoNumberCounts('SYSTEM'), [7, 8, 9, 10, 11, 12])
  t.equal(totoNumberCounts('XX'), undefined)
})
