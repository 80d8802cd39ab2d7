import { useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { DataBinding, TreeWidget as TreeDescriptor } from '../../../../schemas/widgets.ts'
import { useRenderer } from '../context.tsx'
import { useData } from '../lib/useData.ts'
import { chosenValues, childBinding, nodeId, nodeLabel, openable } from '../lib/treeModel.ts'
import type { Row } from '../lib/tableModel.ts'
import { Spinner } from '../shared/Spinner.tsx'
import { CallErrorAlert } from '../shared/CallErrorAlert.tsx'

interface TreeState {
  expanded: ReadonlySet<string>
  toggle: (id: string) => void
  focused: string | undefined
  chosen: string | undefined
  choose: (node: Row) => void
}

/** A hierarchy opened node by node (WAI-ARIA tree: arrows move and open, Enter chooses); choosing sets the page filters that the other widgets read. */
export function TreeWidget ({ widget }: { widget: TreeDescriptor }) {
  const { t } = useTranslation()
  const { filters, applyFilters } = useRenderer()
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set())
  const [focused, setFocused] = useState<string | undefined>(undefined)
  const [chosen, setChosen] = useState<string | undefined>(undefined)
  const root = useRef<HTMLUListElement>(null)
  const state: TreeState = useMemo(() => ({
    expanded,
    focused,
    chosen,
    toggle: (id) => setExpanded((prev) => {
      const next = new Set(prev)
      if (!next.delete(id)) next.add(id)
      return next
    }),
    choose: (node) => {
      setChosen(nodeId(widget, node))
      setFocused(nodeId(widget, node))
      if (widget.choose) applyFilters({ ...filters, ...chosenValues(widget.choose.set, node) })
    }
  }), [expanded, focused, chosen, widget, filters, applyFilters])
  const roots = useData<unknown>(widget.data)
  // Keyboard over the items on screen in document order (the WAI-ARIA tree pattern).
  const onKeyDown = (e: KeyboardEvent) => {
    const items = [...(root.current?.querySelectorAll<HTMLElement>('[role="treeitem"]') ?? [])]
    const current = (e.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]')
    if (!current) return
    const at = items.indexOf(current)
    const id = current.dataset.nodeId ?? ''
    const go = (el: HTMLElement | undefined | null) => { if (el) { e.preventDefault(); setFocused(el.dataset.nodeId); el.focus() } }
    const isOpen = current.getAttribute('aria-expanded') === 'true'
    switch (e.key) {
      case 'ArrowDown': go(items[at + 1]); break
      case 'ArrowUp': go(items[at - 1]); break
      case 'Home': go(items[0]); break
      case 'End': go(items[items.length - 1]); break
      case 'ArrowRight':
        e.preventDefault()
        if (current.getAttribute('aria-expanded') === 'false') state.toggle(id)
        else if (isOpen) go(current.querySelector<HTMLElement>('[role="treeitem"]'))
        break
      case 'ArrowLeft':
        e.preventDefault()
        if (isOpen) state.toggle(id)
        else go(current.parentElement?.closest<HTMLElement>('[role="treeitem"]'))
        break
      case 'Enter':
      case ' ':
        e.preventDefault()
        current.click()
        break
    }
  }
  if (roots.status === 'loading') return <Spinner />
  if (roots.status === 'error') return <CallErrorAlert error={roots.error} />
  if (roots.data === undefined && (widget.data.requires?.length ?? 0) > 0) return null
  const nodes = Array.isArray(roots.data) ? roots.data as Row[] : []
  const label = widget.titleKey ? t(widget.titleKey) : undefined
  return (
    <div className='rr-tree-wrap' data-widget-id={widget.id}>
      {label && <h2 className='rr-table-title' id={`${widget.id}-title`}>{label}</h2>}
      {nodes.length === 0
        ? <p className='rr-empty'>{t('renderers.noData')}</p>
        : (
          <ul role='tree' className='rr-tree' ref={root} aria-labelledby={label ? `${widget.id}-title` : undefined} onKeyDown={onKeyDown}>
            {nodes.map((node, i) => <TreeNode key={nodeId(widget, node)} widget={widget} node={node} level={1} state={state} first={i === 0} />)}
          </ul>
          )}
    </div>
  )
}

/** One node: its label (click chooses), its opener, and when open its children group. */
function TreeNode ({ widget, node, level, state, first }: { widget: TreeDescriptor, node: Row, level: number, state: TreeState, first: boolean }) {
  const id = nodeId(widget, node)
  const canOpen = openable(widget, node)
  const open = canOpen && state.expanded.has(id)
  // The focused node takes the tab stop; before any, the first root does.
  const tabStop = state.focused === undefined ? first && level === 1 : state.focused === id
  return (
    <li
      role='treeitem' className='rr-tree-item' data-node-id={id} aria-level={level} aria-expanded={canOpen ? open : undefined}
      aria-selected={state.chosen === id} tabIndex={tabStop ? 0 : -1}
      onClick={(e) => { e.stopPropagation(); state.choose(node) }}
    >
      <span className='rr-tree-row'>
        {canOpen
          ? <span className='rr-tree-toggle' aria-hidden='true' onClick={(e) => { e.stopPropagation(); state.toggle(id) }}>{open ? '▾' : '▸'}</span>
          : <span className='rr-tree-toggle' aria-hidden='true' />}
        <span className='rr-tree-label'>{nodeLabel(widget, node)}</span>
      </span>
      {open && <TreeChildren widget={widget} binding={childBinding(widget, node)} level={level + 1} state={state} />}
    </li>
  )
}

/** The children of an open node, read when it opens: loading, error and "nobody below" states. */
function TreeChildren ({ widget, binding, level, state }: { widget: TreeDescriptor, binding: DataBinding, level: number, state: TreeState }) {
  const { t } = useTranslation()
  const children = useData<unknown>(binding)
  if (children.status === 'loading') return <div role='group'><Spinner /></div>
  if (children.status === 'error') return <div role='group'><CallErrorAlert error={children.error} /></div>
  const nodes = Array.isArray(children.data) ? children.data as Row[] : []
  if (nodes.length === 0) return <div role='group' className='rr-empty'>{t('renderers.tree.noChildren')}</div>
  return (
    <ul role='group'>
      {nodes.map((node) => <TreeNode key={nodeId(widget, node)} widget={widget} node={node} level={level} state={state} first={false} />)}
    </ul>
  )
}
