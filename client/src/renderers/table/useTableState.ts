// Descriptor → table state. TanStack Table holds the columns, header groups and sort state (its toggle rules);
// the rows stay plain objects sorted by sortRows, because building TanStack row objects for 100,000 rows takes seconds.
import { useCallback, useMemo, useState } from 'react'
import { getCoreRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table'
import { useTranslation } from 'react-i18next'
import type { TableColumn, TableWidget } from '../../../../schemas/widgets.ts'
import { actionsWidth, footerSums, sortRows, type Row } from '../lib/tableModel.ts'
import { araFileName, csvFileName, toAra, toCsv } from '../lib/exports.ts'
import { downloadText } from '../lib/download.ts'
import { headerLeast, headerWidths } from '../lib/headerWidths.ts'
import { cellLeast, fitWidths, SAMPLED_ROWS, sumsLeast } from '../lib/columnFit.ts'

export const ROW_HEIGHT = 28
const DEFAULT_SORT_FIELD = 'CreatedDate'
// TanStack sees no rows: it only manages columns and sorting.
const NO_ROWS: Row[] = []

/** The sort a table starts with: the descriptor's, else CreatedDate descending when the table has that column. */
export function initialSorting (widget: TableWidget): SortingState {
  if (widget.defaultSort) return [{ id: widget.defaultSort.field, desc: widget.defaultSort.desc }]
  return widget.columns.some((c) => c.field === DEFAULT_SORT_FIELD) ? [{ id: DEFAULT_SORT_FIELD, desc: true }] : []
}

/**
 * The table instance, the sorted rows and everything around them for one table widget, drawn with the columns the user shows
 * (widget.columns); sorting and the exports read every column of the descriptor (all): a sort by a hidden column still holds,
 * and an exported file keeps the shape other tools read back.
 */
export function useTableState (widget: TableWidget, all: readonly TableColumn[], rows: readonly Row[], serverSums: Readonly<Record<string, unknown>> | undefined, fit: { room: number, cellsOf: (row: Row) => readonly string[] }) {
  const { t } = useTranslation()
  const [sorting, setSorting] = useState<SortingState>(() => initialSorting({ ...widget, columns: [...all] }))
  const columns = useMemo<ColumnDef<Row>[]>(() => widget.columns.map((c) => ({
    id: c.field,
    accessorKey: c.field,
    enableSorting: c.sortable !== false,
    // Set explicitly so TanStack never inspects rows to guess a direction: numbers and dates start descending.
    sortDescFirst: c.type !== 'text' && c.type !== 'status',
    size: c.width,
    meta: c satisfies TableColumn
  })), [widget.columns])
  const table = useReactTable({
    data: NO_ROWS,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    manualSorting: true,
    enableMultiSort: true,
    getCoreRowModel: getCoreRowModel()
  })
  const sorted = useMemo(() => sortRows(rows, all, sorting), [rows, all, sorting])
  const sums = useMemo(() => footerSums(rows, widget.columns, serverSums), [rows, widget.columns, serverSums])
  // Stable, so the memoised scrolling table is not redrawn by its parent.
  const rowKey = useCallback((row: Row, index: number) => widget.rowKey ? String(row[widget.rowKey] ?? index) : String(index), [widget.rowKey])
  const actionsColumn = useMemo(() => actionsWidth(widget.rowActions ?? [], rows, (k) => t(k)), [widget.rowActions, rows, t])
  const wanted = useMemo(() => headerWidths(widget.columns, (k) => t(k)), [widget.columns, t])
  // The least each column needs, from its header's longest word, its widest cell among the first rows (as received, so a
  // sort does not move the columns) and its footer sum.
  const { cellsOf, room } = fit
  const least = useMemo(() => {
    const cells = cellLeast(widget.columns, rows.slice(0, SAMPLED_ROWS).map(cellsOf))
    const footer = sumsLeast(widget.columns, sums)
    return headerLeast(widget.columns, (k) => t(k)).map((h, i) => Math.max(h, cells[i] ?? 0, footer[i] ?? 0))
  }, [widget.columns, rows, cellsOf, sums, t])
  const widths = useMemo(() => fitWidths(wanted, least, room - actionsColumn), [wanted, least, room, actionsColumn])
  // The width the columns ask for (a phone shows cards when it is wider than the window), and the width they take in the box:
  // the table is at least that wide, and as wide as its box (its last column takes the rest).
  const natural = wanted.reduce((w, c) => w + c, 0) + actionsColumn
  const width = widths.reduce((w, c) => w + c, 0) + actionsColumn
  return {
    table,
    sorting,
    rows: sorted,
    sums,
    width,
    natural,
    widths,
    actionsColumn,
    hasSums: Object.keys(sums).length > 0,
    rowKey,
    exportCsv: () => downloadText(`\uFEFF${toCsv(sorted, all, (k) => t(k))}`, csvFileName(widget.export?.fileName), 'text/csv;charset=utf-8'),
    exportAra: () => downloadText(toAra(sorted, all), araFileName(widget.export?.fileName), 'text/plain;charset=utf-8')
  }
}
