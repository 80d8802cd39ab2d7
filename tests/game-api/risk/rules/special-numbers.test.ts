import t from 'tap'
import { SPECIAL_PATTERNS, patternNumbers, specialNumbers } from '../../../../server/game-api/risk/rules/special-numbers.ts'

// The special-number patterns: their sizes, shapes and the union a setting plays.
t.test('each pattern lists its numbers once, ascending, all 4 digits', async (t) => {
  const sizes = Object.fromEntries(SPECIAL_PATTERNS.map((p) => [p, patternNumbers(p).length]))
  t.same(sizes, { QUAD: 10, RUN: 14, MIRROR: 90, DOUBLE_PAIR: 90, ALTERNATE: 90 })
  for (const p of SPECIAL_PATTERNS) {
    const numbers = patternNumbers(p)
    t.ok(numbers.every((n) => /^\d{4}$/.test(n)), `${p}: 4 digits`)
    t.same(numbers, [...new Set(numbers)].sort(), `${p}: once each, ascending`)
  }
  t.same(patternNumbers('RUN').slice(0, 4), ['0123', '1234', '2345', '3210'])
  t.ok(patternNumbers('MIRROR').includes('1221') && !patternNumbers('MIRROR').includes('1111'), 'ABBA with A ≠ B')
  t.ok(patternNumbers('DOUBLE_PAIR').includes('1122') && patternNumbers('ALTERNATE').includes('1212'))
})

t.test('a setting plays its patterns and its own numbers, once each', async (t) => {
  t.same(specialNumbers(['QUAD'], ['1234', '8888']), [...patternNumbers('QUAD'), '1234'].sort())
  t.same(specialNumbers([], []), [])
})
