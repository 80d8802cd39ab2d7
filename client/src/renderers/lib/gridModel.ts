// The editable grid's pure state: unsaved changes per row, per-cell checks, what a save sends, and a row put back to its defaults.
import type { GridColumn, GridSaveAction } from '../../../../schemas/widgets.ts'
import { constraintMessages, isEmptyValue, type FieldConstraints, type ViolationMessage } from '../../../../schemas/domain/field-constraints.ts'
import { fillPath, rowParams, type Row } from './tableModel.ts'

/** Unsaved changes: row id → field → new value (only values that differ from the row as loaded). */
export type Drafts = Readonly<Record<string, Readonly<Record<string, unknown>>>>

/** A broken cell rule: the i18n key of its message and the values it interpolates. */
export type CellError = ViolationMessage

/** One call a save makes: its endpoint (row :Field segments filled), its body, and the ids of the rows it saves. */
export interface SaveCall { endpoint: string, body: Record<string, unknown>, rows: string[] }

/** The id of a row: its rowKey field as text. */
export function rowId (row: Row, rowKey: string): string {
  return String(row[rowKey] ?? '')
}

/** Whether a column is edited in place. */
export const editable = (column: GridColumn) => column.kind !== 'readonly'

/** The value a cell shows: the unsaved one, else the loaded one. */
export function cellValue (row: Row, drafts: Drafts, id: string, field: string): unknown {
  const draft = drafts[id]
  return draft && Object.hasOwn(draft, field) ? draft[field] : row[field]
}

/** Whether a cell holds an unsaved change. */
export function isDirty (drafts: Drafts, id: string, field: string): boolean {
  return Object.hasOwn(drafts[id] ?? {}, field)
}

/** The ids of the rows with unsaved changes. */
export function dirtyRows (drafts: Drafts): string[] {
  return Object.keys(drafts)
}

/** A typed cell value from what was entered: numbers as numbers ('' → null; text that is no number stays text so its check fails). */
export function parseCell (column: GridColumn, input: string | boolean): unknown {
  if (column.kind === 'checkbox') return input === true
  const text = String(input)
  if (column.kind !== 'number') return text
  if (text.trim() === '') return null
  const n = Number(text)
  return Number.isFinite(n) ? n : text
}

/** Drafts with one cell set; setting a cell back to its loaded value removes the change (and the row's entry when none is left). */
export function setCell (drafts: Drafts, row: Row, id: string, field: string, value: unknown): Drafts {
  const { [field]: _old, ...rest } = drafts[id] ?? {}
  const changes = sameValue(row[field], value) ? rest : { ...rest, [field]: value }
  const { [id]: _row, ...others } = drafts
  return Object.keys(changes).length === 0 ? others : { ...others, [id]: changes }
}

/** Drafts without a row's changes. */
function dropRow (drafts: Drafts, id: string): Drafts {
  const { [id]: _row, ...others } = drafts
  return others
}

/**
 * Drafts once a write of a row's changes has ended (its save, or a reset through the game API) and its reload is in: the changes it
 * wrote go; a cell changed again while the write was on the way keeps its new value.
 */
export function dropWritten (drafts: Drafts, id: string, written: Drafts[string] | undefined): Drafts {
  const now = drafts[id]
  if (now === undefined) return drafts
  const left = Object.entries(now).filter(([field, value]) => !(written !== undefined && field in written && written[field] === value))
  return left.length === 0 ? dropRow(drafts, id) : { ...drafts, [id]: Object.fromEntries(left) }
}

/** Drafts with a row's editable cells set to its default row's values (a change wherever they differ, none where they match). */
export function restoreDefaults (drafts: Drafts, row: Row, id: string, defaults: Row, columns: readonly GridColumn[]): Drafts {
  let next = drafts
  for (const column of columns.filter(editable)) {
    if (Object.hasOwn(defaults, column.field)) next = setCell(next, row, id, column.field, defaults[column.field])
  }
  return next
}

/** What a cell's value must be: a number column's bounds and step (from min, else 0), a text or select column's length, patterns and options. */
export function columnConstraints (column: GridColumn): FieldConstraints {
  if (column.kind === 'number') return { required: column.required, number: true, min: column.min, max: column.max, step: column.step }
  const options = column.kind === 'select' ? column.options?.map((o) => o.value) : undefined
  return { required: column.required, maxLength: column.maxLength, patterns: column.patterns, options }
}

/** Why a cell's value breaks its column's rules (the first rule broken), or undefined when it fits. */
export function checkCell (column: GridColumn, value: unknown): CellError | undefined {
  if (!editable(column) || column.kind === 'checkbox') return undefined
  return constraintMessages(value, columnConstraints(column))[0]
}

/** The broken cells of the changed rows (every editable cell of such a row is checked), keyed by errorKey. */
export function gridErrors (rows: readonly Row[], rowKey: string, columns: readonly GridColumn[], drafts: Drafts): Map<string, CellError> {
  const errors = new Map<string, CellError>()
  for (const row of rows) {
    const id = rowId(row, rowKey)
    if (!drafts[id]) continue
    for (const column of columns.filter(editable)) {
      const error = checkCell(column, cellValue(row, drafts, id, column.field))
      if (error) errors.set(errorKey(id, column.field), error)
    }
  }
  return errors
}

/** The key of one cell in gridErrors. */
export const errorKey = (id: string, field: string) => `${id}\u0000${field}`

/** What one row sends: its rowParams and every editable cell (the changed value where there is one). */
function rowBody (action: GridSaveAction, columns: readonly GridColumn[], row: Row, id: string, drafts: Drafts): Record<string, unknown> {
  const body: Record<string, unknown> = { ...rowParams(action.rowParams, row) }
  for (const column of columns.filter(editable)) body[column.field] = cellValue(row, drafts, id, column.field)
  return body
}

/** The calls a save makes for the changed rows (in row order): one per row, or one holding them all under rowsName (default rows); params are added to each body. */
export function saveCalls (action: GridSaveAction, columns: readonly GridColumn[], rows: readonly Row[], rowKey: string, drafts: Drafts, params: Record<string, unknown> = {}, only?: string): SaveCall[] {
  const changed = rows.filter((row) => {
    const id = rowId(row, rowKey)
    return drafts[id] !== undefined && (only === undefined || id === only)
  })
  if (changed.length === 0) return []
  const ids = changed.map((row) => rowId(row, rowKey))
  const bodies = changed.map((row, i) => rowBody(action, columns, row, ids[i]!, drafts))
  if (action.mode === 'row') return changed.map((row, i) => ({ endpoint: fillPath(action.endpoint, row), body: { ...params, ...bodies[i] }, rows: [ids[i]!] }))
  return [{ endpoint: action.endpoint, body: { ...params, [action.rowsName ?? 'rows']: bodies }, rows: ids }]
}

function sameValue (a: unknown, b: unknown): boolean {
  if (isEmptyValue(a) && isEmptyValue(b)) return true
  return a === b || (typeof a === 'number' && typeof b === 'string' && b.trim() !== '' && Number(b) === a)
}

/** Names a refused field (body/First) by its column's heading, as a form names its fields; undefined when no column holds it. */
export function gridFieldLabel (columns: readonly GridColumn[], path: string, t: (key: string) => string): string | undefined {
  const column = columns.find((c) => c.field === path.replace(/^body\//, ''))
  return column ? t(column.labelKey) : undefined
}
