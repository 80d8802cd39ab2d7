// Pure table logic: cell text by column type, sort keys, footer sums, draw colours. The table hook turns these into TanStack state.
import type { ColumnType, RowAction, TableColumn } from '../../../../schemas/widgets.ts'
import { htmlText } from '../../lib/htmlText.ts'
import { vocabularyText } from '../../lib/format.ts'

export type Row = Record<string, unknown>

const moneyFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 })

/** Money with exactly 2 decimals and thousands separators. */
export function formatMoney (value: number): string {
  return moneyFormat.format(value)
}

/** A fraction shown as a percentage with 2 decimals (0.125 → 12.50%). */
export function formatPercent (value: number): string {
  return `${moneyFormat.format(value * 100)}%`
}

/** An ISO date or date-time shown as MM/DD/YYYY (and HH:mm:ss when it has a time), in the offset it was written with. */
export function formatDate (value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value)
  if (!m) return value
  const day = `${m[2]}/${m[3]}/${m[1]}`
  return m[4] === undefined ? day : `${day} ${m[4]}:${m[5]}:${m[6] ?? '00'}`
}

const toNumber = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null
  const n = typeof v === 'number' ? v : Number(v)
  return Number.isFinite(n) ? n : null
}

/** The text a cell shows (status labels are translated by the component, so a status cell returns its raw value). */
export function formatCell (value: unknown, type: ColumnType): string {
  if (value === null || value === undefined) return ''
  switch (type) {
    case 'money': { const n = toNumber(value); return n === null ? String(value) : formatMoney(n) }
    case 'percent': { const n = toNumber(value); return n === null ? String(value) : formatPercent(n) }
    case 'number': { const n = toNumber(value); return n === null ? String(value) : numberFormat.format(n) }
    case 'date': return formatDate(String(value))
    case 'html': return htmlText(String(value))
    default: return plainText(value)
  }
}

// A whole ISO day or date-time: shown as every date column shows it, so one screen has one date format.
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/

/** A text cell: a list's items separated by commas, and a value that is a whole ISO date written as a date column writes it. */
function plainText (value: unknown): string {
  if (Array.isArray(value)) return value.map(plainText).join(', ')
  const text = String(value)
  return ISO_DATE.test(text) ? formatDate(text) : text
}

/** Whether a cell holds a negative figure (a loss), which the table marks beside its minus sign. */
export function negative (value: unknown, type: ColumnType): boolean {
  if (type !== 'money' && type !== 'number' && type !== 'percent') return false
  const n = toNumber(value)
  return n !== null && n < 0
}

/** Whether a column's values are words (sorted as text), not numbers or dates. */
export const textual = (type: ColumnType) => type === 'text' || type === 'status' || type === 'html'

/** The value a column sorts by: numbers for numeric and date columns (parsed once per row), text otherwise. */
export function sortKey (value: unknown, type: ColumnType): number | string {
  if (type === 'number' || type === 'money' || type === 'percent') return toNumber(value) ?? Number.NEGATIVE_INFINITY
  if (type === 'date') {
    const t = typeof value === 'string' ? Date.parse(value) : NaN
    return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t
  }
  if (value === null || value === undefined) return ''
  return type === 'html' ? htmlText(String(value)) : String(value)
}

/** Plain comparison of two sort keys (no locale collation: sorting 100,000 rows must stay well under half a second). */
export function compareKeys (a: number | string, b: number | string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** Whether a column may carry a footer sum. */
export const summable = (type: ColumnType) => type === 'number' || type === 'money' || type === 'percent'

/** Footer sums of the columns marked sum, in cents for money so 0.1 + 0.2 shows 0.30. */
export function footerSums (rows: readonly Row[], columns: readonly TableColumn[], fromServer?: Readonly<Record<string, unknown>>): Record<string, number> {
  const sums: Record<string, number> = {}
  for (const c of columns) {
    if (!c.sum || !summable(c.type)) continue
    // The server's sum over every row the query found, when it sent one, rather than the sum of the rows on screen.
    const served = fromServer ? toNumber(fromServer[c.field]) : null
    if (served !== null) { sums[c.field] = served; continue }
    let total = 0
    for (const r of rows) total += toNumber(r[c.field]) ?? 0
    sums[c.field] = c.type === 'money' ? Math.round(total * 100) / 100 : total
  }
  return sums
}

/**
 * Draw colours by type code (the seed names the codes, not the colours): 4D days 0-7 and 9, TOTO 24 and 25, iBet, kBet and roll.
 * Light backgrounds so black text stays readable (contrast above 4.5:1).
 */
export const DRAW_COLOURS: Readonly<Record<string, string>> = {
  0: '#fff3bf',
  1: '#d3f9d8',
  2: '#d0ebff',
  3: '#ffe3e3',
  4: '#e5dbff',
  5: '#c5f6fa',
  6: '#ffe8cc',
  7: '#f3f0ff',
  9: '#e9fac8',
  24: '#fcc2d7',
  25: '#bac8ff',
  IBET: '#ffd8a8',
  KBET: '#b2f2bb',
  RRRR: '#eebefa'
}

/** The background for a type code, or undefined when the code has no colour. */
export function drawColour (code: unknown): string | undefined {
  if (code === null || code === undefined) return undefined
  return DRAW_COLOURS[String(code).toUpperCase()]
}

/** Fills :Field segments of a path from a row (values URI-encoded). */
export function fillPath (template: string, row: Row): string {
  return template.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => encodeURIComponent(String(row[name] ?? '')))
}

/** One sort level: a column field and its direction. */
export interface SortLevel { id: string, desc: boolean }

/**
 * Rows in sort order, stable. Sort keys are computed once per row and level (typed arrays for numeric keys) and an index
 * array is sorted, which keeps 100,000 rows well under half a second; the rows themselves stay the plain objects received.
 */
export function sortRows<R extends Row> (rows: readonly R[], columns: readonly TableColumn[], sorting: readonly SortLevel[]): R[] {
  const levels = sorting.flatMap((s) => {
    const column = columns.find((c) => c.field === s.id)
    if (!column) return []
    const keys = new Float64Array(rows.length)
    if (!textual(column.type)) {
      for (let i = 0; i < rows.length; i++) keys[i] = sortKey(rows[i]![column.field], column.type) as number
    } else {
      // Text becomes its rank among the distinct values: strings are compared once per distinct value, not per pair of rows.
      const texts = rows.map((r) => sortKey(r[column.field], column.type) as string)
      const rank = new Map([...new Set(texts)].sort((a, b) => compareKeys(a, b)).map((v, i) => [v, i]))
      for (let i = 0; i < rows.length; i++) keys[i] = rank.get(texts[i]!)!
    }
    return [{ keys, dir: s.desc ? -1 : 1 }]
  })
  if (levels.length === 0) return rows.slice()
  const order = Array.from({ length: rows.length }, (_, i) => i)
  order.sort((a, b) => {
    for (const { keys, dir } of levels) {
      const x = keys[a]!
      const y = keys[b]!
      if (x < y) return -dir
      if (x > y) return dir
    }
    return a - b
  })
  return order.map((i) => rows[i]!)
}

/** The parameters a row action takes from its row (name → row field); fields the row lacks are left out. */
export function rowParams (mapping: Readonly<Record<string, string>> | undefined, row: Row): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {}
  for (const [name, field] of Object.entries(mapping ?? {})) {
    const v = row[field]
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[name] = v
  }
  return out
}

/** Whether a row action shows on a row: always without a condition, else when the row's field holds the value. */
export function actionApplies (action: RowAction, row: Row): boolean {
  return action.when === undefined || row[action.when.field] === action.when.equals
}

export const ACTIONS_WIDTH = 160
const MAX_ACTIONS_WIDTH = 520
// A row action button around its label: padding, border and the gap to the next, plus the cell's own padding once.
const BUTTON_CHROME = 22
const CELL_PADDING = 12
/** A row shows at most this many action buttons; more collapse into one menu. */
export const MAX_ROW_BUTTONS = 2
/** The label key of the menu button that holds a row's actions when there are more than MAX_ROW_BUTTONS. */
export const ACTIONS_MENU_KEY = 'renderers.actions'
// The menu button's arrow (▾) beside its label.
const MENU_MARK = 14

/** A label's width at the table's 13 px font, near enough: 7 px a Latin character, 13 px a CJK one. */
const labelWidth = (text: string) => [...text].reduce((w, ch) => w + ((ch.codePointAt(0) ?? 0) >= 0x2e80 ? 13 : 7), 0)

/** The actions a row shows: as buttons when there are few, else all of them in one menu. */
export function rowActionsShown (actions: readonly RowAction[], row: Row): { buttons: RowAction[], menu: RowAction[] } {
  const applying = actions.filter((a) => actionApplies(a, row))
  return applying.length > MAX_ROW_BUTTONS ? { buttons: [], menu: applying } : { buttons: applying, menu: [] }
}

/** The actions column's width: the widest set of buttons (or the menu button) any row shows, never below ACTIONS_WIDTH, so nothing is cut off. */
export function actionsWidth (actions: readonly RowAction[], rows: readonly Row[], label: (key: string) => string): number {
  if (actions.length === 0) return 0
  const widths = new Map(actions.map((a) => [a, labelWidth(label(a.labelKey)) + BUTTON_CHROME]))
  const menuWidth = labelWidth(label(ACTIONS_MENU_KEY)) + MENU_MARK + BUTTON_CHROME
  let widest = 0
  for (const row of rows) {
    const { buttons, menu } = rowActionsShown(actions, row)
    const width = CELL_PADDING + (menu.length > 0 ? menuWidth : buttons.reduce((w, a) => w + (widths.get(a) ?? 0), 0))
    widest = Math.max(widest, width)
  }
  return Math.min(MAX_ACTIONS_WIDTH, Math.max(ACTIONS_WIDTH, widest))
}

/** How a status reads at a glance (its badge's colour), from its raw value: done or active, refused or lost, waiting, or neither. */
export type StatusTone = 'positive' | 'negative' | 'waiting' | 'neutral'
const TONES: ReadonlyArray<[RegExp, StatusTone]> = [
  [/^(active|open|won|sent|settled|uploaded|ok|success|true|yes|paid|done)$/i, 'positive'],
  [/^(suspended|void|lost|failed|error|refused|rejected|deleted|over|false|no|nophone|unregistered|unknown\w*)$/i, 'negative'],
  [/^(pending|queued|waiting|running|processing|new)$/i, 'waiting']
]

/** The tone of a status value (a badge's colour; its text is the translated label). */
export function statusTone (value: unknown): StatusTone {
  const text = String(value ?? '')
  return TONES.find(([pattern]) => pattern.test(text))?.[1] ?? 'neutral'
}

/** A cell's text in the user's language: the empty cell's word, a status label, a vocabulary entry, else the value formatted by type. */
export function cellText (row: Row, c: TableColumn, t: (key: string, options?: { returnObjects: true }) => unknown, say: (row: Row, field: string) => string | undefined = () => undefined): string {
  const value = row[c.field]
  // A coded message (a job's Message beside its MessageCode and MessageValues) in the user's language.
  const said = c.type === 'text' ? say(row, c.field) : undefined
  if (said !== undefined) return said
  if (c.emptyKey && (value === undefined || value === null || value === '')) return String(t(c.emptyKey))
  if (c.type === 'status' && c.statusLabels && value !== undefined && value !== null) {
    const key = c.statusLabels[String(value)]
    if (key) return String(t(key))
  }
  if (c.valueLabels && value !== undefined && value !== null) {
    const vocabulary = t(c.valueLabels, { returnObjects: true })
    if (vocabulary !== null && typeof vocabulary === 'object') return vocabularyText(value, vocabulary as Record<string, unknown>)
  }
  return formatCell(value, c.type)
}
