// What every widget needs from the shell: how to call the API, the scope its parameters read from, and page-wide filters.
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react'
import type { HttpMethod } from '../../../schemas/widgets.ts'
import type { BindingScope } from './lib/binding.ts'
import { ApiCallError } from './lib/errors.ts'

/** One API call through the service: resolves to the envelope's data, rejects with a CallError. */
export type ApiCall = (method: HttpMethod, url: string, body?: unknown) => Promise<unknown>

export interface RendererEnvironment {
  call: ApiCall
  session: BindingScope['session']
  query: BindingScope['query']
  // Changes on every completed navigation so bound widgets reload.
  navigationKey: number | string
  navigate: (to: string) => void
  mobile: boolean
}

interface RendererContextValue extends RendererEnvironment {
  filters: Record<string, unknown>
  applyFilters: (values: Record<string, unknown>) => void
  // Bumped to reload every bound widget (after a row action or a form submit).
  reloadKey: number
  reloadAll: () => void
}

const RendererContext = createContext<RendererContextValue | null>(null)

/** Provides the environment and the page's filter state to the widgets below. */
export function RendererProvider ({ env, children }: { env: RendererEnvironment, children: ReactNode }) {
  const [filters, setFilters] = useState<Record<string, unknown>>({})
  const [reloadKey, setReloadKey] = useState(0)
  const value = useMemo<RendererContextValue>(() => ({
    ...env,
    filters,
    applyFilters: (values) => { setFilters({ ...values }); setReloadKey((k) => k + 1) },
    reloadKey,
    reloadAll: () => setReloadKey((k) => k + 1)
  }), [env, filters, reloadKey])
  return <RendererContext.Provider value={value}>{children}</RendererContext.Provider>
}

/** The renderer context; widgets outside a RendererProvider are a programming error. */
export function useRenderer (): RendererContextValue {
  const value = useContext(RendererContext)
  if (!value) throw new Error('Renderer widgets must be inside <RendererProvider>.')
  return value
}

/** fetch-based ApiCall for same-origin use: JSON envelopes, CallError on failure (the shell may pass its own client instead). */
export const fetchCall: ApiCall = async (method, url, body) => {
  let response: Response
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      // FormData goes as multipart/form-data with the browser's own content type.
      headers: body === undefined || body instanceof FormData ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body)
    })
  } catch {
    throw new ApiCallError(0, '')
  }
  const parsed: unknown = await response.json().catch(() => undefined)
  const envelope = parsed as { success?: boolean, data?: unknown } | undefined
  if (!response.ok || envelope?.success === false) throw new ApiCallError(response.status, response.statusText, parsed)
  return envelope && 'data' in envelope ? envelope.data : parsed
}
