import t from 'tap'
import { inWholeCents } from '../../../schemas/domain/cents.ts'

// The one cents check: at most two decimals, with binary fractions read as the amounts people typed.
t.test('whole cents pass, whatever binary fraction carries them', async (t) => {
  t.same([0, 1, 2000.5, 2000.55, 0.1 + 0.2, 19.99 * 3, -12.34, 1e9].map(inWholeCents), [true, true, true, true, true, true, true, true])
})

t.test('a third decimal, or a fraction of a cent, fails', async (t) => {
  t.same([0.001, 2000.555, 1.0001, -0.125].map(inWholeCents), [false, false, false, false])
})
