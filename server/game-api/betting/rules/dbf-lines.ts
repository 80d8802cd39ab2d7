// A dBase bet table read as bet text lines: a TEXT column holds whole lines; else USERID, DAYCODE, NUMBER, BIG, SMALL make one.

/** The columns a bet table may use (names compared without case). */
export const DBF_COLUMNS = ['TEXT', 'USERID', 'DAYCODE', 'NUMBER', 'BIG', 'SMALL'] as const

/** A table's rows as bet text lines, or the reason it cannot be read as bets (naming the columns it needs). */
export function dbfBetLines (fieldNames: readonly string[], records: ReadonlyArray<Record<string, unknown>>): { lines: string[] } | { problem: string } {
  const upper = new Map(fieldNames.map((f) => [f.toUpperCase(), f]))
  const cell = (record: Record<string, unknown>, column: string) => {
    const name = upper.get(column)
    const value = name === undefined ? undefined : record[name]
    return value === null || value === undefined ? '' : String(value).trim()
  }
  // A NUL or other control byte is no bet text (and no database takes a NUL in text): the table is not a bet table.
  const binary = records.findIndex((r) => fieldNames.some((f) => /\p{Cc}/u.test(String(r[f] ?? '').replace(/[\t\n\r]/g, ''))))
  if (binary >= 0) return { problem: `row ${binary + 1} holds bytes that are not text` }
  if (upper.has('TEXT')) return { lines: records.map((r) => cell(r, 'TEXT')).filter((l) => l !== '') }
  const missing = ['USERID', 'DAYCODE', 'NUMBER'].filter((c) => !upper.has(c))
  if (missing.length > 0 || (!upper.has('BIG') && !upper.has('SMALL'))) {
    return { problem: `the table needs a TEXT column, or USERID, DAYCODE, NUMBER and BIG or SMALL (it has ${fieldNames.join(', ') || 'no columns'})` }
  }
  // Each row is the bet text "user daycode number big-small", so the upload job parses it like any other line.
  const amount = (r: Record<string, unknown>, c: string) => { const v = cell(r, c); return v === '' || Number(v) === 0 ? '' : v }
  return {
    lines: records
      .filter((r) => cell(r, 'NUMBER') !== '')
      .map((r) => `${cell(r, 'USERID')} ${cell(r, 'DAYCODE')} ${cell(r, 'NUMBER')} ${amount(r, 'BIG')}-${amount(r, 'SMALL')}`)
  }
}
