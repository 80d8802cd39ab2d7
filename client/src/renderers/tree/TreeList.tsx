import { useCallback, useLayoutEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react'
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual'
import type { TreeWidget } from '../../../../schemas/widgets.ts'
import { useRenderer } from '../context.tsx'
import { chosenValues, nodeId } from '../lib/treeModel.ts'
import type { Row } from '../lib/tableModel.ts'
import { treeRows, type TreeNodeRow } from '../lib/treeRows.ts'
import { treeKeyAction } from '../lib/treeKeys.ts'
import { TreeItemRow } from './TreeItemRow.tsx'
import { useTreeChildren } from './useTreeChildren.ts'

const ROW_HEIGHT = 28
// Sixteen rows in view; a longer tree scrolls inside it.
const MAX_HEIGHT = 16 * ROW_HEIGHT
// Rows drawn beyond each edge of the view: enough for a frame of fast scrolling, few enough to keep the DOM small.
const OVERSCAN = 8

/**
 * The tree's rows, virtualised (only the rows in view are in the page, so 20,000 roots draw as fast as 20): a WAI-ARIA tree
 * with levels, set sizes and positions on every item; arrows move and open, Enter chooses; children are read when a node opens.
 */
export function TreeList ({ widget, roots, labelledBy }: { widget: TreeWidget, roots: readonly Row[], labelledBy: string | undefined }) {
  const { filters, applyFilters } = useRenderer()
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set())
  const [focused, setFocused] = useState<string | undefined>(undefined)
  const [chosen, setChosen] = useState<string | undefined>(undefined)
  const children = useTreeChildren(widget, expanded)
  const { rows, indexOf } = useMemo(() => treeRows(widget, roots, expanded, (id) => children.get(id)), [widget, roots, expanded, children])
  // The tab stop: the focused node while it is shown, else the first root; always drawn, so focus survives scrolling it away.
  const stop = (focused === undefined ? undefined : indexOf.get(focused)) ?? 0
  const rangeExtractor = useCallback((range: Range) => {
    const drawn = defaultRangeExtractor(range)
    return drawn.includes(stop) || stop >= range.count ? drawn : [...drawn, stop].sort((a, b) => a - b)
  }, [stop])
  const scrollRef = useRef<HTMLDivElement>(null)
  const listRef = useRef<HTMLDivElement>(null)
  const getItemKey = useCallback((i: number) => rows[i]?.key ?? i, [rows])
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: OVERSCAN, rangeExtractor, getItemKey })

  // Handlers that stay the same across renders, so memoised rows are not redrawn; they read the latest filters through a ref.
  const latest = useRef({ filters, applyFilters })
  latest.current = { filters, applyFilters }
  const toggle = useCallback((id: string) => setExpanded((prev) => {
    const next = new Set(prev)
    if (!next.delete(id)) next.add(id)
    return next
  }), [])
  const choose = useCallback((node: Row) => {
    const id = nodeId(widget, node)
    setChosen(id)
    setFocused(id)
    if (widget.choose) latest.current.applyFilters({ ...latest.current.filters, ...chosenValues(widget.choose.set, node) })
  }, [widget])

  // A key that moved to a node not drawn yet: focus it once it is.
  const wantFocus = useRef<string | undefined>(undefined)
  useLayoutEffect(() => {
    const id = wantFocus.current
    if (id === undefined) return
    const el = listRef.current?.querySelector<HTMLElement>(`[data-node-id="${CSS.escape(id)}"]`)
    if (el) { wantFocus.current = undefined; el.focus() }
  })
  const onKeyDown = (e: KeyboardEvent) => {
    const current = (e.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]')
    const at = current ? indexOf.get(current.dataset.nodeId ?? '') : undefined
    if (at === undefined) return
    const action = treeKeyAction(rows, indexOf, at, e.key)
    // Left and Right belong to the tree even when they do nothing (no horizontal scroll).
    if (action || e.key === 'ArrowLeft' || e.key === 'ArrowRight') e.preventDefault()
    if (!action) return
    if (action.kind === 'toggle') toggle(action.id)
    else if (action.kind === 'choose') choose(action.row.node)
    else {
      const id = (rows[action.to] as TreeNodeRow).id
      wantFocus.current = id
      setFocused(id)
      virtualizer.scrollToIndex(action.to)
    }
  }
  // Focus moved by mouse or Tab takes the tab stop with it.
  const onFocus = (e: FocusEvent) => {
    const id = (e.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]')?.dataset.nodeId
    if (id !== undefined && id !== focused) setFocused(id)
  }
  const stopId = rows[stop]?.kind === 'node' ? (rows[stop] as TreeNodeRow).id : undefined

  return (
    <div ref={scrollRef} className='rr-tree-scroll' style={{ maxHeight: MAX_HEIGHT }}>
      <div
        role='tree' className='rr-tree' ref={listRef} aria-labelledby={labelledBy} onKeyDown={onKeyDown} onFocus={onFocus}
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!
          const id = row.kind === 'node' ? row.id : undefined
          return (
            <TreeItemRow
              key={item.key} widget={widget} row={row} index={item.index} start={item.start} tabStop={id !== undefined && id === stopId}
              selected={id !== undefined && id === chosen} measure={virtualizer.measureElement} onToggle={toggle} onChoose={choose}
            />
          )
        })}
      </div>
    </div>
  )
}
