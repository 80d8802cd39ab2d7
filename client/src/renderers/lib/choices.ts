// Options read from a call's answer: each item's value field and label field, as text.
import type { OptionsFrom } from '../../../../schemas/widgets.ts'

export interface ChoiceOption { value: string, label: string }

/** The options in an answer: a list of objects (value and label fields) or of plain values; items without a value are skipped, duplicates kept once. */
export function choiceOptions (data: unknown, from: Pick<OptionsFrom, 'valueField' | 'labelField'>): ChoiceOption[] {
  if (!Array.isArray(data)) return []
  const seen = new Set<string>()
  const out: ChoiceOption[] = []
  for (const item of data) {
    const raw = item !== null && typeof item === 'object' ? (item as Record<string, unknown>)[from.valueField] : item
    if (raw === undefined || raw === null || raw === '' || typeof raw === 'object') continue
    const value = String(raw)
    if (seen.has(value)) continue
    seen.add(value)
    const label = item !== null && typeof item === 'object' && from.labelField ? (item as Record<string, unknown>)[from.labelField] : undefined
    out.push({ value, label: label === undefined || label === null || typeof label === 'object' ? value : String(label) })
  }
  return out
}

/** The descriptor's own options (labels translated) whose values the answer holds: fixed wording, offered only while the call says it applies (day codes of open draws). */
export function narrowedOptions (fixed: ReadonlyArray<{ value: string, labelKey: string }>, answered: readonly ChoiceOption[], t: (key: string) => string): ChoiceOption[] {
  const values = new Set(answered.map((o) => o.value))
  return fixed.filter((o) => values.has(o.value)).map((o) => ({ value: o.value, label: t(o.labelKey) }))
}
