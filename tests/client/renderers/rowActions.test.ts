import t from 'tap'
import { ACTIONS_MENU_KEY, ACTIONS_WIDTH, actionApplies, actionsWidth, rowActionsShown, rowParams } from '../../../client/src/renderers/lib/tableModel.ts'

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

t.test('a row shows up to two actions as buttons and more in one menu', async (t) => {
  const action = (id: string, when?: { field: string, equals: string }) => ({ kind: 'link' as const, id, labelKey: id, to: '/x', ...(when ? { when } : {}) })
  const actions = [action('a'), action('b'), action('c', { field: 'Status', equals: 'open' })]
  t.same(rowActionsShown(actions, { Status: 'closed' }), { buttons: [actions[0], actions[1]], menu: [] }, 'two apply: two buttons')
  t.same(rowActionsShown(actions, { Status: 'open' }), { buttons: [], menu: actions }, 'three apply: all in the menu')
  t.same(rowActionsShown([], {}), { buttons: [], menu: [] })
})

t.test('the actions column is as wide as the widest set of buttons (or the menu button) a row shows, so none is cut off', async (t) => {
  const action = (id: string, when?: { field: string, equals: string }) => ({ kind: 'link' as const, id, labelKey: id, to: '/x', ...(when ? { when } : {}) })
  const label = (k: string) => k === ACTIONS_MENU_KEY ? 'Actions' : k
  const two = [action('Preview / finalise and close'), action('Edit the draw')]
  const wide = actionsWidth(two, [{}], label)
  t.ok(wide > ACTIONS_WIDTH, `two long buttons widen the column (${wide} px)`)
  const three = [...two, action('Close betting', { field: 'Status', equals: 'open' })]
  const menu = actionsWidth(three, [{ Status: 'open' }], label)
  t.equal(menu, ACTIONS_WIDTH, 'three buttons become one menu button, which fits the default width')
  t.equal(actionsWidth(three, [{ Status: 'open' }, { Status: 'closed' }], label), wide, 'the widest row sets the width')
  t.equal(actionsWidth([action('Edit')], [{}], label), ACTIONS_WIDTH, 'never narrower than the default')
  t.equal(actionsWidth(three, [], label), ACTIONS_WIDTH, 'no rows: the default')
  t.equal(actionsWidth([], [{}], label), 0, 'no actions: no column')
  t.ok(actionsWidth([action('关闭投注结算'), action('编辑开奖日期和时间')], [{}], label) > actionsWidth([action('Close betting'), action('Edit draw days')], [{}], label), 'Chinese labels are measured wider per character')
})
