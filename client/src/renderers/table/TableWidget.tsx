import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { FormAction, HttpMethod, RowAction, SelectionAction, TableWidget as TableDescriptor } from '../../../../schemas/widgets.ts'
import { callData } from '../../lib/api.ts'
import { useApiMutation } from '../../lib/queries.ts'
import { useRenderer } from '../context.tsx'
import { useFailureShownAbove } from '../SharedReads.tsx'
import { useData } from '../lib/useData.ts'
import { getPath, readsFilters, withQuery } from '../lib/binding.ts'
import { fillPath, rowParams, type Row } from '../lib/tableModel.ts'
import { Spinner } from '../shared/Spinner.tsx'
import { CallErrorAlert } from '../shared/CallErrorAlert.tsx'
import { Alert } from '../shared/Alert.tsx'
import { successValues } from '../lib/formSubmit.ts'
import { useConfirm } from '../shared/useConfirm.tsx'
import { TableView } from './TableView.tsx'
import { FormDialog } from '../actions/FormDialog.tsx'
import { useLiveRefresh } from './useLiveRefresh.ts'
import { useDownload } from '../lib/useDownload.ts'
import { selectionTarget } from '../lib/tableSelection.ts'

/** One write of the table (a row's call, an action on the ticked rows): its parameters go in the query of a GET or DELETE (lists joined by commas), the body otherwise. */
interface TableCall { method: HttpMethod, endpoint: string, params?: Record<string, string | number | boolean | ReadonlyArray<string | number | boolean>> }
/** What a table's write said it did: its message key and the values read from the answer. */
interface Said { key: string, values: ReturnType<typeof successValues> }

const queryOf = (params: NonNullable<TableCall['params']>) => Object.fromEntries(Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v as string | number | boolean]))

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
  const failureShownAbove = useFailureShownAbove(widget.id)
  useLiveRefresh(widget.live, widget.data.endpoint)
  // A row's form action open in a dialog (its save reloads this table through the write's invalidation).
  const [editing, setEditing] = useState<{ action: FormAction, row: Row } | null>(null)
  const closeEditing = useCallback(() => setEditing(null), [])
  // A write of the table (a row's call, an action on the ticked rows) that reads the page's data again once it succeeds.
  const tableCall = useApiMutation(({ method, endpoint, params }: TableCall) =>
    method === 'GET' || method === 'DELETE'
      ? callData(method, withQuery(endpoint, queryOf(params ?? {})))
      : callData(method, endpoint, params))
  // The last write's message, cleared when the next one starts.
  const [said, setSaid] = useState<Said | null>(null)
  const write = (call: TableCall, action: { successKey?: string, successValues?: Record<string, string> }, done?: () => void) => {
    setSaid(null)
    tableCall.mutate(call, { onSuccess: (data) => { setSaid({ key: action.successKey ?? 'renderers.done', values: successValues(data, action.successValues) }); done?.() } })
  }
  const download = useDownload()
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
    if (action.kind === 'download') {
      download.mutate({ method: action.method, endpoint: fillPath(action.endpoint, row), params: rowParams(action.rowParams, row), fileName: action.fileName })
      return
    }
    if (action.kind !== 'call') return
    if (action.confirmKey && !(await confirm.ask(action.confirmKey, action.labelKey))) return
    write({ method: action.method, endpoint: fillPath(action.endpoint, row), ...(action.rowParams ? { params: rowParams(action.rowParams, row) } : {}) }, action)
  }
  // An action on the ticked rows: the same confirmation and write as a row's call, with their values as one list; done clears the ticks.
  const onSelection = async (action: SelectionAction, ticked: readonly Row[], done: () => void) => {
    const { values, ready } = selectionTarget(action, ticked)
    if (!ready) return
    if (action.confirmKey && !(await confirm.ask(action.confirmKey, action.labelKey))) return
    write({ method: action.method, endpoint: action.endpoint, params: { [action.param]: values } }, action, done)
  }
  if (state.status === 'loading') return <Spinner />
  // A call an earlier widget of the page also makes has its failure said there, once.
  if (state.status === 'error') return failureShownAbove ? null : <CallErrorAlert error={state.error} />
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
      {tableCall.error && <CallErrorAlert error={tableCall.error} />}
      {said && !tableCall.isPending && !tableCall.error && <Alert type='success' message={said.key} values={said.values} />}
      {download.error && <CallErrorAlert error={download.error} />}
      {rows.length === 0
        ? <EmptyTable widget={widget} />
        : <TableView widget={widget} rows={rows} onAction={onAction} onSelection={onSelection} total={Number.isFinite(total) ? total : undefined} serverSums={sums && typeof sums === 'object' ? sums as Record<string, unknown> : undefined} />}
      {paging}
      {confirm.dialog}
      {editing && <FormDialog action={editing.action} row={editing.row} onClose={closeEditing} />}
    </>
  )
}
