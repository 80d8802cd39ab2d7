// Descriptor → TanStack table state: columns with sort keys, default sort, footer sums and exports. The component only renders.
import { useMemo, useState } from 'react'
import { getCoreRowModel, getSortedRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table'
import { useTranslation } from 'react-i18next'
import type { TableWidget } from '../../../../schemas/widgets.ts'
import { compareKeys, footerSums, sortKey, type Row } from '../lib/tableModel.ts'
import { araFileName, csvFileName, toAra, toCsv } from '../lib/exports.ts'
import { downloadText } from '../lib/download.ts'

export const SCROLL_WIDTH = 1060
export const ROW_HEIGHT = 28
const DEFAULT_SORT_FIELD = 'CreatedDate'

/** The sort a table starts with: the descriptor's, else CreatedDate descending when the table has that column. */
export function initialSorting (widget: TableWidget): SortingState {
  if (widget.defaultSort) return [{ id: widget.defaultSort.field, desc: widget.defaultSort.desc }]
  return widget.columns.some((c) => c.field === DEFAULT_SORT_FIELD) ? [{ id: DEFAULT_SORT_FIELD, desc: true }] : []
}

/** The table instance and everything around it for one table widget and its rows. */
export function useTableState (widget: TableWidget, rows: readonly Row[]) {
  const { t } = useTranslation()
  const [sorting, setSorting] = useState<SortingState>(() => initialSorting(widget))
  const columns = useMemo<ColumnDef<Row, number | string>[]>(() => widget.columns.map((c) => ({
    id: c.field,
    // Sort keys are computed once per row (TanStack caches getValue), so sorting compares plain numbers or strings.
    accessorFn: (row) => sortKey(row[c.field], c.type),
    enableSorting: c.sortable !== false,
    sortingFn: (a, b, id) => compareKeys(a.getValue<number | string>(id), b.getValue<number | string>(id)),
    sortDescFirst: c.type !== 'text',
    size: c.width,
    meta: c
  })), [widget.columns])
  const data = useMemo(() => [...rows], [rows])
  const table = useReactTable({
    data,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: widget.rowKey ? (row, i) => String(row[widget.rowKey!] ?? i) : undefined
  })
  const sums = useMemo(() => footerSums(rows, widget.columns), [rows, widget.columns])
  const width = Math.max(SCROLL_WIDTH, widget.columns.reduce((w, c) => w + c.width, 0) + (widget.rowActions?.length ? 160 : 0))
  const sortedRows = () => table.getRowModel().rows.map((r) => r.original)
  return {
    table,
    sums,
    width,
    hasSums: Object.keys(sums).length > 0,
    exportCsv: () => downloadText(`\uFEFF${toCsv(sortedRows(), widget.columns, (k) => t(k))}`, csvFileName(widget.export?.fileName), 'text/csv;charset=utf-8'),
    exportAra: () => downloadText(toAra(sortedRows(), widget.columns), araFileName(widget.export?.fileName), 'text/plain;charset=utf-8')
  }
}
