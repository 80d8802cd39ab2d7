// The parts of a form call's answer shown under the form.
import type { ResultSection } from '../../../../schemas/widgets.ts'
import { getPath } from './binding.ts'

type Values = Record<string, unknown>

/** One shown section: its label, tone and the values each line interpolates. */
export interface ShownSection { labelKey: string, itemKey: string, tone: NonNullable<ResultSection['tone']>, items: Values[] }

/** The sections of an answer that hold something: an array gives one item per element, an object one item, a scalar one item { value }. */
export function resultSections (answer: unknown, sections: readonly ResultSection[]): ShownSection[] {
  const shown: ShownSection[] = []
  for (const s of sections) {
    const found = getPath(answer, s.path)
    if (found === undefined || found === null || found === '' || found === false) continue
    const list = Array.isArray(found) ? found : [found]
    if (list.length === 0) continue
    const items = list.map((v): Values => v !== null && typeof v === 'object' && !Array.isArray(v) ? flatten(v as Values) : { value: v })
    shown.push({ labelKey: s.labelKey, itemKey: s.itemKey, tone: s.tone ?? 'info', items })
  }
  return shown
}

// Arrays inside an item read as a comma-separated list in the sentence (draw dates, TOTO numbers).
function flatten (item: Values): Values {
  const out: Values = {}
  for (const [k, v] of Object.entries(item)) out[k] = Array.isArray(v) ? v.join(', ') : v
  return out
}
