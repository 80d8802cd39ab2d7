// Descriptor → table state. TanStack Table holds the columns, header groups and sort state (its toggle rules);
// the rows stay plain objects sorted by sortRows, because building TanStack row objects for 100,000 rows takes seconds.
import { useCallback, useMemo, useState } from 'react'
import { getCoreRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table'
import { useTranslation } from 'react-i18next'
import type { TableColumn, TableWidget } from '../../../../schemas/widgets.ts'
import { actionsWidth, footerSums, sortRows, type Row } from '../lib/tableModel.ts'
import { araFileName, csvFileName, toAra, toCsv } from '../lib/exports.ts'
import { downloadText } from '../lib/download.ts'
import { headerWidths } from '../lib/headerWidths.ts'

export const SCROLL_WIDTH = 1060
export const ROW_HEIGHT = 28
const DEFAULT_SORT_FIELD = 'CreatedDate'
// TanStack sees no rows: it only manages columns and sorting.
const NO_ROWS: Row[] = []

/** The sort a table starts with: the descriptor's, else CreatedDate descending when the table has that column. */
export function initialSorting (widget: TableWidget): SortingState {
  if (widget.defaultSort) return [{ id: widget.defaultSort.field, desc: widget.defaultSort.desc }]
  return widget.columns.some((c) => c.field === DEFAULT_SORT_FIELD) ? [{ id: DEFAULT_SORT_FIELD, desc: true }] : []
}

/** The table instance, the sorted rows and everything around them for one table widget. */
export function useTableState (widget: TableWidget, rows: readonly Row[], serverSums?: Readonly<Record<string, unknown>>) {
  const { t } = useTranslation()
  const [sorting, setSorting] = useState<SortingState>(() => initialSorting(widget))
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
  const sorted = useMemo(() => sortRows(rows, widget.columns, sorting), [rows, widget.columns, sorting])
  const sums = useMemo(() => footerSums(rows, widget.columns, serverSums), [rows, widget.columns, serverSums])
  // Stable, so the memoised scrolling table is not redrawn by its parent.
  const rowKey = useCallback((row: Row, index: number) => widget.rowKey ? String(row[widget.rowKey] ?? index) : String(index), [widget.rowKey])
  const actionsColumn = useMemo(() => actionsWidth(widget.rowActions ?? [], rows, (k) => t(k)), [widget.rowActions, rows, t])
  const widths = useMemo(() => headerWidths(widget.columns, (k) => t(k)), [widget.columns, t])
  const width = Math.max(SCROLL_WIDTH, widths.reduce((w, c) => w + c, 0) + actionsColumn)
  return {
    table,
    sorting,
    rows: sorted,
    sums,
    width,
    widths,
    actionsColumn,
    hasSums: Object.keys(sums).length > 0,
    rowKey,
    exportCsv: () => downloadText(`\uFEFF${toCsv(sorted, widget.columns, (k) => t(k))}`, csvFileName(widget.export?.fileName), 'text/csv;charset=utf-8'),
    exportAra: () => downloadText(toAra(sorted, widget.columns), araFileName(widget.export?.fileName), 'text/plain;charset=utf-8')
  }
}
