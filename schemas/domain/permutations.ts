// Distinct orderings of a number's digits, as iBet and kBet play them (the game's settlement and the Place Bets form's running total).

/** The distinct permutations of a digit string, in ascending order (1123 → 12, 1234 → 24, 1111 → 1). */
export function uniquePermutations (digits: string): string[] {
  const found = new Set<string>()
  const walk = (prefix: string, rest: string): void => {
    if (rest === '') {
      found.add(prefix)
      return
    }
    for (let i = 0; i < rest.length; i++) {
      walk(prefix + rest.charAt(i), rest.slice(0, i) + rest.slice(i + 1))
    }
  }
  walk('', digits)
  return [...found].sort()
}
