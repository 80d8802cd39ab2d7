import t from 'tap'
import { Value } from 'typebox/value'
import { PageDescriptor, type GridWidget, type Widget } from '../../../schemas/widgets.ts'
import { loadConfig, readConfigDir, validateConfig } from '../../../server/src/config/load.ts'
import { resolvePage } from '../../../server/src/config/pages.ts'
import { ctxFor, SG, shippedConfigDir } from './fixtures.ts'

// The Pay Rate page (tree of the downline choosing whose tables the grids edit, one tab per table), and grid actions kept or dropped by their own rules.

const grids = (widgets: readonly Widget[]) => widgets.flatMap((w): Widget[] => w.type === 'tabs' ? w.tabs.flatMap((tab) => tab.widgets) : [w]).filter((w): w is GridWidget => w.type === 'grid')

t.test('the shipped Pay Rate page: a tree driving one grid per table (payRatesN/I/K) with save and reset', async (t) => {
  const loaded = await loadConfig(shippedConfigDir)
  if (!loaded.ok) throw new Error('invalid shipped config')
  const page = resolvePage(loaded.config, ctxFor('ops', SG), '/control/payRate')
  if (page.status !== 'ok') throw new Error(page.status)
  const actions = [{ kind: 'save', endpoint: '/api/v1/4d/payRate', method: 'PUT', params: { UserId: { from: 'filter', name: 'UserId' } } }, { kind: 'reset', endpoint: '/api/v1/4d/payRateDefault' }]
  t.match(page.page.widgets, [
    { type: 'tree', data: { endpoint: '/api/v1/4d/mLoadDirectDownLine' }, children: { nodeParam: 'UserId' }, choose: { set: { UserId: 'UserId' } } },
    {
      type: 'tabs',
      tabs: [
        { labelKey: 'page.controlPayRate.tabN', widgets: [{ type: 'grid', id: 'ratesN', rowKey: 'Key', data: { endpoint: '/api/v1/4d/payRatesN', params: { UserId: { from: 'filter' } } }, actions }] },
        { labelKey: 'page.controlPayRate.tabI', widgets: [{ type: 'grid', id: 'ratesI', rowKey: 'Key', data: { endpoint: '/api/v1/4d/payRatesI' }, columns: [{ field: 'Class' }, { field: 'Form' }, { field: 'First' }], actions }] },
        { labelKey: 'page.controlPayRate.tabK', widgets: [{ type: 'grid', id: 'ratesK', rowKey: 'Key', data: { endpoint: '/api/v1/4d/payRatesK' }, actions }] }
      ]
    }
  ])
  t.notOk(JSON.stringify(page.page).includes('/api/v1/4d/payRates"'), 'the all-tables read is not bound: each tab reads its own table')
  t.ok(Value.Check(PageDescriptor, page.page))
  t.notOk(JSON.stringify(page.page).includes('"rule"'), 'action rules stay on the server')
})

t.test('a grid action whose rule fails is dropped: the grids are read-only for that user', async (t) => {
  const files = new Map((await readConfigDir(shippedConfigDir)).files)
  // The three grids share one definition (fragments/control.json#/payRateGrid).
  const control = JSON.parse(files.get('fragments/control.json') ?? '{}')
  control.payRateGrid.actions[0].rule = { adminPerm: 'AdminEdit' }
  files.set('fragments/control.json', JSON.stringify(control))
  const result = validateConfig(files)
  if (!result.ok) throw new Error(JSON.stringify(result.errors))
  const actions = (user: string) => {
    const page = resolvePage(result.config, ctxFor(user, SG), '/control/payRate')
    return page.status === 'ok' ? grids(page.page.widgets).map((g) => g.actions?.map((a) => a.kind)) : undefined
  }
  t.same(actions('admin'), [['save', 'reset'], ['save', 'reset'], ['save', 'reset']], 'AliasId ADMIN passes every admin check')
  t.same(actions('ops'), [['reset'], ['reset'], ['reset']], 'ops lacks AdminEdit: no save in any tab')

  control.payRateGrid.columns[1].labelKey = 'page.controlPayRate.nope'
  control.payRateGrid.actions[0].rule = 'Role == ADMIN'
  files.set('fragments/control.json', JSON.stringify(control))
  const broken = validateConfig(files)
  t.notOk(broken.ok, 'an expression string is no rule')
  control.payRateGrid.actions[0].rule = { adminPerm: 'DrawSetting' }
  files.set('fragments/control.json', JSON.stringify(control))
  const missing = validateConfig(files)
  t.match(missing.ok ? [] : missing.errors, [{ file: 'fragments/control.json', pointer: '/payRateGrid/columns/1/labelKey', message: /page\.controlPayRate\.nope/ }], 'every grid label is a key in the catalogues')
})
