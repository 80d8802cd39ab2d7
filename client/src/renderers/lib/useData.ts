// Loads a widget's bound data: reloads when its parameters change, on every completed navigation, and on reloadAll.
import { useEffect, useMemo, useState } from 'react'
import type { DataBinding } from '../../../../schemas/widgets.ts'
import { useRenderer } from '../context.tsx'
import { getPath, resolveParams, withQuery } from './binding.ts'
import type { CallError } from './errors.ts'

export type DataState<T> =
  | { status: 'loading' }
  | { status: 'error', error: CallError }
  | { status: 'ready', data: T }

/** The bound data of one widget; with no binding it stays loading and calls nothing; while a required parameter is missing its data is undefined. */
export function useData<T = unknown> (binding: DataBinding | null | undefined): DataState<T> {
  const { call, session, query, filters, navigationKey, reloadKey } = useRenderer()
  const params = useMemo(() => binding ? resolveParams(binding.params, { filters, query, session }) : {}, [binding, filters, query, session])
  const key = JSON.stringify(params)
  const [state, setState] = useState<DataState<T>>({ status: 'loading' })
  useEffect(() => {
    if (!binding) return
    if (binding.requires?.some((name) => params[name] === undefined)) { setState({ status: 'ready', data: undefined as T }); return }
    let live = true
    setState({ status: 'loading' })
    const method = binding.method ?? 'GET'
    const all = binding.cacheBuster ? { ...params, [binding.cacheBuster]: Date.now() } : params
    const request = method === 'GET' || method === 'DELETE' ? call(method, withQuery(binding.endpoint, all)) : call(method, binding.endpoint, all)
    request.then(
      (data) => { if (live) setState({ status: 'ready', data: getPath(data, binding.dataPath) as T }) },
      (error: CallError) => { if (live) setState({ status: 'error', error }) }
    )
    return () => { live = false }
    // key stands for params; navigationKey and reloadKey force a reload.
  }, [binding, key, call, navigationKey, reloadKey])
  return state
}
