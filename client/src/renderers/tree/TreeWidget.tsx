import { useTranslation } from 'react-i18next'
import type { TreeWidget as TreeDescriptor } from '../../../../schemas/widgets.ts'
import { useData } from '../lib/useData.ts'
import type { Row } from '../lib/tableModel.ts'
import { Spinner } from '../shared/Spinner.tsx'
import { CallErrorAlert } from '../shared/CallErrorAlert.tsx'
import { TreeList } from './TreeList.tsx'

const NO_ROWS: Row[] = []

/** A hierarchy opened node by node: its title, the roots' loading, error and empty states, then the virtualised tree; choosing a node sets the page filters that the other widgets read. */
export function TreeWidget ({ widget }: { widget: TreeDescriptor }) {
  const { t } = useTranslation()
  const roots = useData<unknown>(widget.data)
  if (roots.status === 'loading') return <Spinner />
  if (roots.status === 'error') return <CallErrorAlert error={roots.error} />
  if (roots.data === undefined && (widget.data.requires?.length ?? 0) > 0) return null
  // The same array while the query's answer is, so the flat rows are not rebuilt on every render.
  const nodes = Array.isArray(roots.data) ? roots.data as Row[] : NO_ROWS
  const label = widget.titleKey ? t(widget.titleKey) : undefined
  return (
    <div className='rr-tree-wrap' data-widget-id={widget.id}>
      {label && <h2 className='rr-table-title' id={`${widget.id}-title`}>{label}</h2>}
      {nodes.length === 0
        ? <p className='rr-empty'>{t('renderers.noData')}</p>
        : <TreeList widget={widget} roots={nodes} labelledBy={label ? `${widget.id}-title` : undefined} />}
    </div>
  )
}
