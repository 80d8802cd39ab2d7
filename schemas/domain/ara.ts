// The .ara file (seed 001 §9, server/docs/ara-format.md): one writer and reader for the table export, the upload page and the game API's backup.
import Papa from 'papaparse'

/** The download name when none is given (seed 001 §9). */
export const DEFAULT_ARA_NAME = 'exported.ara'

/** UTF-8 text, CRLF line ends, "|" between fields (RFC 4180 quoting for values holding "|", quotes or line breaks); the first line names the fields. */
export function writeAra (fields: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  return Papa.unparse({ fields: [...fields], data: rows.map((r) => [...r]) }, { delimiter: '|', newline: '\r\n' })
}

/** Reads an .ara text back into rows keyed by field name; malformed lines are reported, not guessed. */
export function readAra (text: string): { rows: Record<string, string>[], errors: string[] } {
  const result = Papa.parse<Record<string, string>>(text, { delimiter: '|', header: true, newline: '\r\n', skipEmptyLines: true })
  return { rows: result.data, errors: result.errors.map((e) => `line ${(e.row ?? 0) + 2}: ${e.message}`) }
}
