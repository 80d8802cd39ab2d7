import t from 'tap'
import { narrowedOptions } from '../../../client/src/renderers/lib/choices.ts'

// A select with its own options and optionsFrom offers its own wording, only for the values the call answers (Place Bets' day codes).
t.test('fixed options narrowed to the answered values, labels translated, order kept', async (t) => {
  const fixed = [{ value: '1', labelKey: 'page.placeBets.day1' }, { value: '4', labelKey: 'page.placeBets.day4' }]
  const t9 = (key: string) => `<${key}>`
  t.same(narrowedOptions(fixed, [{ value: '4', label: 'TOTO Thursday' }], t9), [{ value: '4', label: '<page.placeBets.day4>' }])
  t.same(narrowedOptions(fixed, [{ value: '4', label: '' }, { value: '1', label: '' }, { value: '9', label: '' }], t9).map((o) => o.value), ['1', '4'], 'a value the form does not know is not offered')
  t.same(narrowedOptions(fixed, [], t9), [], 'nothing answered: nothing offered')
})
