import { useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table'
import type { GridColumn, GridWidget as GridDescriptor } from '../../../../schemas/widgets.ts'
import { useData } from '../lib/useData.ts'
import { cellValue, editable, errorKey, gridFieldLabel, isDirty, rowId } from '../lib/gridModel.ts'
import type { Row } from '../lib/tableModel.ts'
import { Spinner } from '../shared/Spinner.tsx'
import { Alert } from '../shared/Alert.tsx'
import { CallErrorAlert } from '../shared/CallErrorAlert.tsx'
import { useConfirm } from '../shared/useConfirm.tsx'
import { GridCell, type EditEnd } from './GridCell.tsx'
import { isResetCall, useGridState } from './useGridState.ts'

interface Position { r: number, c: number }

/** An editable grid bound to its endpoint: loading, error and empty states, then the cells, the row actions and the save bar. */
export function GridWidget ({ widget }: { widget: GridDescriptor }) {
  const { t } = useTranslation()
  const state = useData<unknown>(widget.data)
  const resetAction = widget.actions?.find((a) => a.kind === 'reset')
  const defaultsState = useData<unknown>(resetAction && !isResetCall(resetAction) ? resetAction.defaults : undefined)
  if (state.status === 'loading') return <Spinner />
  if (state.status === 'error') return <CallErrorAlert error={state.error} />
  if (state.data === undefined && (widget.data.requires?.length ?? 0) > 0) return null
  const rows = Array.isArray(state.data) ? state.data as Row[] : []
  const defaults = defaultsState.status === 'ready' && Array.isArray(defaultsState.data) ? defaultsState.data as Row[] : undefined
  return (
    <>
      {widget.titleKey && <h2 className='rr-table-title'>{t(widget.titleKey)}</h2>}
      {rows.length === 0
        ? <p className='rr-empty' data-widget-id={widget.id}>{t('renderers.noData')}</p>
        : <GridView widget={widget} rows={rows} defaults={defaults} />}
    </>
  )
}

const TANSTACK_COLUMNS = (columns: readonly GridColumn[]): ColumnDef<Row>[] => columns.map((c) => ({ id: c.field, accessorKey: c.field, size: c.width, meta: c }))

/** The grid itself: a WAI-ARIA grid (arrow keys between cells, Enter or F2 edits, Escape cancels, Tab commits and moves on). */
function GridView ({ widget, rows, defaults }: { widget: GridDescriptor, rows: readonly Row[], defaults: readonly Row[] | undefined }) {
  const { t } = useTranslation()
  const grid = useGridState(widget, rows, defaults)
  const confirm = useConfirm()
  const columns = useMemo(() => TANSTACK_COLUMNS(widget.columns), [widget.columns])
  const table = useReactTable({ data: rows as Row[], columns, getCoreRowModel: getCoreRowModel(), getRowId: (row) => rowId(row, widget.rowKey) })
  const [active, setActive] = useState<Position>({ r: 0, c: 0 })
  const [editing, setEditing] = useState<Position | null>(null)
  const [blocked, setBlocked] = useState(false)
  const body = useRef<HTMLTableSectionElement>(null)
  const readOnly = !grid.save && !grid.reset
  const canEdit = (c: number) => Boolean(grid.save) && widget.columns[c] !== undefined && editable(widget.columns[c]!)
  const focus = (p: Position) => {
    setActive(p)
    body.current?.querySelector<HTMLElement>(`[data-cell="${widget.id}-${p.r}-${p.c}"]`)?.focus()
  }
  const last = { r: rows.length - 1, c: widget.columns.length - 1 }
  const move = (p: Position, dr: number, dc: number): Position => ({ r: Math.min(last.r, Math.max(0, p.r + dr)), c: Math.min(last.c, Math.max(0, p.c + dc)) })
  // The next (or previous) editable cell in reading order, for Tab while editing.
  const nextEditable = (p: Position, dir: 1 | -1): Position | null => {
    let i = p.r * widget.columns.length + p.c
    for (i += dir; i >= 0 && i < rows.length * widget.columns.length; i += dir) {
      const q = { r: Math.floor(i / widget.columns.length), c: i % widget.columns.length }
      if (canEdit(q.c)) return q
    }
    return null
  }
  const rowAt = (r: number) => table.getRowModel().rows[r]?.original
  const toggle = (p: Position) => {
    const row = rowAt(p.r)
    const column = widget.columns[p.c]
    if (row && column) grid.setCell(row, column.field, !(cellValue(row, grid.drafts, rowId(row, widget.rowKey), column.field) === true))
  }
  const startEdit = (p: Position) => {
    if (!canEdit(p.c)) return
    if (widget.columns[p.c]!.kind === 'checkbox') toggle(p)
    else setEditing(p)
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (editing) return
    const steps: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }
    const step = steps[e.key]
    if (step) { e.preventDefault(); focus(move(active, step[0], step[1])); return }
    if (e.key === 'Home' || e.key === 'End') { e.preventDefault(); focus({ r: e.ctrlKey ? (e.key === 'Home' ? 0 : last.r) : active.r, c: e.key === 'Home' ? 0 : last.c }); return }
    if (e.key === 'Enter' || e.key === 'F2' || (e.key === ' ' && widget.columns[active.c]?.kind === 'checkbox')) { e.preventDefault(); startEdit(active) }
  }
  const onEnd = (p: Position, end: EditEnd) => {
    setEditing(null)
    const row = rowAt(p.r)
    const column = widget.columns[p.c]
    if (end.commit && row && column) grid.setCell(row, column.field, end.value)
    const next = end.commit && end.move ? nextEditable(p, end.move === 'prev' ? -1 : 1) : null
    if (next) { focus(next); setEditing(next) } else focus(p)
  }
  const saveAll = () => setBlocked(!grid.saveRows())
  const actionsShown = Boolean((grid.save && grid.save.mode === 'row') || grid.reset)
  return (
    <div className='rr-grid-wrap' data-widget-id={widget.id}>
      <p className='rr-grid-hint' id={`${widget.id}-hint`}>{t('renderers.grid.hint')}</p>
      {confirm.dialog}
      {grid.saving.error && <CallErrorAlert error={grid.saving.error} labelField={(path) => gridFieldLabel(widget.columns, path, t)} />}
      {grid.resetting.error && <CallErrorAlert error={grid.resetting.error} />}
      {blocked && grid.errors.size > 0 && <Alert type='error' message='renderers.grid.invalid' />}
      {grid.saved && grid.changeCount === 0 && <Alert type='success' message={grid.saved} />}
      <table role='grid' className='rr-grid' aria-readonly={readOnly || undefined} aria-describedby={`${widget.id}-hint`} aria-rowcount={rows.length + 1}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((h) => <th key={h.id} scope='col' style={{ width: h.getSize() }}>{t((h.column.columnDef.meta as GridColumn).labelKey)}</th>)}
              {actionsShown && <th scope='col'>{t('renderers.actions')}</th>}
            </tr>
          ))}
        </thead>
        <tbody ref={body} onKeyDown={onKeyDown}>
          {table.getRowModel().rows.map((tr, r) => {
            const id = tr.id
            const row = tr.original
            const rowDirty = grid.drafts[id] !== undefined
            return (
              <tr key={id} className={rowDirty ? 'rr-grid-row-dirty' : undefined}>
                {widget.columns.map((column, c) => (
                  <GridCell
                    key={column.field} column={grid.save ? column : { ...column, kind: column.kind === 'checkbox' ? 'checkbox' : 'readonly' }}
                    value={cellValue(row, grid.drafts, id, column.field)} dirty={isDirty(grid.drafts, id, column.field)}
                    error={grid.errors.get(errorKey(id, column.field))} active={active.r === r && active.c === c}
                    editing={editing?.r === r && editing.c === c} cellId={`${widget.id}-${r}-${c}`}
                    label={`${t(column.labelKey)} ${String(row[widget.rowKey] ?? '')}`}
                    onEnd={(end) => onEnd({ r, c }, end)} onPick={() => setActive({ r, c })} onEdit={() => { setActive({ r, c }); startEdit({ r, c }) }}
                  />
                ))}
                {actionsShown && (
                  <td className='rr-grid-actions'>
                    {grid.save?.mode === 'row' && (
                      <button type='button' disabled={!rowDirty || grid.saving.isPending} onClick={() => setBlocked(!grid.saveRows(id))}>{t(grid.save.labelKey)}</button>
                    )}
                    {grid.reset && (
                      <button type='button' disabled={grid.resetting.isPending || (!isResetCall(grid.reset) && !defaults)} onClick={() => grid.resetRow(row, (key) => confirm.ask(key, grid.reset?.labelKey ?? key))}>
                        {t(grid.reset.labelKey)}
                      </button>
                    )}
                  </td>
                )}
              </tr>
            )
          })}
        </tbody>
      </table>
      {grid.save && (
        <div className='rr-grid-bar' role='toolbar' aria-label={t(grid.save.labelKey)}>
          <span className='rr-grid-changes' aria-live='polite'>{grid.changeCount > 0 ? t('renderers.grid.changes', { count: grid.changeCount }) : t('renderers.grid.noChanges')}</span>
          {grid.saving.isPending && <Spinner />}
          {grid.save.mode === 'all' && <button type='button' disabled={grid.changeCount === 0 || grid.saving.isPending} onClick={saveAll}>{t(grid.save.labelKey)}</button>}
          <button type='button' disabled={grid.changeCount === 0 || grid.saving.isPending} onClick={() => { setBlocked(false); grid.discard() }}>{t('renderers.grid.discard')}</button>
        </div>
      )}
    </div>
  )
}
