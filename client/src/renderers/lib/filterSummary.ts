// What a folded filter bar says on a phone: the filters in force, so the first screen shows the data and still tells what it is.
import type { FormField } from '../../../../schemas/widgets.ts'

/** The applied filters as "Label: value" parts, in the fields' order: empty ones left out, a fixed option by its label, a ticked box by its label alone. */
export function filterSummary (fields: readonly FormField[], values: Readonly<Record<string, unknown>>, t: (key: string) => string): string[] {
  const parts: string[] = []
  for (const f of fields) {
    const v = values[f.name]
    if (v === undefined || v === null || v === '' || v === false) continue
    const label = t(f.labelKey)
    if (v === true) { parts.push(label); continue }
    const option = f.options?.find((o) => o.value === String(v))
    parts.push(`${label}: ${option ? t(option.labelKey) : String(v)}`)
  }
  return parts
}
