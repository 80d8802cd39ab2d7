// Pure logic of a table's ticked rows (selection actions): which rows may be ticked, what an action sends, when it may run.
import type { SelectionAction } from '../../../../schemas/widgets.ts'
import type { Row } from './tableModel.ts'

type Value = string | number | boolean

/** Whether an action takes a row: every row without a condition, else the rows whose field holds its value. */
export function takesRow (action: SelectionAction, row: Row): boolean {
  return action.when === undefined || row[action.when.field] === action.when.equals
}

/** Whether a row gets a checkbox: some selection action of the table takes it. */
export function selectable (actions: readonly SelectionAction[], row: Row): boolean {
  return actions.some((a) => takesRow(a, row))
}

const isValue = (v: unknown): v is Value => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'

/** The values the ticked rows give an action (its field of each, in the rows' order, each once), and whether it may run: it takes every ticked row and their count is within its min (default 1) and max. */
export function selectionTarget (action: SelectionAction, ticked: readonly Row[]): { values: Value[], ready: boolean } {
  const values = [...new Set(ticked.map((r) => r[action.field]).filter(isValue))]
  const takesAll = ticked.every((r) => takesRow(action, r) && isValue(r[action.field]))
  const ready = takesAll && values.length >= (action.min ?? 1) && values.length <= (action.max ?? Number.POSITIVE_INFINITY)
  return { values, ready }
}

/** The keys still ticked once the rows change (a reload, a sort keeps them): those of rows still shown that may be ticked. */
export function keptTicks (ticked: ReadonlySet<string>, rows: readonly Row[], rowKey: (row: Row, index: number) => string, actions: readonly SelectionAction[]): Set<string> {
  const kept = new Set<string>()
  rows.forEach((row, i) => {
    const key = rowKey(row, i)
    if (ticked.has(key) && selectable(actions, row)) kept.add(key)
  })
  return kept
}

/** The header checkbox: every tickable row ticked (true), some (mixed) or none (false); ticking it ticks them all, unticking clears. */
export function allTicked (ticked: ReadonlySet<string>, tickable: readonly string[]): boolean | 'mixed' {
  const count = tickable.filter((k) => ticked.has(k)).length
  return count === 0 ? false : count === tickable.length ? true : 'mixed'
}
