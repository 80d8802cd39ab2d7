// A report's totals row summed from its rows, apart from the SQL that reads them.

/** Sums every numeric column of the rows (ids and counts that are not money are summed too: they add up the same way). */
export function totalsOf (rows: Array<Record<string, unknown>>, skip: readonly string[] = ['DrawId', 'Level', 'Share']): Record<string, number> {
  const totals: Record<string, number> = {}
  for (const row of rows) {
    for (const [key, value] of Object.entries(row)) {
      if (typeof value !== 'number' || skip.includes(key)) continue
      totals[key] = Math.round(((totals[key] ?? 0) + value) * 100) / 100
    }
  }
  return totals
}
