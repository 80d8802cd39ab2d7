// What every widget needs from the shell: the scope its parameters read from, navigation, and page-wide filters.
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { queryKeys } from '../lib/queries.ts'
import type { BindingScope } from './lib/binding.ts'

export interface RendererEnvironment {
  session: BindingScope['session']
  query: BindingScope['query']
  // Changes on every completed navigation so bound widgets reload.
  navigationKey: number | string
  navigate: (to: string) => void
  mobile: boolean
  /** The ISO 4217 code money is shown in (the session's getCurrencyCode). */
  currency?: string
}

interface RendererContextValue extends RendererEnvironment {
  // The page's route values and, inside a row's dialog, the row: what { from: 'route' } and { from: 'row' } read.
  route?: BindingScope['route']
  row?: BindingScope['row']
  filters: Record<string, unknown>
  // The new filters, or a function of the current ones (two widgets applying in one render both count).
  applyFilters: (values: Record<string, unknown> | ((current: Record<string, unknown>) => Record<string, unknown>)) => void
}

const RendererContext = createContext<RendererContextValue | null>(null)

/** Provides the environment and the page's filter state to the widgets below; a new navigation refetches their data. */
export function RendererProvider ({ env, children }: { env: RendererEnvironment, children: ReactNode }) {
  const [filters, setFilters] = useState<{ values: Record<string, unknown>, applied: number }>({ values: {}, applied: 0 })
  const client = useQueryClient()
  // A completed navigation (a click on the same menu link too) or an Apply (with the same values too) reads every game API call
  // on screen again, once the widgets have their new parameters: reads already under way for those are kept.
  const refresh = `${env.navigationKey}/${filters.applied}`
  const shown = useRef(refresh)
  useEffect(() => {
    if (shown.current === refresh) return
    shown.current = refresh
    client.invalidateQueries({ queryKey: queryKeys.api }, { cancelRefetch: false }).catch(() => {})
  }, [refresh, client])
  const value = useMemo<RendererContextValue>(() => ({
    ...env,
    filters: filters.values,
    applyFilters: (values) => setFilters((prev) => ({ values: typeof values === 'function' ? values(prev.values) : { ...values }, applied: prev.applied + 1 }))
  }), [env, filters])
  return <RendererContext.Provider value={value}>{children}</RendererContext.Provider>
}

/** The renderer context; widgets outside a RendererProvider are a programming error. */
export function useRenderer (): RendererContextValue {
  const value = useContext(RendererContext)
  if (!value) throw new Error('Renderer widgets must be inside <RendererProvider>.')
  return value
}

/** Widgets below see these route values or this row as well (a page with :Name segments, a row's dialog). */
export function ScopeProvider ({ route, row, children }: { route?: BindingScope['route'], row?: BindingScope['row'], children: ReactNode }) {
  const parent = useRenderer()
  const value = useMemo<RendererContextValue>(() => ({ ...parent, ...(route ? { route } : {}), ...(row ? { row } : {}) }), [parent, route, row])
  return <RendererContext.Provider value={value}>{children}</RendererContext.Provider>
}

/** The scope bound parameters read from, as one object (filters, query, session, route, row). */
export function useBindingScope (): BindingScope {
  const { filters, query, session, route, row } = useRenderer()
  return useMemo(() => ({ filters, query, session, route, row }), [filters, query, session, route, row])
}
