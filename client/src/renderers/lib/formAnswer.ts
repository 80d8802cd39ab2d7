// A form's call, both ways: the body sent (flat fields, some gathered into one line) and the parts of the answer shown under the form.
import type { ResultSection, SubmitLine } from '../../../../schemas/widgets.ts'
import { getPath } from './binding.ts'

type Values = Record<string, unknown>

/** The body of a submit: form values then bound parameters; with a line, its fields move into `into: [{ …fields }]` (empty ones left out). */
export function submitBody (formData: Values, params: Values, line?: SubmitLine): Values {
  const body: Values = { ...formData, ...params }
  if (!line) return body
  const item: Values = {}
  for (const name of line.fields) {
    const v = body[name]
    delete body[name]
    if (v !== undefined && v !== null && v !== '') item[name] = v
  }
  body[line.into] = [item]
  return body
}

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
