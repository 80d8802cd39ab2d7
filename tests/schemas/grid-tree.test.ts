import t from 'tap'
import type { TSchema } from 'typebox'
import { Value } from 'typebox/value'
import { Widget } from '../../schemas/widgets.ts'
import { WidgetConfigByType } from '../../schemas/page.ts'

// The editable grid and the tree on the wire, and as templates write them (each grid action may carry its rule).
const grid = {
  type: 'grid',
  id: 'rates',
  data: { endpoint: '/api/v1/4d/payRates', params: { LocId: { from: 'session', name: 'LocId' } } },
  rowKey: 'BetType',
  columns: [
    { field: 'BetType', labelKey: 'col.betType', kind: 'readonly', width: 80 },
    { field: 'First', labelKey: 'col.first', kind: 'number', width: 80, min: 0, max: 5000, step: 0.5, required: true }
  ],
  actions: [
    { kind: 'save', id: 'save', labelKey: 'act.save', endpoint: '/api/v1/4d/payRate', method: 'PUT', mode: 'row', rowParams: { BetType: 'BetType' } },
    { kind: 'reset', id: 'reset', labelKey: 'act.reset', endpoint: '/api/v1/4d/payRateDefault', method: 'PUT', rowParams: { BetType: 'BetType' }, confirmKey: 'act.sure' }
  ]
}
const tree = {
  type: 'tree',
  id: 'down',
  data: { endpoint: '/api/v1/4d/mLoadDirectDownLine' },
  children: { endpoint: '/api/v1/4d/mLoadDirectDownLine', nodeParam: 'UserId' },
  idField: 'UserId',
  labelField: 'UserId',
  openableField: 'Children',
  choose: { set: { UserId: 'UserId' } }
}
const errors = (schema: TSchema, value: unknown) => JSON.stringify([...Value.Errors(schema, value)].slice(0, 3))

t.test('a grid and a tree are widgets', async (t) => {
  t.ok(Value.Check(Widget, grid), errors(Widget, grid))
  t.ok(Value.Check(Widget, tree), errors(Widget, tree))
  const defaults = { ...grid, actions: [{ kind: 'reset', id: 'r', labelKey: 'act.reset', defaults: { endpoint: '/api/v1/4d/payRatesDefault' } }] }
  t.ok(Value.Check(Widget, defaults), 'a reset from a defaults binding')
  t.ok(Value.Check(Widget, { ...grid, actions: undefined }), 'no actions: read-only')
})

t.test('what a grid or tree may not be', async (t) => {
  t.notOk(Value.Check(Widget, { ...grid, rowKey: undefined }), 'rowKey is required')
  t.notOk(Value.Check(Widget, { ...grid, columns: [] }), 'at least one column')
  t.notOk(Value.Check(Widget, { ...grid, columns: [{ field: 'X', labelKey: 'c.x', kind: 'date', width: 80 }] }), 'unknown cell kind')
  t.notOk(Value.Check(Widget, { ...grid, columns: [{ field: 'X', labelKey: 'c.x', kind: 'number', width: 80, step: 0 }] }), 'a step above 0')
  t.notOk(Value.Check(Widget, { ...grid, actions: [{ ...grid.actions[0], mode: 'some' }] }), 'save mode row or all')
  t.notOk(Value.Check(Widget, { ...grid, actions: [{ kind: 'reset', id: 'r', labelKey: 'act.reset' }] }), 'a reset needs a call or defaults')
  t.notOk(Value.Check(Widget, { ...tree, children: { endpoint: '/api/v1/4d/mLoadDirectDownLine' } }), 'children name the node parameter')
  t.notOk(Value.Check(Widget, { ...tree, idField: '' }))
  t.notOk(Value.Check(Widget, { ...grid, actions: [{ ...grid.actions[0], rule: { role: 'AD' } }] }), 'rules stay in templates, not on the wire')
})

t.test('templates: grid actions and the widgets take rules', async (t) => {
  const gated = { ...grid, rule: { role: 'ADMIN' }, actions: grid.actions.map((a) => ({ ...a, rule: { perm: 'PayRateEdit' } })) }
  t.ok(Value.Check(WidgetConfigByType.grid, gated), errors(WidgetConfigByType.grid, gated))
  t.ok(Value.Check(WidgetConfigByType.tree, { ...tree, rule: { role: 'AG' } }))
  t.notOk(Value.Check(WidgetConfigByType.grid, { ...grid, actions: [{ ...grid.actions[0], rule: 'Role == AD' }] }), 'never an expression string')
})
