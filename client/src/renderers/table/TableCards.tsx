import { useId, useState, type CSSProperties } from 'react'
import { Button } from '@mantine/core'
import type { TFunction } from 'i18next'
import type { RowAction, TableColumn, TableWidget } from '../../../../schemas/widgets.ts'
import { formatCell, formatMoney, negative, type Row } from '../lib/tableModel.ts'
import { CARDS_PAGE, cardColumns } from '../lib/tableCards.ts'
import { CellValue } from './CellValue.tsx'
import { RowActions } from './RowActions.tsx'
import { TickBox } from './TickBox.tsx'
import type { Ticks } from './useTicks.ts'
import { selectable } from '../lib/tableSelection.ts'

interface CardsProps {
  widget: TableWidget
  rows: readonly Row[]
  rowKey: (row: Row, index: number) => string
  sums: Record<string, number>
  cellsOf: (row: Row) => readonly string[]
  rowStyle: (row: Row) => CSSProperties | undefined
  t: TFunction
  onAction: (a: RowAction, row: Row) => void
  ticks?: Ticks | undefined
}

const figure = (value: unknown, c: TableColumn) => negative(value, c.type) ? 'rr-negative' : undefined

/** Label and value pairs of some of a row's columns; a cell's text is found by its column's place among the shown ones (at). */
function Fields ({ columns, at, row, cells, t, id }: { columns: readonly TableColumn[], at: (c: TableColumn) => number, row: Row, cells: readonly string[], t: TFunction, id?: string }) {
  return (
    <dl className='rr-card-fields' id={id}>
      {columns.map((c) => (
        <div key={c.field}>
          <dt>{t(c.labelKey)}</dt>
          <dd className={figure(row[c.field], c)}><CellValue column={c} value={row[c.field]} text={cells[at(c)] ?? ''} /></dd>
        </div>
      ))}
    </dl>
  )
}

/** One row as a card: its first column as the title, its key columns, the rest on expand, and every action it has. */
function Card ({ widget, row, cells, style, t, onAction, tick }: { widget: TableWidget, row: Row, cells: readonly string[], style: CSSProperties | undefined, t: TFunction, onAction: CardsProps['onAction'], tick?: { id: string, on: boolean, toggle: (id: string) => void } | undefined }) {
  const [open, setOpen] = useState(false)
  const moreId = useId()
  const { title, badges, key, rest } = cardColumns(widget.columns)
  const at = (c: TableColumn) => widget.columns.indexOf(c)
  const actions = widget.rowActions ?? []
  const tickable = tick !== undefined && selectable(widget.selectionActions ?? [], row)
  return (
    <li className='rr-card' style={style}>
      {tickable && <TickBox checked={tick.on} label={t('renderers.table.tickRow', { row: tick.id })} onChange={() => tick.toggle(tick.id)} />}
      {title && (
        <p className='rr-card-title'>
          <CellValue column={title} value={row[title.field]} text={cells[0] ?? ''} />
          {badges.map((c) => <span key={c.field} className='rr-card-badge' title={t(c.labelKey)}><CellValue column={c} value={row[c.field]} text={cells[at(c)] ?? ''} /></span>)}
        </p>
      )}
      <Fields columns={key} at={at} row={row} cells={cells} t={t} />
      {open && <Fields columns={rest} at={at} row={row} cells={cells} t={t} id={moreId} />}
      {(rest.length > 0 || actions.length > 0) && (
        <div className='rr-card-actions'>
          {rest.length > 0 && <Button size='xs' variant='subtle' className='rr-card-more' aria-expanded={open} aria-controls={open ? moreId : undefined} onClick={() => setOpen((o) => !o)}>{t(open ? 'renderers.table.less' : 'renderers.table.more', { count: rest.length })}</Button>}
          <RowActions actions={actions} row={row} t={t} onAction={onAction} size='xs' />
        </div>
      )}
    </li>
  )
}

/** A wide table on a phone: one card per row, drawn a page at a time (a button adds the next), the column sums in a last card. */
export function TableCards ({ widget, rows, rowKey, sums, cellsOf, rowStyle, t, onAction, ticks }: CardsProps) {
  const [count, setCount] = useState(CARDS_PAGE)
  const summed = widget.columns.filter((c) => sums[c.field] !== undefined)
  const left = rows.length - count
  return (
    <div className='rr-cards-box'>
      <ul className='rr-cards' aria-label={widget.titleKey ? t(widget.titleKey) : widget.id}>
        {rows.slice(0, count).map((row, i) => {
          const id = rowKey(row, i)
          return <Card key={id} widget={widget} row={row} cells={cellsOf(row)} style={rowStyle(row)} t={t} onAction={onAction} tick={ticks?.on ? { id, on: ticks.ticked.has(id), toggle: ticks.toggle } : undefined} />
        })}
      </ul>
      {left > 0 && <Button size='xs' variant='default' className='rr-cards-next' onClick={() => setCount((c) => c + CARDS_PAGE)}>{t('renderers.table.showMore', { count: Math.min(left, CARDS_PAGE) })}</Button>}
      {summed.length > 0 && (
        <div className='rr-card rr-card-total'>
          <p className='rr-card-title'>{t('renderers.total')}</p>
          <dl className='rr-card-fields'>
            {summed.map((c) => {
              const sum = sums[c.field]!
              return <div key={c.field}><dt>{t(c.labelKey)}</dt><dd className={figure(sum, c)} data-sum={c.field}>{c.type === 'money' ? formatMoney(sum) : formatCell(sum, c.type)}</dd></div>
            })}
          </dl>
        </div>
      )}
    </div>
  )
}
