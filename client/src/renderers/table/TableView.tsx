import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react'
import type { Header, SortingState, Table } from '@tanstack/react-table'
import { useVirtualizer } from '@tanstack/react-virtual'
import { Button } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import type { RowAction, SelectionAction, TableColumn, TableWidget } from '../../../../schemas/widgets.ts'
import { ACTIONS_WIDTH, cellText, drawColour, fillPath, formatCell, formatMoney, negative, textual, type Row } from '../lib/tableModel.ts'
import { wantsCards } from '../lib/tableCards.ts'
import { CHOOSER_MIN_COLUMNS } from '../lib/columnChoice.ts'
import { useViewportWidth } from '../lib/useViewport.ts'
import { useRenderer } from '../context.tsx'
import { ROW_HEIGHT, useTableState } from './useTableState.ts'
import { useColumnChoice } from './useColumnChoice.ts'
import { CellValue } from './CellValue.tsx'
import { ColumnChooser } from './ColumnChooser.tsx'
import { RowActions } from './RowActions.tsx'
import { TableCards } from './TableCards.tsx'
import { TickBox } from './TickBox.tsx'
import { SelectionBar } from './SelectionBar.tsx'
import { useTicks, type Ticks } from './useTicks.ts'
import { selectable } from '../lib/tableSelection.ts'
import { fieldText } from '../lib/codedMessage.ts'
import './table.css'

type Translate = TFunction
const align = (c: TableColumn) => textual(c.type) || c.type === 'date' ? 'left' : 'right'
const cellStyle = (c: TableColumn, width = c.width): CSSProperties => ({ width, minWidth: width, textAlign: align(c) })
// Negative figures are marked (besides their minus sign) so losses stand out.
const figureClass = (value: unknown, c: TableColumn) => negative(value, c.type) ? 'rr-negative' : undefined
// The box is as tall as its rows (and header, footer, edges), up to the descriptor's height and the window's (less the shell around it), then scrolls.
const boxHeight = (content: number, height: number | undefined) => `min(${content}px, max(200px, min(${height === undefined ? '' : `${height}px, `}100dvh - 160px)))`
// The actions column's width is set once on the table (--rr-actions-width: the widest set of buttons a row shows).
const ACTIONS_VAR = `var(--rr-actions-width, ${ACTIONS_WIDTH}px)`
const actionStyle = { width: ACTIONS_VAR, minWidth: ACTIONS_VAR } as const
// The tick column of a table with selection actions: one checkbox wide.
export const TICK_WIDTH = 36
const tickStyle = { width: TICK_WIDTH, minWidth: TICK_WIDTH, textAlign: 'center' } as const
// Rows drawn beyond each edge of the view: enough for a frame of fast scrolling, few enough to keep the DOM small.
const OVERSCAN = 6
const NO_SELECTION: readonly SelectionAction[] = []

/** Each row's cell texts, formatted once per row and language: rows scrolled back into view reuse them. */
function useCellTexts (columns: readonly TableColumn[], t: Translate): (row: Row) => readonly string[] {
  const { i18n } = useTranslation()
  return useMemo(() => {
    const cache = new WeakMap<Row, readonly string[]>()
    // A job's message in a cell (Message beside MessageCode and MessageValues) in the user's language.
    const say = (row: Row, field: string) => fieldText(i18n, row, field)
    return (row: Row) => {
      let texts = cache.get(row)
      if (!texts) {
        texts = columns.map((c) => cellText(row, c, t, say))
        cache.set(row, texts)
      }
      return texts
    }
  }, [columns, t, i18n])
}

function rowColour (widget: TableWidget, row: Row) {
  const bg = widget.drawColourField ? drawColour(row[widget.drawColourField]) : undefined
  return bg ? { backgroundColor: bg } : undefined
}

function SortMark ({ header }: { header: Header<Row, unknown> }) {
  const dir = header.column.getIsSorted()
  return <span aria-hidden='true'>{dir === 'asc' ? ' ▲' : dir === 'desc' ? ' ▼' : ''}</span>
}

/** The sticky header row: sortable columns are buttons, aria-sort tells the direction. Memoised: scrolling does not redraw it (sorting, a prop, does). */
const HeaderRows = memo(function HeaderRows ({ table, hasActions, t, styles, ticks }: { table: Table<Row>, sorting: SortingState, hasActions: boolean, t: Translate, styles: readonly CSSProperties[], ticks?: Pick<Ticks, 'all' | 'toggleAll'> | undefined }) {
  return (
    <thead className='rr-thead' style={{ display: 'grid', position: 'sticky', top: 0, zIndex: 1 }}>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id} style={{ display: 'flex' }}>
          {ticks && <th className='rr-tick-cell' style={tickStyle}><TickBox checked={ticks.all} label={t('renderers.table.tickAll')} onChange={() => ticks.toggleAll()} /></th>}
          {group.headers.map((header, i) => {
            const c = header.column.columnDef.meta as TableColumn
            const sorted = header.column.getIsSorted()
            return (
              <th key={header.id} style={styles[i]} title={t(c.labelKey)} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}>
                {header.column.getCanSort()
                  ? <button type='button' className='rr-sort' onClick={header.column.getToggleSortingHandler()}>{t(c.labelKey)}<SortMark header={header} /></button>
                  : t(c.labelKey)}
              </th>
            )
          })}
          {hasActions && <th className='rr-actions-head' style={actionStyle}>{t('renderers.actions')}</th>}
        </tr>
      ))}
    </thead>
  )
})

// tick: the row's key and whether it is ticked, in a table with selection actions (print leaves it out).
interface BodyRowProps { widget: TableWidget, row: Row, cells: readonly string[], styles: readonly CSSProperties[], index: number, start?: number, t: Translate, onAction: (a: RowAction, row: Row) => void, tick?: { id: string, on: boolean, toggle: (id: string) => void } | undefined }

/** One body row; memoised (its cell texts come formatted and cached), so scrolling draws only the rows that come into view. */
const BodyRow = memo(function BodyRow ({ widget, row, cells, styles, index, start, t, onAction, tick }: BodyRowProps) {
  const actions = widget.rowActions ?? []
  const style = start === undefined
    ? rowColour(widget, row)
    : { transform: `translateY(${start}px)`, ...rowColour(widget, row) }
  return (
    <tr data-index={index} className={start === undefined ? undefined : 'rr-vrow'} style={style}>
      {tick && (
        <td className='rr-tick-cell' style={tickStyle}>
          {selectable(widget.selectionActions ?? [], row) && <TickBox checked={tick.on} label={t('renderers.table.tickRow', { row: tick.id })} onChange={() => tick.toggle(tick.id)} />}
        </td>
      )}
      {widget.columns.map((c, i) => <td key={c.field} style={styles[i]} className={figureClass(row[c.field], c)}><CellValue column={c} value={row[c.field]} text={cells[i] ?? ''} /></td>)}
      {actions.length > 0 && <td className='rr-row-actions' style={actionStyle}><RowActions actions={actions} row={row} t={t} onAction={onAction} /></td>}
    </tr>
  )
})

/** The footer row with the column sums (money with exactly 2 decimals); memoised so scrolling does not redraw it. */
const FooterRow = memo(function FooterRow ({ widget, sums, flex, styles, t, ticks = false }: { widget: TableWidget, sums: Record<string, number>, flex: boolean, styles: readonly CSSProperties[], t: Translate, ticks?: boolean }) {
  return (
    <tr style={flex ? { display: 'flex' } : undefined}>
      {ticks && <td style={tickStyle} />}
      {widget.columns.map((c, i) => {
        const sum = sums[c.field]
        return (
          <td key={c.field} style={styles[i]} className={figureClass(sum, c)} data-sum={c.field}>
            {sum !== undefined ? (c.type === 'money' ? formatMoney(sum) : formatCell(sum, c.type)) : i === 0 ? t('renderers.total') : ''}
          </td>
        )
      })}
      {(widget.rowActions?.length ?? 0) > 0 && <td style={actionStyle} />}
    </tr>
  )
})

interface ScrollTableProps {
  widget: TableWidget
  rows: readonly Row[]
  rowKey: (row: Row, index: number) => string
  table: Table<Row>
  sorting: SortingState
  sums: Record<string, number>
  hasSums: boolean
  width: number
  actionsWidth: number
  styles: readonly CSSProperties[]
  cellsOf: (row: Row) => readonly string[]
  t: Translate
  onAction: (a: RowAction, row: Row) => void
  onRoom: (width: number) => void
  ticks: Ticks
}

/** The scrolling part: it alone holds the virtualizer, so a scroll redraws this component (and only new rows), not the toolbar around it. */
const ScrollTable = memo(function ScrollTable ({ widget, rows, rowKey, table, sorting, sums, hasSums, width, actionsWidth, styles, cellsOf, t, onAction, onRoom, ticks }: ScrollTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: OVERSCAN })
  const hasActions = (widget.rowActions?.length ?? 0) > 0
  // The box's height besides its rows: the (wrapping) header, the footer, the borders and a horizontal scrollbar. Set, not
  // left to the content, so the box keeps its size containment and a scroll frame lays out only the rows inside it.
  const [chrome, setChrome] = useState(ROW_HEIGHT)
  useLayoutEffect(() => {
    const box = scrollRef.current
    const table = box?.firstElementChild
    if (!box || !(table instanceof HTMLTableElement)) return
    const measure = () => {
      setChrome((table.tHead?.offsetHeight ?? 0) + (table.tFoot?.offsetHeight ?? 0) + box.offsetHeight - box.clientHeight)
      onRoom(box.clientWidth)
    }
    measure()
    const observer = new ResizeObserver(measure)
    for (const part of [box, table.tHead, table.tFoot]) if (part) observer.observe(part)
    return () => observer.disconnect()
  }, [hasSums, onRoom])
  return (
    <div ref={scrollRef} className='rr-table-scroll' style={{ height: boxHeight(chrome + virtualizer.getTotalSize(), widget.height) }} tabIndex={0} role='region' aria-label={widget.id}>
      <table className='rr-table' style={{ width: `max(100%, ${width}px)`, display: 'grid', '--rr-actions-width': `${actionsWidth}px` } as CSSProperties}>
        <HeaderRows table={table} sorting={sorting} hasActions={hasActions} t={t} styles={styles} ticks={ticks.on ? ticks : undefined} />
        <tbody style={{ display: 'grid', height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!
            const id = rowKey(row, item.index)
            return <BodyRow key={id} widget={widget} row={row} cells={cellsOf(row)} styles={styles} index={item.index} start={item.start} t={t} onAction={onAction} tick={ticks.on ? { id, on: ticks.ticked.has(id), toggle: ticks.toggle } : undefined} />
          })}
        </tbody>
        {hasSums && <tfoot className='rr-tfoot' style={{ display: 'grid', position: 'sticky', bottom: 0 }}><FooterRow widget={widget} sums={sums} flex styles={styles} t={t} ticks={ticks.on} /></tfoot>}
      </table>
    </div>
  )
})

/** A virtualised table of rows in a box that fits them: sticky wrapping header, widths from the descriptor and the labels, horizontal scroll, footer sums, row actions, exports, print view. */
export function TableView ({ widget, rows, serverSums, total, onAction, onSelection }: { widget: TableWidget, rows: readonly Row[], serverSums?: Readonly<Record<string, unknown>>, total?: number, onAction?: (action: RowAction, row: Row) => void, onSelection?: (action: SelectionAction, rows: readonly Row[], done: () => void) => void }) {
  const { t } = useTranslation()
  const { navigate, mobile } = useRenderer()
  const { shown, hidden, toggle } = useColumnChoice(widget)
  // The table as drawn: the descriptor with the columns this user shows.
  const view = useMemo(() => ({ ...widget, columns: shown }), [widget, shown])
  const cellsOf = useCellTexts(view.columns, t)
  // The scrolling box's inner width, once drawn: the columns shrink toward their content to fit it.
  const [room, setRoom] = useState(0)
  const selection = widget.selectionActions ?? NO_SELECTION
  const tickColumn = selection.length > 0 ? TICK_WIDTH : 0
  const { table, sorting, rows: sorted, rowKey, sums, hasSums, width: columnsWidth, natural: columnsNatural, widths, actionsColumn, exportCsv, exportAra } = useTableState(view, widget.columns, rows, serverSums, { room: room - tickColumn, cellsOf })
  const width = columnsWidth + tickColumn
  const natural = columnsNatural + tickColumn
  const ticks = useTicks(selection, sorted, rowKey)
  const styles = useMemo(() => view.columns.map((c, i) => cellStyle(c, widths[i])), [view.columns, widths])
  const cards = wantsCards(mobile, natural, useViewportWidth())
  const rowStyle = useCallback((row: Row) => rowColour(widget, row), [widget])
  const [printing, setPrinting] = useState(false)
  const actionRef = useRef(onAction)
  actionRef.current = onAction
  // One stable handler for every row, so memoised rows do not redraw when the parent does.
  const [runAction] = useState(() => (action: RowAction, row: Row) => {
    if (action.kind === 'link') navigate(fillPath(action.to, row))
    else actionRef.current?.(action, row)
  })

  useEffect(() => {
    if (!printing) return
    document.body.classList.add('rr-printing')
    const done = () => setPrinting(false)
    window.addEventListener('afterprint', done)
    window.print()
    return () => { window.removeEventListener('afterprint', done); document.body.classList.remove('rr-printing') }
  }, [printing])

  return (
    <section className='rr-table-widget' data-widget-id={widget.id} data-printing={printing || undefined}>
      <div className='rr-toolbar' data-print='hide'>
        {widget.export?.csv && <Button size='xs' variant='default' onClick={exportCsv}>{t('renderers.exportCsv')}</Button>}
        {widget.export?.ara && <Button size='xs' variant='default' onClick={exportAra}>{t('renderers.exportAra')}</Button>}
        {widget.print && <Button size='xs' variant='default' onClick={() => setPrinting(true)}>{t('renderers.print')}</Button>}
        {ticks.on && onSelection && <SelectionBar actions={selection} ticks={ticks} t={t} onSelection={onSelection} />}
        {widget.columns.length >= CHOOSER_MIN_COLUMNS && <ColumnChooser columns={widget.columns} hidden={hidden} toggle={toggle} t={t} />}
        {total !== undefined && total > sorted.length
          ? <span className='rr-count' data-row-count={sorted.length} data-total={total}>{t('renderers.showingOf', { shown: sorted.length.toLocaleString('en-US'), total: total.toLocaleString('en-US') })}</span>
          : <span className='rr-count' data-row-count={sorted.length}>{sorted.length}</span>}
      </div>
      {printing
        ? (
          <table className='rr-print-table'>
            <thead><tr>{view.columns.map((c) => <th key={c.field}>{t(c.labelKey)}</th>)}</tr></thead>
            <tbody>{sorted.map((r, i) => <BodyRow key={rowKey(r, i)} widget={view} row={r} cells={cellsOf(r)} styles={styles} index={i} t={t} onAction={runAction} />)}</tbody>
            {hasSums && <tfoot className='rr-tfoot'><FooterRow widget={view} sums={sums} flex={false} styles={styles} t={t} /></tfoot>}
          </table>
          )
        : cards
          ? <TableCards widget={view} rows={sorted} rowKey={rowKey} sums={sums} cellsOf={cellsOf} rowStyle={rowStyle} t={t} onAction={runAction} ticks={ticks} />
          : <ScrollTable widget={view} rows={sorted} rowKey={rowKey} table={table} sorting={sorting} sums={sums} hasSums={hasSums} width={width} actionsWidth={actionsColumn} styles={styles} cellsOf={cellsOf} t={t} onAction={runAction} onRoom={setRoom} ticks={ticks} />}
    </section>
  )
}
