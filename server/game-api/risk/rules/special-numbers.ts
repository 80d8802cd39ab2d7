// The special-number patterns of Bet Special (server/docs/special-bets.md): the 4D numbers punters crowd onto, listed by shape.

/** The pattern names, in the order the settings list them. */
export const SPECIAL_PATTERNS = ['QUAD', 'RUN', 'MIRROR', 'DOUBLE_PAIR', 'ALTERNATE'] as const
export type SpecialPattern = typeof SPECIAL_PATTERNS[number]

const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
const pairs = (shape: (a: number, b: number) => number[]): string[] =>
  DIGITS.flatMap((a) => DIGITS.filter((b) => b !== a).map((b) => shape(a, b).join('')))

/** Every number of one pattern, ascending: QUAD AAAA, RUN 0123…6789 and 9876…3210, MIRROR ABBA, DOUBLE_PAIR AABB, ALTERNATE ABAB (A ≠ B). */
export function patternNumbers (pattern: SpecialPattern): string[] {
  const numbers = pattern === 'QUAD'
    ? DIGITS.map((a) => String(a).repeat(4))
    : pattern === 'RUN'
      ? DIGITS.slice(0, 7).flatMap((a) => [[a, a + 1, a + 2, a + 3].join(''), [a + 3, a + 2, a + 1, a].join('')])
      : pattern === 'MIRROR'
        ? pairs((a, b) => [a, b, b, a])
        : pattern === 'DOUBLE_PAIR' ? pairs((a, b) => [a, a, b, b]) : pairs((a, b) => [a, b, a, b])
  return numbers.sort()
}

/** The special numbers of a setting: its patterns' numbers and its own, once each, ascending. */
export function specialNumbers (patterns: readonly SpecialPattern[], extra: readonly string[]): string[] {
  return [...new Set([...patterns.flatMap(patternNumbers), ...extra])].sort()
}
