// The ticked rows of a table with selection actions: kept by row key through sorts and reloads, dropped when their row goes.
import { useCallback, useMemo, useState } from 'react'
import type { SelectionAction } from '../../../../schemas/widgets.ts'
import type { Row } from '../lib/tableModel.ts'
import { allTicked, keptTicks, selectable } from '../lib/tableSelection.ts'

export interface Ticks {
  /** Whether the table ticks rows at all (it has selection actions). */
  on: boolean
  ticked: ReadonlySet<string>
  rows: readonly Row[]
  all: boolean | 'mixed'
  toggle: (key: string) => void
  toggleAll: () => void
  clear: () => void
}

export function useTicks (actions: readonly SelectionAction[], rows: readonly Row[], rowKey: (row: Row, index: number) => string): Ticks {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set())
  const ticked = useMemo(() => keptTicks(chosen, rows, rowKey, actions), [chosen, rows, rowKey, actions])
  const tickable = useMemo(() => rows.flatMap((row, i) => selectable(actions, row) ? [rowKey(row, i)] : []), [rows, rowKey, actions])
  const tickedRows = useMemo(() => rows.filter((row, i) => ticked.has(rowKey(row, i))), [rows, rowKey, ticked])
  const all = allTicked(ticked, tickable)
  const toggle = useCallback((key: string) => setChosen((before) => {
    const next = new Set(before)
    if (next.has(key)) next.delete(key)
    else next.add(key)
    return next
  }), [])
  const toggleAll = useCallback(() => setChosen(all === true ? new Set() : new Set(tickable)), [all, tickable])
  const clear = useCallback(() => setChosen(new Set()), [])
  // One object while nothing changes, so the memoised scrolling table is not redrawn by its parent.
  const on = actions.length > 0
  return useMemo(() => ({ on, ticked, rows: tickedRows, all, toggle, toggleAll, clear }), [on, ticked, tickedRows, all, toggle, toggleAll, clear])
}
