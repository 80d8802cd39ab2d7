// Widgets of one page bound to the same call (the Support page's decision and explanation read one /ui/explain answer).
import type { DataBinding } from '../../../../schemas/widgets.ts'

/** A page widget as far as its read goes; a paged table moves its own cursor, so its read is never another's. */
export interface ReadingWidget { id: string, data?: DataBinding | undefined, paging?: unknown }

/** A JSON text of a value with object keys sorted, so two equal bindings written in another order compare equal. */
function stable (value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** The call a binding makes, whichever part of its answer it reads (dataPath). */
function callOf (binding: DataBinding): string {
  return stable({ endpoint: binding.endpoint, method: binding.method ?? 'GET', params: binding.params ?? {}, requires: binding.requires ?? [], cacheBuster: binding.cacheBuster ?? null })
}

/** The widgets whose call repeats an earlier widget's on the page: that call's failure is shown once, by the first of them. */
export function repeatedReads (widgets: readonly ReadingWidget[]): Set<string> {
  const seen = new Set<string>()
  const repeats = new Set<string>()
  for (const w of widgets) {
    if (!w.data || w.paging !== undefined) continue
    const call = callOf(w.data)
    if (seen.has(call)) repeats.add(w.id)
    else seen.add(call)
  }
  return repeats
}
