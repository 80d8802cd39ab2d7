import t from 'tap'
import { actionApplies, rowParams } from '../../../client/src/renderers/lib/tableModel.ts'

t.test('a row action takes its parameters from the row', async (t) => {
  t.same(rowParams({ TicketNo: 'TicketNo', Id: 'FixedId' }, { TicketNo: 'T00012', FixedId: 7, Other: 'x' }), { TicketNo: 'T00012', Id: 7 })
  t.same(rowParams({ TicketNo: 'Missing' }, { TicketNo: 'T1' }), {}, 'a field the row lacks is left out')
  t.same(rowParams(undefined, { a: 1 }), {})
})

t.test('a row action with a condition shows only on the rows that meet it', async (t) => {
  const voidAction = { kind: 'call' as const, id: 'void', labelKey: 'k', endpoint: '/api/v1/4d/bet', method: 'DELETE' as const, when: { field: 'Open', equals: true } }
  t.equal(actionApplies(voidAction, { Open: true }), true)
  t.equal(actionApplies(voidAction, { Open: false }), false)
  t.equal(actionApplies(voidAction, {}), false, 'a row without the field does not meet it')
  t.equal(actionApplies({ kind: 'link', id: 'view', labelKey: 'k', to: '/x' }, {}), true, 'no condition: every row')
})
