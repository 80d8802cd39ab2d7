// A form's repeated line rows (bet lines) as data: blank rows, which rows count, their rules, and what is sent.
import type { FormLines, LineField } from '../../../../schemas/widgets.ts'
import { totoNumberCounts } from '../../../../schemas/domain/toto-lines.ts'
import { uniquePermutations } from '../../../../schemas/domain/permutations.ts'
import { checkValue, constraintMessages, isEmptyValue, violationMessage, type FieldConstraints, type MessagesByField, type ViolationMessage } from '../../../../schemas/domain/field-constraints.ts'

/** One row as the form holds it: cell name → what the control holds. */
export type LineRow = Record<string, unknown>

// An unticked box is no value: a required one must be ticked.
const isBlank = (v: unknown) => isEmptyValue(v) || v === false
// Cells the user types into: only these make a row a line (a select's default alone does not).
const typed = (f: LineField) => f.kind === 'text' || f.kind === 'number' || f.kind === 'numbers'

/** The error key of one cell: <group>.<row>.<cell>. */
export const cellKey = (lines: FormLines, row: number, cell: string) => `${lines.name}.${row}.${cell}`

/** The group's rows before anything is typed: each cell at its default. */
export function blankRows (lines: FormLines): LineRow[] {
  return Array.from({ length: lines.rows }, () => {
    const row: LineRow = {}
    for (const f of lines.fields) if (f.default !== undefined) row[f.name] = f.default
    return row
  })
}

/** Whether a row holds no line: none of its text, number and numbers cells has a value. */
export function isEmptyRow (row: LineRow | undefined, lines: FormLines): boolean {
  return lines.fields.filter(typed).every((f) => isBlank(row?.[f.name]))
}

/** Whole numbers written with spaces or commas between ("01 02 03"); null when any part is not one. */
export function parseNumbers (text: string): number[] | null {
  const parts = text.split(/[\s,]+/).filter((p) => p !== '')
  if (!parts.every((p) => /^\d{1,9}$/.test(p))) return null
  return parts.map(Number)
}

/** What a cell's value must be: required, length and patterns of its text, and a number cell's bounds. */
function cellConstraints (f: LineField): FieldConstraints {
  const c: FieldConstraints = { required: f.required, maxLength: f.maxLength, patterns: f.patterns }
  return f.kind === 'number' ? { ...c, number: true, min: f.min, max: f.max } : c
}

// Each number of a cell counted by a TOTO bet type is a TOTO ball.
const TOTO_NUMBER: FieldConstraints = { totoNumber: true }

/** The rules one cell breaks (its text trimmed); a numbers cell also holds whole numbers, TOTO balls where a bet type counts them. */
function cellErrors (f: LineField, value: unknown): ViolationMessage[] {
  const text = isBlank(value) ? undefined : String(value).trim()
  const errors: ViolationMessage[] = constraintMessages(text, cellConstraints(f))
  if (f.kind !== 'numbers' || text === undefined) return errors
  const numbers = parseNumbers(text)
  if (numbers === null) return [...errors, { key: 'renderers.error.numbers' }]
  const [notBall] = f.totoCountBy ? numbers.flatMap((n) => checkValue(n, TOTO_NUMBER)) : []
  return notBall ? [...errors, violationMessage(notBall)] : errors
}

/** A numbers cell that holds fewer or more numbers than its row's TOTO bet type takes ("Ordinary takes 6 numbers, not 3"). */
function countErrors (f: LineField, row: LineRow, lines: FormLines): ViolationMessage[] {
  if (f.kind !== 'numbers' || !f.totoCountBy) return []
  const type = String(row[f.totoCountBy] ?? '')
  const expected = totoNumberCounts(type)
  const numbers = isBlank(row[f.name]) ? [] : parseNumbers(String(row[f.name]))
  if (!expected || numbers === null || expected.includes(numbers.length)) return []
  // The type as the form names it (its option's label), translated where the message is shown.
  const label = lines.fields.find((c) => c.name === f.totoCountBy)?.options?.find((o) => o.value === type)?.labelKey ?? type
  const shown = expected.length > 1 ? `${expected[0]}–${expected[expected.length - 1]}` : String(expected[0])
  return [{ key: 'renderers.error.totoCount', values: { expected: shown, got: numbers.length, other: label } }]
}

/** Every broken rule of the group: per cell of each filled row, and at the group's own key when a required group has no line. */
export function validateLines (rows: readonly LineRow[] | undefined, lines: FormLines): MessagesByField {
  const errors: MessagesByField = {}
  let filled = 0
  ;(rows ?? []).forEach((row, i) => {
    if (isEmptyRow(row, lines)) return
    filled++
    for (const f of lines.fields) {
      const broken = [...cellErrors(f, row[f.name]), ...countErrors(f, row, lines)]
      if (broken.length > 0) errors[cellKey(lines, i, f.name)] = broken
    }
  })
  if (lines.required && filled === 0) errors[lines.name] = [{ key: 'renderers.error.noLines' }]
  return errors
}

/** What is sent: the filled rows only, each cell as its API value (numbers as numbers, number lists as arrays), blank cells left out. */
export function compactLines (rows: readonly LineRow[] | undefined, lines: FormLines): Array<Record<string, string | number | boolean | number[]>> {
  return (rows ?? []).filter((row) => !isEmptyRow(row, lines)).map((row) => {
    const out: Record<string, string | number | boolean | number[]> = {}
    for (const f of lines.fields) {
      const v = row[f.name]
      if (isBlank(v)) continue
      if (f.kind === 'number') out[f.name] = Number(v)
      else if (f.kind === 'numbers') out[f.name] = parseNumbers(String(v)) ?? []
      else if (f.kind === 'checkbox') out[f.name] = v === true
      else out[f.name] = String(v).trim()
    }
    return out
  })
}

/** Lines a phone shows before "Add line": a long bet form's first lines and its button in the first screen. */
export const PHONE_START_LINES = 5

/** How many rows are drawn: every row on a laptop; on a phone the rows asked for (at least the first ones), never fewer than reach the last filled one, never more than the group has. */
export function shownLines (rows: readonly LineRow[] | undefined, lines: FormLines, mobile: boolean, asked = PHONE_START_LINES): number {
  if (!mobile) return lines.rows
  let last = 0
  ;(rows ?? []).forEach((row, i) => { if (!isEmptyRow(row, lines)) last = i + 1 })
  return Math.min(lines.rows, Math.max(asked, last))
}

// The game API's 4D line (Number, Form, Big, Small): a roll plays 10 numbers, a kBet each permutation at the full amount, an iBet shares it.
const FOUR_D_AMOUNTS = ['Big', 'Small'] as const
const playsOf = (form: unknown, number: unknown): number =>
  form === 'roll' ? 10 : form === 'kbet' && typeof number === 'string' && /^\d{4}$/.test(number.trim()) ? uniquePermutations(number.trim()).length : 1

/** The money the filled 4D lines stake in one draw, in whole cents summed exactly; undefined for a group that is not 4D lines (TOTO units are priced by the game). */
export function stakePerDraw (rows: readonly LineRow[] | undefined, lines: FormLines): number | undefined {
  const amounts = FOUR_D_AMOUNTS.filter((name) => lines.fields.some((f) => f.name === name && f.kind === 'number'))
  if (amounts.length === 0) return undefined
  let cents = 0
  for (const row of rows ?? []) {
    if (isEmptyRow(row, lines)) continue
    const line = amounts.reduce((sum, name) => {
      const v = Number(String(row[name] ?? '').trim())
      return Number.isFinite(v) && v > 0 ? sum + Math.round(v * 100) : sum
    }, 0)
    cents += line * playsOf(row.Form, row.Number)
  }
  return cents / 100
}
