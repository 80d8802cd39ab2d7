// Table exports: CSV for spreadsheets and the .ara download for the upload page (schemas/domain/ara.ts); quoting is papaparse's, never hand-rolled.
import Papa from 'papaparse'
import type { TableColumn } from '../../../../schemas/widgets.ts'
import type { Row } from './tableModel.ts'
import { htmlText } from '../../lib/htmlText.ts'
import { DEFAULT_ARA_NAME, readAra, writeAra } from '../../../../schemas/domain/ara.ts'

export { DEFAULT_ARA_NAME }

// Exports carry plain values: money with exactly 2 decimals and no grouping, everything else as received.
function exportValue (value: unknown, column: TableColumn): string {
  if (value === null || value === undefined) return ''
  if (column.type === 'money') {
    const n = Number(value)
    return Number.isFinite(n) ? n.toFixed(2) : String(value)
  }
  return column.type === 'html' ? htmlText(String(value)) : String(value)
}

/** CSV with the translated column labels as header line, CRLF line ends, RFC 4180 quoting. */
export function toCsv (rows: readonly Row[], columns: readonly TableColumn[], label: (key: string) => string): string {
  return Papa.unparse({
    fields: columns.map((c) => label(c.labelKey)),
    data: rows.map((r) => columns.map((c) => exportValue(r[c.field], c)))
  }, { newline: '\r\n' })
}

/** The .ara text of a table: its column FIELD names (not labels) as the first line, so the upload maps them back whatever the language. */
export function toAra (rows: readonly Row[], columns: readonly TableColumn[]): string {
  return writeAra(columns.map((c) => c.field), rows.map((r) => columns.map((c) => exportValue(r[c.field], c))))
}

/** Reads an .ara text back into rows keyed by field name (schemas/domain/ara.ts). */
export const parseAra = readAra

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
