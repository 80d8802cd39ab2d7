import t from 'tap'
import { Value } from 'typebox/value'
import { PageDescriptor } from '../../../schemas/widgets.ts'
import { loadConfig, readConfigDir, validateConfig } from '../../../server/src/config/load.ts'
import { resolvePage } from '../../../server/src/config/pages.ts'
import { ctxFor, SG, shippedConfigDir } from './fixtures.ts'

// The Pay Rate page (tree of the downline choosing whose table the grid edits), and grid actions kept or dropped by their own rules.

t.test('the shipped Pay Rate page: a tree driving a grid with save and reset', async (t) => {
  const loaded = await loadConfig(shippedConfigDir)
  if (!loaded.ok) throw new Error('invalid shipped config')
  const page = resolvePage(loaded.config, ctxFor('ops', SG), '/control/payRate')
  if (page.status !== 'ok') throw new Error(page.status)
  t.match(page.page.widgets, [
    { type: 'tree', data: { endpoint: '/api/v1/4d/mLoadDirectDownLine' }, children: { nodeParam: 'UserId' }, choose: { set: { UserId: 'UserId' } } },
    { type: 'grid', rowKey: 'Key', actions: [{ kind: 'save', endpoint: '/api/v1/4d/payRate', method: 'PUT' }, { kind: 'reset', endpoint: '/api/v1/4d/payRateDefault' }] }
  ])
  t.ok(Value.Check(PageDescriptor, page.page))
  t.notOk(JSON.stringify(page.page).includes('"rule"'), 'action rules stay on the server')
})

t.test('a grid action whose rule fails is dropped: the grid is read-only for that user', async (t) => {
  const files = new Map((await readConfigDir(shippedConfigDir)).files)
  const rates = JSON.parse(files.get('pages/control-payRate.json') ?? '{}')
  rates.widgets[1].actions[0].rule = { adminPerm: 'AdminEdit' }
  files.set('pages/control-payRate.json', JSON.stringify(rates))
  const result = validateConfig(files)
  if (!result.ok) throw new Error(JSON.stringify(result.errors))
  const actions = (user: string) => {
    const page = resolvePage(result.config, ctxFor(user, SG), '/control/payRate')
    const grid = page.status === 'ok' ? page.page.widgets.find((w) => w.type === 'grid') : undefined
    return grid?.type === 'grid' ? grid.actions?.map((a) => a.kind) : undefined
  }
  t.same(actions('admin'), ['save', 'reset'], 'AliasId ADMIN passes every admin check')
  t.same(actions('ops'), ['reset'], 'ops lacks AdminEdit: no save')

  rates.widgets[1].columns[2].labelKey = 'page.controlPayRate.nope'
  rates.widgets[1].actions[0].rule = 'Role == ADMIN'
  files.set('pages/control-payRate.json', JSON.stringify(rates))
  const broken = validateConfig(files)
  t.notOk(broken.ok, 'an expression string is no rule')
  rates.widgets[1].actions[0].rule = { adminPerm: 'DrawSetting' }
  files.set('pages/control-payRate.json', JSON.stringify(rates))
  const missing = validateConfig(files)
  t.match(missing.ok ? [] : missing.errors, [{ file: 'pages/control-payRate.json', pointer: '/widgets/1/columns/2/labelKey', message: /page\.controlPayRate\.nope/ }], 'every grid label is a key in the catalogues')
})
