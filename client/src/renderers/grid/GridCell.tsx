// One grid cell: shows its value (marked when changed or broken) and, while edited, the input its column's kind asks for.
import { useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { GridColumn } from '../../../../schemas/widgets.ts'
import { parseCell, type CellError } from '../lib/gridModel.ts'

/** How a cell's edit ended: committed (moving on with Tab, or staying) or cancelled with Escape. */
export type EditEnd = { commit: true, value: unknown, move?: 'next' | 'prev' | 'down' } | { commit: false }

/** The text a cell shows: a select's option label, a checkbox as a mark, numbers and text as they are. */
function shown (column: GridColumn, value: unknown, t: (key: string) => string): string {
  if (column.kind === 'checkbox') return value === true ? '✓' : '—'
  if (value === undefined || value === null) return ''
  const option = column.options?.find((o) => o.value === String(value))
  return option ? t(option.labelKey) : String(value)
}

/** The editor of one cell (text, number with its bounds and step, or select); Enter and Tab commit, Escape cancels. */
function CellEditor ({ column, value, label, onEnd }: { column: GridColumn, value: unknown, label: string, onEnd: (end: EditEnd) => void }) {
  const { t } = useTranslation()
  const [text, setText] = useState(value === undefined || value === null ? '' : String(value))
  // An edit ends once: the blur of an editor leaving the page after Enter or Escape changes nothing.
  const ended = useRef(false)
  const end = (how: EditEnd) => { if (!ended.current) { ended.current = true; onEnd(how) } }
  const commit = (move?: 'next' | 'prev' | 'down') => end({ commit: true, value: parseCell(column, text), move })
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); end({ commit: false }) }
    if (e.key === 'Enter') { e.preventDefault(); e.stopPropagation(); commit() }
    if (e.key === 'Tab') { e.preventDefault(); e.stopPropagation(); commit(e.shiftKey ? 'prev' : 'next') }
  }
  const common = { 'aria-label': label, autoFocus: true, onKeyDown, onBlur: () => commit(), className: 'rr-grid-input' }
  if (column.kind === 'select') {
    return (
      <select {...common} value={text} onChange={(e) => setText(e.target.value)}>
        {!column.required && <option value=''>{t('renderers.select.placeholder')}</option>}
        {(column.options ?? []).map((o) => <option key={o.value} value={o.value}>{t(o.labelKey)}</option>)}
      </select>
    )
  }
  if (column.kind === 'number') {
    return <input {...common} type='number' min={column.min} max={column.max} step={column.step ?? 'any'} value={text} onChange={(e) => setText(e.target.value)} />
  }
  return <input {...common} type='text' maxLength={column.maxLength} value={text} onChange={(e) => setText(e.target.value)} />
}

/** A grid cell in view or edit mode. */
export function GridCell ({ column, value, dirty, error, active, editing, cellId, label, onEnd, onPick, onEdit }: {
  column: GridColumn
  value: unknown
  dirty: boolean
  error: CellError | undefined
  active: boolean
  editing: boolean
  cellId: string
  label: string
  onEnd: (end: EditEnd) => void
  // A click or the focus (Tab into the grid, a script) makes the cell the active one; a double click edits it.
  onPick: () => void
  onEdit: () => void
}) {
  const { t } = useTranslation()
  const classes = ['rr-grid-cell', dirty && 'rr-grid-dirty', error && 'rr-grid-invalid', column.kind === 'readonly' && 'rr-grid-readonly'].filter(Boolean).join(' ')
  return (
    <td
      role='gridcell' className={classes} data-cell={cellId} tabIndex={active ? 0 : -1} style={{ width: column.width }}
      aria-invalid={error ? true : undefined} aria-readonly={column.kind === 'readonly' ? true : undefined}
      aria-checked={column.kind === 'checkbox' ? value === true : undefined}
      aria-describedby={error ? `${cellId}-error` : undefined} data-dirty={dirty || undefined}
      onClick={editing ? undefined : onPick} onFocus={editing ? undefined : onPick} onDoubleClick={editing ? undefined : onEdit}
    >
      {editing ? <CellEditor column={column} value={value} label={label} onEnd={onEnd} /> : <span className='rr-grid-value'>{shown(column, value, t)}</span>}
      {error && <span id={`${cellId}-error`} className='rr-grid-error'>{t(error.key, error.values)}</span>}
    </td>
  )
}
