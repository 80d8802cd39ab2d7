// A widget's bound data as a query keyed by endpoint and parameters: a change of parameters reads anew, the cache serves the rest.
import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { DataBinding } from '../../../../schemas/widgets.ts'
import { callData } from '../../lib/api.ts'
import { queryKeys } from '../../lib/queries.ts'
import { useBindingScope } from '../context.tsx'
import { getPath, resolveParams, withQuery } from './binding.ts'

export type DataState<T> =
  | { status: 'loading' }
  | { status: 'error', error: Error }
  | { status: 'ready', data: T }

const NO_BINDING: DataBinding = { endpoint: '' }

/** The query of one binding with its parameters resolved: its key, its call, and the part of the answer it reads. */
export function bindingQuery (binding: DataBinding, params: Record<string, string | number | boolean>) {
  const method = binding.method ?? 'GET'
  return {
    queryKey: queryKeys.apiCall(binding.endpoint, params, method),
    queryFn: () => {
      // A cache buster (the reports' rand) is new on every read, so it stays out of the key.
      const all = binding.cacheBuster ? { ...params, [binding.cacheBuster]: Date.now() } : params
      return method === 'GET' || method === 'DELETE' ? callData(method, withQuery(binding.endpoint, all)) : callData(method, binding.endpoint, all)
    },
    select: (data: unknown) => getPath(data, binding.dataPath)
  }
}

/** The bound data of one widget; with no binding it stays loading and calls nothing; while a required parameter is missing its data is undefined. */
export function useData<T = unknown> (binding: DataBinding | null | undefined): DataState<T> {
  const scope = useBindingScope()
  const params = useMemo(() => binding ? resolveParams(binding.params, scope) : {}, [binding, scope])
  const waiting = binding?.requires?.some((name) => params[name] === undefined) ?? false
  const result = useQuery({ ...bindingQuery(binding ?? NO_BINDING, params), enabled: Boolean(binding) && !waiting })
  if (binding && waiting) return { status: 'ready', data: undefined as T }
  if (result.status === 'pending') return { status: 'loading' }
  if (result.status === 'error') return { status: 'error', error: result.error }
  return { status: 'ready', data: result.data as T }
}
