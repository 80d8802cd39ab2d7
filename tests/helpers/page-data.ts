// How a test reads a page as the client does: its widgets with tabs and access gates opened, and the URL each binding calls when the page opens.
import type { DataBinding, Widget } from '../../schemas/widgets.ts'

/** Every widget of a page, tabs and access gates opened. */
export const widgetsOf = (widgets: readonly Widget[]): Widget[] => widgets.flatMap((w) => w.type === 'tabs' ? widgetsOf(w.tabs.flatMap((tab) => tab.widgets)) : w.type === 'accessGate' ? widgetsOf(w.widgets) : [w])

/** The URL a binding calls with no filter chosen: constants, the route query it names (the menu item's, VW…), the cache-buster, then extra. */
export function urlOf (binding: DataBinding, query: Record<string, string> = {}, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams()
  for (const [name, source] of Object.entries(binding.params ?? {})) {
    if (source.from === 'const') params.set(name, String(source.value))
    const fromQuery = source.from === 'query' ? query[source.name] : undefined
    if (fromQuery !== undefined) params.set(name, fromQuery)
  }
  if (binding.cacheBuster) params.set(binding.cacheBuster, String(Date.now()))
  for (const [k, v] of Object.entries(extra)) params.set(k, v)
  const qs = params.toString()
  return qs ? `${binding.endpoint}?${qs}` : binding.endpoint
}

/** The value at a binding's dot path inside an answer's data, read as the client reads it. */
export { getPath as pathOf } from '../../client/src/renderers/lib/binding.ts'
