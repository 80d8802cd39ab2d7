// The number text a Limit Setting is matched under, apart from the SQL that reads and locks the limits.

/** The number text a limit is stored and matched under: TOTO numbers sorted, two digits, one space apart; none: the type. */
export function limitNumberOf (betType: string, numbers: readonly number[]): string {
  if (numbers.length === 0) return betType
  return [...numbers].sort((a, b) => a - b).map((n) => String(n).padStart(2, '0')).join(' ')
}
