import t from 'tap'
import { filterChoices } from '../../../client/src/renderers/lib/filterChoices.ts'

// A filter select shows one empty choice: worded by the descriptor's '' option ("All series"), else blank; never a blank one before it.

t.test('the descriptor\'s empty option words the empty choice, once', async (t) => {
  const series = [{ value: '', labelKey: 'page.controlDrawSetting.seriesAll' }, { value: 'SG4D', labelKey: 'common.singapore4d' }, { value: 'TOTO', labelKey: 'common.toto' }]
  const { emptyKey, rest } = filterChoices(series)
  t.equal(emptyKey, 'page.controlDrawSetting.seriesAll', 'the empty choice reads "All series"')
  t.same(rest.map((o) => o.value), ['SG4D', 'TOTO'], 'and is not listed a second time')
})

t.test('without one the empty choice is blank', async (t) => {
  t.same(filterChoices([{ value: 'a', labelKey: 'x.a' }]), { emptyKey: undefined, rest: [{ value: 'a', labelKey: 'x.a' }] })
  t.same(filterChoices(undefined), { emptyKey: undefined, rest: [] }, 'a select whose options a call answers')
})
