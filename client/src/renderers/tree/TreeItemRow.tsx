import { memo, type CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'
import type { TreeWidget } from '../../../../schemas/widgets.ts'
import { nodeLabel } from '../lib/treeModel.ts'
import type { Row } from '../lib/tableModel.ts'
import type { TreeRow } from '../lib/treeRows.ts'
import { Spinner } from '../shared/Spinner.tsx'
import { CallErrorAlert } from '../shared/CallErrorAlert.tsx'

// Indent per level, as the nested groups were.
const INDENT = 18

interface TreeItemRowProps {
  widget: TreeWidget
  row: TreeRow
  index: number
  start: number
  tabStop: boolean
  selected: boolean
  measure: (el: HTMLElement | null) => void
  onToggle: (id: string) => void
  onChoose: (node: Row) => void
}

/** One drawn row of the virtualised tree: a node (label chooses, opener opens) or the status of an open node's children. Memoised: scrolling draws only rows coming into view. */
export const TreeItemRow = memo(function TreeItemRow ({ widget, row, index, start, tabStop, selected, measure, onToggle, onChoose }: TreeItemRowProps) {
  const { t } = useTranslation()
  const style: CSSProperties = { transform: `translateY(${start}px)`, paddingLeft: (row.level - 1) * INDENT }
  if (row.kind !== 'node') {
    return (
      <div role='group' ref={measure} data-index={index} className={row.kind === 'empty' ? 'rr-tree-vrow rr-empty' : 'rr-tree-vrow'} style={style}>
        {row.kind === 'loading' ? <Spinner /> : row.kind === 'error' ? <CallErrorAlert error={row.error} /> : t('renderers.tree.noChildren')}
      </div>
    )
  }
  return (
    <div
      role='treeitem' ref={measure} data-index={index} data-node-id={row.id} className='rr-tree-item rr-tree-vrow' style={style}
      aria-level={row.level} aria-setsize={row.setsize} aria-posinset={row.posinset} aria-expanded={row.canOpen ? row.open : undefined}
      aria-selected={selected} tabIndex={tabStop ? 0 : -1}
      onClick={() => onChoose(row.node)}
    >
      <span className='rr-tree-row'>
        {row.canOpen
          ? <span className='rr-tree-toggle' aria-hidden='true' onClick={(e) => { e.stopPropagation(); onToggle(row.id) }}>{row.open ? '▾' : '▸'}</span>
          : <span className='rr-tree-toggle' aria-hidden='true' />}
        <span className='rr-tree-label'>{nodeLabel(widget, row.node)}</span>
      </span>
    </div>
  )
})
