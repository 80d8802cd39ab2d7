// The columns a user hid in a table, kept in the browser per user and table (no per-user store on the service yet).
import type { TableColumn } from '../../../../schemas/widgets.ts'

/** Tables with fewer columns show them all without a chooser: there is little to hide. */
export const CHOOSER_MIN_COLUMNS = 5

/** The storage key of one user's choice for one table of one page. */
export function choiceKey (userId: string, page: string, tableId: string): string {
  return `rr-columns:${userId}:${page}:${tableId}`
}

/** The hidden fields read back from storage: unknown fields and broken values are dropped, and one column always stays. */
export function readHidden (stored: string | null, columns: readonly TableColumn[]): string[] {
  let parsed: unknown
  try { parsed = JSON.parse(stored ?? '[]') } catch { return [] }
  if (!Array.isArray(parsed)) return []
  const known = new Set(columns.map((c) => c.field))
  const hidden = [...new Set(parsed.filter((f): f is string => typeof f === 'string' && known.has(f)))]
  return hidden.length >= columns.length ? [] : hidden
}

/** The hidden fields after the user toggles one; the last column shown cannot be hidden. */
export function toggleHidden (hidden: readonly string[], field: string, columns: readonly TableColumn[]): string[] {
  if (hidden.includes(field)) return hidden.filter((f) => f !== field)
  return hidden.length + 1 >= columns.length ? [...hidden] : [...hidden, field]
}
