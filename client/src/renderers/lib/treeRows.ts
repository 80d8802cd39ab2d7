// The open tree as one flat list (what a virtualised list draws): every node shown with its level, its place among its
// siblings and its parent, and under an open node its children or one status row. One walk over the rows shown: O(shown).
import type { TreeWidget } from '../../../../schemas/widgets.ts'
import { nodeId, openable } from './treeModel.ts'
import type { Row } from './tableModel.ts'

/** What is known of one node's children: still loading, failed, or read. */
export type ChildrenState = { status: 'loading' } | { status: 'error', error: Error } | { status: 'ready', data: unknown }

export interface TreeNodeRow {
  kind: 'node'
  key: string
  id: string
  node: Row
  level: number
  parent: string | undefined
  posinset: number
  setsize: number
  canOpen: boolean
  open: boolean
}

/** The row standing for an open node's children while they load, when they failed, or when there are none. */
export type TreeStatusRow =
  | { kind: 'loading' | 'empty', key: string, level: number, parent: string }
  | { kind: 'error', key: string, level: number, parent: string, error: Error }

export type TreeRow = TreeNodeRow | TreeStatusRow

/** The flat rows and where each node id sits among them. */
export interface TreeRows { rows: TreeRow[], indexOf: ReadonlyMap<string, number> }

/** Flattens the roots and the children of every open node (childrenOf answers undefined for children not asked for yet). */
export function treeRows (widget: TreeWidget, roots: readonly Row[], expanded: ReadonlySet<string>, childrenOf: (id: string) => ChildrenState | undefined): TreeRows {
  const rows: TreeRow[] = []
  const indexOf = new Map<string, number>()
  const walk = (nodes: readonly Row[], level: number, parent: string | undefined) => {
    nodes.forEach((node, i) => {
      const id = nodeId(widget, node)
      const canOpen = openable(widget, node)
      // A node already on the path (a cycle in bad data) is not opened again.
      const open = canOpen && expanded.has(id) && !indexOf.has(id)
      indexOf.set(id, rows.length)
      rows.push({ kind: 'node', key: `n:${id}`, id, node, level, parent, posinset: i + 1, setsize: nodes.length, canOpen, open })
      if (!open) return
      const children = childrenOf(id) ?? { status: 'loading' }
      const status = { key: `s:${id}`, level: level + 1, parent: id }
      if (children.status === 'loading') rows.push({ kind: 'loading', ...status })
      else if (children.status === 'error') rows.push({ kind: 'error', ...status, error: children.error })
      else if (!Array.isArray(children.data) || children.data.length === 0) rows.push({ kind: 'empty', ...status })
      else walk(children.data as Row[], level + 1, id)
    })
  }
  walk(roots, 1, undefined)
  return { rows, indexOf }
}
