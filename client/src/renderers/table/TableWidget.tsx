import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { RowAction, TableWidget as TableDescriptor } from '../../../../schemas/widgets.ts'
import { useRenderer } from '../context.tsx'
import { useData } from '../lib/useData.ts'
import { fillPath, type Row } from '../lib/tableModel.ts'
import type { CallError } from '../lib/errors.ts'
import { Spinner } from '../shared/Spinner.tsx'
import { CallErrorAlert } from '../shared/CallErrorAlert.tsx'
import { TableView } from './TableView.tsx'

/** A table bound to its endpoint: loading, error and empty ("No data.") states, then the virtualised view. */
export function TableWidget ({ widget }: { widget: TableDescriptor }) {
  const { t } = useTranslation()
  const { call, reloadAll } = useRenderer()
  const state = useData<unknown>(widget.data)
  const [actionError, setActionError] = useState<CallError | null>(null)
  const onAction = (action: RowAction, row: Row) => {
    if (action.kind !== 'call') return
    if (action.confirmKey && !window.confirm(t(action.confirmKey))) return
    setActionError(null)
    call(action.method, fillPath(action.endpoint, row)).then(reloadAll, (e: CallError) => setActionError(e))
  }
  if (state.status === 'loading') return <Spinner />
  if (state.status === 'error') return <CallErrorAlert error={state.error} />
  const rows = Array.isArray(state.data) ? state.data as Row[] : []
  return (
    <>
      {actionError && <CallErrorAlert error={actionError} />}
      {rows.length === 0
        ? <p className='rr-empty' data-widget-id={widget.id}>{t('renderers.noData')}</p>
        : <TableView widget={widget} rows={rows} onAction={onAction} />}
    </>
  )
}
