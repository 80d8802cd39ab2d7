// A widget's bound data as a query keyed by endpoint and parameters: a change of parameters reads anew, the cache serves the rest.
import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { DataBinding } from '../../../../schemas/widgets.ts'
import { callData } from '../../lib/api.ts'
import { queryKeys } from '../../lib/queries.ts'
import { useBindingScope } from '../context.tsx'
import { bindingTarget, getPath, withQuery, type CallTarget } from './binding.ts'

export type DataState<T> =
  | { status: 'loading' }
  | { status: 'error', error: Error }
  | { status: 'ready', data: T }

const NO_BINDING: DataBinding = { endpoint: '' }

const NO_TARGET: CallTarget = { endpoint: '', params: {}, missing: [] }

/** The query of one binding with its target resolved (bindingTarget): its key, its call, and the part of the answer it reads. */
export function bindingQuery (binding: DataBinding, { endpoint, params }: Pick<CallTarget, 'endpoint' | 'params'>) {
  const method = binding.method ?? 'GET'
  return {
    queryKey: queryKeys.apiCall(endpoint, params, method),
    queryFn: () => {
      // A cache buster (the reports' rand) is new on every read, so it stays out of the key.
      const all = binding.cacheBuster ? { ...params, [binding.cacheBuster]: Date.now() } : params
      return method === 'GET' || method === 'DELETE' ? callData(method, withQuery(endpoint, all)) : callData(method, endpoint, all)
    },
    select: (data: unknown) => getPath(data, binding.dataPath)
  }
}

/** The bound data of one widget; with no binding it stays loading and calls nothing; while a required parameter or a :name segment has no value its data is undefined. */
export function useData<T = unknown> (binding: DataBinding | null | undefined): DataState<T> {
  const scope = useBindingScope()
  const target = useMemo(() => binding ? bindingTarget(binding, scope) : NO_TARGET, [binding, scope])
  const waiting = target.missing.length > 0
  const result = useQuery({ ...bindingQuery(binding ?? NO_BINDING, target), enabled: Boolean(binding) && !waiting })
  if (binding && waiting) return { status: 'ready', data: undefined as T }
  if (result.status === 'pending') return { status: 'loading' }
  if (result.status === 'error') return { status: 'error', error: result.error }
  return { status: 'ready', data: result.data as T }
}
