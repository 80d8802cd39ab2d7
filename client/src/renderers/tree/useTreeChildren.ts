// The children of the open nodes, one query each (read when a node first opens, then from the cache), as one lookup by node id.
import { useCallback, useMemo } from 'react'
import { useQueries, type QueryObserverResult } from '@tanstack/react-query'
import type { TreeWidget } from '../../../../schemas/widgets.ts'
import { useBindingScope } from '../context.tsx'
import { bindingTarget } from '../lib/binding.ts'
import { bindingQuery } from '../lib/useData.ts'
import { childBindingOf } from '../lib/treeModel.ts'
import type { ChildrenState } from '../lib/treeRows.ts'

const stateOf = (r: QueryObserverResult<unknown>): ChildrenState =>
  r.status === 'pending' ? { status: 'loading' } : r.status === 'error' ? { status: 'error', error: r.error } : { status: 'ready', data: r.data }

/** Each open node's children by node id; a node not open has none here. */
export function useTreeChildren (widget: TreeWidget, expanded: ReadonlySet<string>): ReadonlyMap<string, ChildrenState> {
  const scope = useBindingScope()
  const ids = useMemo(() => [...expanded], [expanded])
  const queries = useMemo(() => ids.map((id) => {
    const binding = childBindingOf(widget, id)
    return bindingQuery(binding, bindingTarget(binding, scope))
  }), [ids, widget, scope])
  // Stable while the ids are, so the answer (and the flat rows built from it) changes only when a query's result does.
  const combine = useCallback((results: QueryObserverResult<unknown>[]) => new Map(ids.map((id, i) => [id, stateOf(results[i]!)])), [ids])
  return useQueries({ queries, combine })
}
