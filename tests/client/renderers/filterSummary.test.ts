import t from 'tap'
import type { FormField } from '../../../schemas/widgets.ts'
import { filterSummary } from '../../../client/src/renderers/lib/filterSummary.ts'

const texts: Record<string, string> = { from: 'From', series: 'Series', big: 'Big', settled: 'Settled only', 'series.4d': '4D' }
const tr = (key: string) => texts[key] ?? key

t.test('a folded filter bar names the filters in force, in the fields\' order', async (t) => {
  const fields: FormField[] = [
    { name: 'From', labelKey: 'from', kind: 'date' },
    { name: 'Series', labelKey: 'series', kind: 'select', options: [{ value: '4D', labelKey: 'series.4d' }] },
    { name: 'Big', labelKey: 'big', kind: 'number' },
    { name: 'Settled', labelKey: 'settled', kind: 'checkbox' }
  ] as FormField[]
  t.same(filterSummary(fields, { From: '2026-11-28', Series: '4D', Big: 0, Settled: true }, tr), ['From: 2026-11-28', 'Series: 4D', 'Big: 0', 'Settled only'], 'a fixed option by its label, zero kept, a ticked box by its label')
  t.same(filterSummary(fields, { From: '', Series: undefined, Settled: false, Other: 'x' }, tr), [], 'empty, unticked and other widgets\' values left out')
})
