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
