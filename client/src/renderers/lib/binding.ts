// Data binding: turns a widget's parameter sources into the values of one call, and finds rows inside an answer.
import type { DataBinding, ParamSource } from '../../../../schemas/widgets.ts'

/** What parameters can be read from: applied filter values, the route query (VW…), the session (LocId…). */
export interface BindingScope {
  filters: Readonly<Record<string, unknown>>
  query: Readonly<Record<string, string>>
  session: Readonly<Record<string, string | number | undefined>>
  // The page's route values (/admin/agents/:UserId) and, in a row's dialog, the row.
  route?: Readonly<Record<string, string>>
  row?: Readonly<Record<string, unknown>>
}

/** The value one source yields in a scope (undefined when the scope does not have it). */
export function resolveSource (source: ParamSource, scope: BindingScope): string | number | boolean | undefined {
  switch (source.from) {
    case 'filter': {
      const v = scope.filters[source.name]
      return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : undefined
    }
    case 'query': return scope.query[source.name]
    case 'session': return scope.session[source.name]
    case 'route': return scope.route?.[source.name]
    case 'row': {
      const v = scope.row?.[source.name]
      return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : undefined
    }
    default: return source.value
  }
}

/** All parameters of a call; empty values are left out so the API applies its own defaults. */
export function resolveParams (params: DataBinding['params'], scope: BindingScope): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {}
  for (const [name, source] of Object.entries(params ?? {})) {
    const v = resolveSource(source, scope)
    if (v !== undefined && v !== '') out[name] = v
  }
  return out
}

/** A call's target: the endpoint with its :name segments filled, the parameters left for the query or body, and the names still without a value. */
export interface CallTarget { endpoint: string, params: Record<string, string | number | boolean>, missing: string[] }

/**
 * Fills an endpoint's :name segments (/ui/config/drafts/:id/diff): from the parameter of that name, which is used up there and
 * not sent again, else from the page's route value of that name; a name neither holds stays as it is and is listed missing.
 */
export function fillSegments (endpoint: string, params: Readonly<Record<string, string | number | boolean>>, route: Readonly<Record<string, string>> = {}): CallTarget {
  const rest = { ...params }
  const missing: string[] = []
  const filled = endpoint.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = rest[name] ?? route[name]
    delete rest[name]
    if (value === undefined || value === '') { missing.push(name); return `:${name}` }
    return encodeURIComponent(String(value))
  })
  return { endpoint: filled, params: rest, missing }
}

/** What a widget's binding calls in a scope: its endpoint filled from its parameters and the page's route, the rest of its parameters, and what it waits for (a segment or a required parameter without a value). */
export function bindingTarget (binding: DataBinding, scope: BindingScope): CallTarget {
  const params = resolveParams(binding.params, scope)
  const target = fillSegments(binding.endpoint, params, scope.route)
  for (const name of binding.requires ?? []) if (params[name] === undefined && !target.missing.includes(name)) target.missing.push(name)
  return target
}

/** The URL of a GET or DELETE call: endpoint plus query string. */
export function withQuery (endpoint: string, params: Record<string, string | number | boolean>): string {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString()
  return qs ? `${endpoint}?${qs}` : endpoint
}

/** Reads a dot path ("qResults", "dClose.CloseDate") inside a value; the empty path is the value itself. */
export function getPath (value: unknown, path: string | undefined): unknown {
  if (!path) return value
  let current = value
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<string, unknown>)[part]
  }
  return current
}

/** Whether a binding reads the page's filters (then an empty answer asks the user to change them). */
export function readsFilters (binding: DataBinding): boolean {
  return Object.values(binding.params ?? {}).some((p) => p.from === 'filter')
}
