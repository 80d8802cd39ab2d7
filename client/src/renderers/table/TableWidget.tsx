import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { RowAction, TableWidget as TableDescriptor } from '../../../../schemas/widgets.ts'
import { useRenderer } from '../context.tsx'
import { useData } from '../lib/useData.ts'
import { getPath, withQuery } from '../lib/binding.ts'
import { fillPath, rowParams, type Row } from '../lib/tableModel.ts'
import type { CallError } from '../lib/errors.ts'
import { Spinner } from '../shared/Spinner.tsx'
import { CallErrorAlert } from '../shared/CallErrorAlert.tsx'
import { TableView } from './TableView.tsx'

/** A table bound to its endpoint: loading, error and empty ("No data.") states, then the virtualised view. */
export function TableWidget ({ widget }: { widget: TableDescriptor }) {
  const { t } = useTranslation()
  const { call, reloadAll, filters, applyFilters } = useRenderer()
  // Cursor paging: the cursor of the page shown (none: the first); the whole answer is read so its next cursor is found.
  const [cursor, setCursor] = useState<string | undefined>(undefined)
  const binding = useMemo(() => {
    if (!widget.paging) return widget.data
    const params = cursor === undefined ? widget.data.params : { ...widget.data.params, [widget.paging.param]: { from: 'const' as const, value: cursor } }
    return { ...widget.data, params, dataPath: undefined }
  }, [widget.data, widget.paging, cursor])
  const state = useData<unknown>(binding)
  const [actionError, setActionError] = useState<CallError | null>(null)
  const onAction = (action: RowAction, row: Row) => {
    if (action.kind === 'choose') {
      // The row's values become page filters, which the widgets bound to them (a job, a detail table) read.
      const chosen: Record<string, unknown> = {}
      for (const [name, field] of Object.entries(action.set)) chosen[name] = row[field]
      applyFilters({ ...filters, ...chosen })
      return
    }
    if (action.kind !== 'call') return
    if (action.confirmKey && !window.confirm(t(action.confirmKey))) return
    setActionError(null)
    const endpoint = fillPath(action.endpoint, row)
    const params = rowParams(action.rowParams, row)
    const request = action.method === 'GET' || action.method === 'DELETE'
      ? call(action.method, withQuery(endpoint, params))
      : call(action.method, endpoint, action.rowParams ? params : undefined)
    request.then(reloadAll, (e: CallError) => setActionError(e))
  }
  if (state.status === 'loading') return <Spinner />
  if (state.status === 'error') return <CallErrorAlert error={state.error} />
  // A binding still waiting for a required parameter (no ticket chosen yet): nothing to show, as content widgets do.
  if (state.data === undefined && (widget.data.requires?.length ?? 0) > 0) return null
  const found = widget.paging ? getPath(state.data, widget.data.dataPath) : state.data
  const rows = Array.isArray(found) ? found as Row[] : []
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
      {actionError && <CallErrorAlert error={actionError} />}
      {rows.length === 0
        ? <p className='rr-empty' data-widget-id={widget.id}>{t('renderers.noData')}</p>
        : <TableView widget={widget} rows={rows} onAction={onAction} />}
      {paging}
    </>
  )
}
