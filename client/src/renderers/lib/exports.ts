// Table exports: CSV for spreadsheets and the .ara download for the upload page; quoting is papaparse's, never hand-rolled.
import Papa from 'papaparse'
import type { TableColumn } from '../../../../schemas/widgets.ts'
import type { Row } from './tableModel.ts'

export const DEFAULT_ARA_NAME = 'exported.ara'

// Exports carry plain values: money with exactly 2 decimals and no grouping, everything else as received.
function exportValue (value: unknown, column: TableColumn): string {
  if (value === null || value === undefined) return ''
  if (column.type === 'money') {
    const n = Number(value)
    return Number.isFinite(n) ? n.toFixed(2) : String(value)
  }
  return String(value)
}

/** CSV with the translated column labels as header line, CRLF line ends, RFC 4180 quoting. */
export function toCsv (rows: readonly Row[], columns: readonly TableColumn[], label: (key: string) => string): string {
  return Papa.unparse({
    fields: columns.map((c) => label(c.labelKey)),
    data: rows.map((r) => columns.map((c) => exportValue(r[c.field], c)))
  }, { newline: '\r\n' })
}

/**
 * The .ara format: UTF-8 text, CRLF line ends, fields separated by "|" with RFC 4180 quoting for values holding
 * "|", quotes or line breaks; the first line holds the column FIELD names (not labels) so the upload maps them
 * back to fields whatever the language; every later line is one row. parseAra reads it back.
 */
export function toAra (rows: readonly Row[], columns: readonly TableColumn[]): string {
  return Papa.unparse({
    fields: columns.map((c) => c.field),
    data: rows.map((r) => columns.map((c) => exportValue(r[c.field], c)))
  }, { delimiter: '|', newline: '\r\n' })
}

/** Reads an .ara text back into rows keyed by field name; malformed lines are reported, not guessed. */
export function parseAra (text: string): { rows: Record<string, string>[], errors: string[] } {
  const result = Papa.parse<Record<string, string>>(text, { delimiter: '|', header: true, newline: '\r\n', skipEmptyLines: true })
  return { rows: result.data, errors: result.errors.map((e) => `line ${(e.row ?? 0) + 2}: ${e.message}`) }
}

/** A download name ending in .ara (the default exported.ara). */
export function araFileName (name: string | undefined): string {
  if (!name) return DEFAULT_ARA_NAME
  return name.toLowerCase().endsWith('.ara') ? name : `${name}.ara`
}

/** The CSV download name matching a table's file name. */
export function csvFileName (name: string | undefined): string {
  const base = (name ?? DEFAULT_ARA_NAME).replace(/\.[^.]+$/, '')
  return `${base}.csv`
}
