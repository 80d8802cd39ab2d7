import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { FormAction, RowAction, TableWidget as TableDescriptor } from '../../../../schemas/widgets.ts'
import { callData } from '../../lib/api.ts'
import { useApiMutation } from '../../lib/queries.ts'
import { useRenderer } from '../context.tsx'
import { useData } from '../lib/useData.ts'
import { getPath, readsFilters, withQuery } from '../lib/binding.ts'
import { fillPath, rowParams, type Row } from '../lib/tableModel.ts'
import { Spinner } from '../shared/Spinner.tsx'
import { CallErrorAlert } from '../shared/CallErrorAlert.tsx'
import { useConfirm } from '../shared/useConfirm.tsx'
import { TableView } from './TableView.tsx'
import { FormDialog } from '../actions/FormDialog.tsx'
import { useLiveRefresh } from './useLiveRefresh.ts'

/** No rows: a table that reads the page's filters says to change them, any other says where its rows come from and when. */
function EmptyTable ({ widget }: { widget: TableDescriptor }) {
  const { t } = useTranslation()
  if (readsFilters(widget.data)) return <p className='rr-empty' data-widget-id={widget.id}>{t('app.noDataFiltered')}</p>
  return (
    <div className='rr-empty' data-widget-id={widget.id}>
      <strong>{t('renderers.noData')}</strong>
      <span>{t('renderers.table.emptyHint')}</span>
    </div>
  )
}

/** A table bound to its endpoint: loading, error and empty ("No data.", or what to change when it reads filters) states, then the virtualised view. */
export function TableWidget ({ widget }: { widget: TableDescriptor }) {
  const { t } = useTranslation()
  const { filters, applyFilters } = useRenderer()
  // Cursor paging: the cursor of the page shown (none: the first). The whole answer is read when it holds more than the
  // rows: the next cursor, the count of every row, the server's sums.
  const [cursor, setCursor] = useState<string | undefined>(undefined)
  const whole = Boolean(widget.paging ?? widget.totalPath ?? widget.sumsPath)
  const binding = useMemo(() => {
    if (!whole) return widget.data
    const params = cursor === undefined || !widget.paging ? widget.data.params : { ...widget.data.params, [widget.paging.param]: { from: 'const' as const, value: cursor } }
    return { ...widget.data, params, dataPath: undefined }
  }, [widget.data, widget.paging, whole, cursor])
  const state = useData<unknown>(binding)
  useLiveRefresh(widget.live, widget.data.endpoint)
  // A row's form action open in a dialog (its save reloads this table through the write's invalidation).
  const [editing, setEditing] = useState<{ action: FormAction, row: Row } | null>(null)
  const closeEditing = useCallback(() => setEditing(null), [])
  // A row's call action: a write that reads the page's data again once it succeeds.
  const rowCall = useApiMutation(({ action, row }: { action: Extract<RowAction, { kind: 'call' }>, row: Row }) => {
    const endpoint = fillPath(action.endpoint, row)
    const params = rowParams(action.rowParams, row)
    return action.method === 'GET' || action.method === 'DELETE'
      ? callData(action.method, withQuery(endpoint, params))
      : callData(action.method, endpoint, action.rowParams ? params : undefined)
  })
  const confirm = useConfirm()
  const onAction = async (action: RowAction, row: Row) => {
    if (action.kind === 'choose') {
      // The row's values become page filters, which the widgets bound to them (a job, a detail table) read.
      const chosen: Record<string, unknown> = {}
      for (const [name, field] of Object.entries(action.set)) chosen[name] = row[field]
      applyFilters({ ...filters, ...chosen })
      return
    }
    if (action.kind === 'form') { setEditing({ action, row }); return }
    if (action.kind !== 'call') return
    if (action.confirmKey && !(await confirm.ask(action.confirmKey, action.labelKey))) return
    rowCall.mutate({ action, row })
  }
  if (state.status === 'loading') return <Spinner />
  if (state.status === 'error') return <CallErrorAlert error={state.error} />
  // A binding still waiting for a required parameter (no ticket chosen yet): nothing to show, as content widgets do.
  if (state.data === undefined && (widget.data.requires?.length ?? 0) > 0) return null
  const found = whole ? getPath(state.data, widget.data.dataPath) : state.data
  const rows = Array.isArray(found) ? found as Row[] : []
  const total = widget.totalPath ? Number(getPath(state.data, widget.totalPath)) : NaN
  const sums = widget.sumsPath ? getPath(state.data, widget.sumsPath) : undefined
  const next = widget.paging ? getPath(state.data, widget.paging.nextPath) : undefined
  const paging = widget.paging && (
    <nav className='rr-paging'>
      {cursor !== undefined && <button type='button' onClick={() => setCursor(undefined)}>{t('renderers.firstPage')}</button>}
      {typeof next === 'string' && next !== '' && <button type='button' onClick={() => setCursor(next)}>{t('renderers.nextPage')}</button>}
    </nav>
  )
  return (
    <>
      {widget.titleKey && <h2 className='rr-table-title'>{t(widget.titleKey)}</h2>}
      {rowCall.error && <CallErrorAlert error={rowCall.error} />}
      {rows.length === 0
        ? <EmptyTable widget={widget} />
        : <TableView widget={widget} rows={rows} onAction={onAction} total={Number.isFinite(total) ? total : undefined} serverSums={sums && typeof sums === 'object' ? sums as Record<string, unknown> : undefined} />}
      {paging}
      {confirm.dialog}
      {editing && <FormDialog action={editing.action} row={editing.row} onClose={closeEditing} />}
    </>
  )
}
