import { useEffect, useRef, useState } from 'react'
import type { Header } from '@tanstack/react-table'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useTranslation } from 'react-i18next'
import type { RowAction, TableColumn, TableWidget } from '../../../../schemas/widgets.ts'
import { drawColour, fillPath, formatCell, formatMoney, type Row } from '../lib/tableModel.ts'
import { useRenderer } from '../context.tsx'
import { ROW_HEIGHT, useTableState } from './useTableState.ts'

function cellText (row: Row, c: TableColumn, t: (k: string) => string): string {
  const value = row[c.field]
  if (c.type === 'status' && c.statusLabels && value !== undefined && value !== null) {
    const key = c.statusLabels[String(value)]
    if (key) return t(key)
  }
  return formatCell(value, c.type)
}

const align = (c: TableColumn) => c.type === 'text' || c.type === 'status' || c.type === 'date' ? 'left' : 'right'

function SortMark ({ header }: { header: Header<Row, unknown> }) {
  const dir = header.column.getIsSorted()
  return <span aria-hidden='true'>{dir === 'asc' ? ' ▲' : dir === 'desc' ? ' ▼' : ''}</span>
}

/** A virtualised table of rows: sticky header, fixed widths with horizontal scroll, footer sums, row actions, exports, print view. */
export function TableView ({ widget, rows, onAction }: { widget: TableWidget, rows: readonly Row[], onAction?: (action: RowAction, row: Row) => void }) {
  const { t } = useTranslation()
  const { navigate } = useRenderer()
  const { table, sums, hasSums, width, exportCsv, exportAra } = useTableState(widget, rows)
  const scrollRef = useRef<HTMLDivElement>(null)
  const [printing, setPrinting] = useState(false)
  const model = table.getRowModel().rows
  const virtualizer = useVirtualizer({ count: model.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 12 })
  const actions = widget.rowActions ?? []

  useEffect(() => {
    if (!printing) return
    document.body.classList.add('rr-printing')
    const done = () => setPrinting(false)
    window.addEventListener('afterprint', done)
    window.print()
    return () => { window.removeEventListener('afterprint', done); document.body.classList.remove('rr-printing') }
  }, [printing])

  const runAction = (action: RowAction, row: Row) => {
    if (action.kind === 'link') navigate(fillPath(action.to, row))
    else onAction?.(action, row)
  }
  const rowStyle = (row: Row) => {
    const bg = widget.drawColourField ? drawColour(row[widget.drawColourField]) : undefined
    return bg ? { backgroundColor: bg } : undefined
  }
  const cells = (row: Row) => widget.columns.map((c) => (
    <td key={c.field} style={{ width: c.width, minWidth: c.width, textAlign: align(c) }}>{cellText(row, c, t)}</td>
  ))
  const actionCell = (row: Row) => actions.length > 0 && (
    <td className='rr-row-actions' style={{ width: 160, minWidth: 160 }}>
      {actions.map((a) => <button key={a.id} type='button' onClick={() => runAction(a, row)}>{t(a.labelKey)}</button>)}
    </td>
  )
  const footerRow = (flex: boolean) => (
    <tr style={flex ? { display: 'flex' } : undefined}>
      {widget.columns.map((c, i) => {
        const sum = sums[c.field]
        return (
          <td key={c.field} style={{ width: c.width, minWidth: c.width, textAlign: align(c) }} data-sum={c.field}>
            {sum !== undefined ? (c.type === 'money' ? formatMoney(sum) : formatCell(sum, c.type)) : i === 0 ? t('renderers.total') : ''}
          </td>
        )
      })}
      {actions.length > 0 && <td style={{ width: 160, minWidth: 160 }} />}
    </tr>
  )

  return (
    <section className='rr-table-widget' data-widget-id={widget.id}>
      <div className='rr-toolbar' data-print='hide'>
        {widget.export?.csv && <button type='button' onClick={exportCsv}>{t('renderers.exportCsv')}</button>}
        {widget.export?.ara && <button type='button' onClick={exportAra}>{t('renderers.exportAra')}</button>}
        {widget.print && <button type='button' onClick={() => setPrinting(true)}>{t('renderers.print')}</button>}
        <span className='rr-count' data-row-count={model.length}>{model.length}</span>
      </div>
      {printing
        ? (
          <table className='rr-print-table'>
            <thead><tr>{widget.columns.map((c) => <th key={c.field}>{t(c.labelKey)}</th>)}</tr></thead>
            <tbody>{model.map((r) => <tr key={r.id} style={rowStyle(r.original)}>{cells(r.original)}</tr>)}</tbody>
            {hasSums && <tfoot className='rr-tfoot'>{footerRow(false)}</tfoot>}
          </table>
          )
        : (
          <div ref={scrollRef} className='rr-table-scroll' style={{ height: widget.height ?? 560 }} tabIndex={0} role='region' aria-label={widget.id}>
            <table className='rr-table' style={{ width, display: 'grid' }}>
              <thead className='rr-thead' style={{ display: 'grid', position: 'sticky', top: 0, zIndex: 1 }}>
                {table.getHeaderGroups().map((group) => (
                  <tr key={group.id} style={{ display: 'flex' }}>
                    {group.headers.map((header) => {
                      const c = header.column.columnDef.meta as TableColumn
                      const sorted = header.column.getIsSorted()
                      return (
                        <th key={header.id} style={{ width: c.width, minWidth: c.width, textAlign: align(c) }} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}>
                          {header.column.getCanSort()
                            ? <button type='button' className='rr-sort' onClick={header.column.getToggleSortingHandler()}>{t(c.labelKey)}<SortMark header={header} /></button>
                            : t(c.labelKey)}
                        </th>
                      )
                    })}
                    {actions.length > 0 && <th style={{ width: 160, minWidth: 160 }}>{t('renderers.actions')}</th>}
                  </tr>
                ))}
              </thead>
              <tbody style={{ display: 'grid', height: virtualizer.getTotalSize(), position: 'relative' }}>
                {virtualizer.getVirtualItems().map((item) => {
                  const row = model[item.index]!
                  return (
                    <tr key={row.id} data-index={item.index} style={{ display: 'flex', position: 'absolute', transform: `translateY(${item.start}px)`, height: ROW_HEIGHT, width: '100%', ...rowStyle(row.original) }}>
                      {cells(row.original)}
                      {actionCell(row.original)}
                    </tr>
                  )
                })}
              </tbody>
              {hasSums && <tfoot className='rr-tfoot' style={{ display: 'grid', position: 'sticky', bottom: 0 }}>{footerRow(true)}</tfoot>}
            </table>
          </div>
          )}
    </section>
  )
}
