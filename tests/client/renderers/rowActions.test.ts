import t from 'tap'
import { ACTIONS_WIDTH, actionApplies, actionsWidth, rowParams } from '../../../client/src/renderers/lib/tableModel.ts'

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

t.test('the actions column is as wide as the widest set of buttons a row shows, so none is cut off', async (t) => {
  const action = (id: string, when?: { field: string, equals: string }) => ({ kind: 'link' as const, id, labelKey: id, to: '/x', ...(when ? { when } : {}) })
  const actions = [action('Preview / finalise'), action('Edit'), action('Close betting', { field: 'Status', equals: 'open' })]
  const open = actionsWidth(actions, [{ Status: 'open' }, { Status: 'closed' }], (k) => k)
  const closed = actionsWidth(actions, [{ Status: 'closed' }], (k) => k)
  t.ok(open > closed, `a row with three buttons widens the column (${open} px against ${closed} px)`)
  t.equal(actionsWidth([action('Edit')], [{}], (k) => k), ACTIONS_WIDTH, 'never narrower than the default')
  t.equal(actionsWidth(actions, [], (k) => k), ACTIONS_WIDTH, 'no rows: the default')
  t.equal(actionsWidth([], [{}], (k) => k), 0, 'no actions: no column')
  t.ok(actionsWidth([action('关闭投注'), action('编辑'), action('预览 / 结算'), action('输入结果')], [{}], (k) => k) > ACTIONS_WIDTH, 'Chinese labels are measured wider per character')
})
