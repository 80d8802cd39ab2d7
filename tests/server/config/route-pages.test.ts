import t from 'tap'
import { Value } from 'typebox/value'
import { PageDescriptor } from '../../../schemas/widgets.ts'
import { readConfigDir, validateConfig } from '../../../server/src/config/load.ts'
import { matchRoute, resolvePage } from '../../../server/src/config/pages.ts'
import { ctxFor, profiles, SG, shippedConfigDir } from './fixtures.ts'

// Pages with :Name segments (/admin/agents/:UserId): matched by the service, gated by their list's menu item, values in the descriptor.
// Their forms are checked at load beyond the schema: conditions, layouts, options, bounds and route names.

type Json = Record<string, any>
const shipped = (await readConfigDir(shippedConfigDir)).files

/** An agent page: its record loaded by the route's UserId, a share bounded by the parent's, a conditional field, nested sections. */
const agentPage = (): Json => ({
  path: '/admin/agents/:UserId',
  menuPath: '/admin/agents',
  title: 'page.adminAgents.title',
  back: true,
  widgets: [{
    type: 'form',
    id: 'agent',
    load: { endpoint: '/api/v1/4d/agents/profile', params: { UserId: { from: 'route', name: 'UserId' } } },
    fields: [
      { name: 'Type', labelKey: 'column.UserId', kind: 'select', options: [{ value: 'A', labelKey: 'column.UserId' }] },
      { name: 'Name', labelKey: 'column.UserId', kind: 'text', visibleWhen: { field: 'Type', equals: 'A' } },
      { name: 'dShare', labelKey: 'column.UserId', kind: 'share', max: { loaded: 'dShare' } },
      { name: 'Perms', labelKey: 'column.UserId', kind: 'checkboxes', optionsFrom: { data: { endpoint: '/api/v1/4d/permissions' }, valueField: 'Name' } },
      {
        name: 'Groups',
        labelKey: 'column.UserId',
        kind: 'repeat',
        itemKey: 'column.UserId',
        minItems: 1,
        maxItems: 5,
        fields: [
          { name: 'Name', labelKey: 'column.UserId', kind: 'text', required: true },
          { name: 'UserIds', labelKey: 'column.UserId', kind: 'multiselect', optionsFrom: { data: { endpoint: '/api/v1/4d/mLoadDirectDownLine' }, valueField: 'UserId' } }
        ]
      }
    ],
    layout: [{ kind: 'section', titleKey: 'column.UserId', columns: 2, fields: ['Type'], children: [{ kind: 'tabs', tabs: [{ id: 'a', labelKey: 'column.UserId', children: [{ kind: 'section', fields: ['Name', 'dShare'] }] }] }] }],
    submit: { endpoint: '/api/v1/4d/agents', method: 'PUT', labelKey: 'column.UserId', params: { UserId: { from: 'route', name: 'UserId' } } }
  }],
  actions: [
    { kind: 'call', id: 'recalc', labelKey: 'action.createAgent', endpoint: '/api/v1/4d/cache/clear', method: 'POST', confirmKey: 'action.createAgent', params: { UserId: { from: 'route', name: 'UserId' } } }
  ]
})

function withPage (page: Json): Map<string, string> {
  const files = new Map(shipped)
  files.set('pages/zz-agent.json', JSON.stringify(page))
  return files
}

t.test('a route template matches one plain segment per :Name, and nothing else', async (t) => {
  const segments = ['admin', 'agents', ':UserId']
  t.same(matchRoute(segments, '/admin/agents/ag1'), { UserId: 'ag1' })
  t.equal(matchRoute(segments, '/admin/agents'), undefined)
  t.equal(matchRoute(segments, '/admin/agents/ag1/x'), undefined)
  t.equal(matchRoute(segments, '/admin/players/ag1'), undefined)
  for (const bad of ['/admin/agents/..', '/admin/agents/a%2Fb', '/admin/agents/a.b', '/admin/agents/']) t.equal(matchRoute(segments, bad), undefined, bad)
})

t.test('a page with a route parameter is served wherever its list is, with the values in the descriptor', async (t) => {
  const loaded = validateConfig(withPage(agentPage()))
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors))
  let allowed = 0
  for (const user of Object.keys(profiles)) {
    const ctx = ctxFor(user, SG)
    const list = resolvePage(loaded.config, ctx, '/admin/agents')
    const detail = resolvePage(loaded.config, ctx, '/admin/agents/ag2')
    t.equal(detail.status, list.status, `${user}: the detail page follows the menu item of /admin/agents`)
    if (detail.status !== 'ok') continue
    allowed++
    t.same(detail.page.route, { UserId: 'ag2' })
    t.equal(detail.page.path, '/admin/agents/ag2')
    t.ok(Value.Check(PageDescriptor, detail.page), 'a valid renderer descriptor')
    t.match(detail.page.actions, [{ kind: 'call', endpoint: '/api/v1/4d/cache/clear', confirmKey: 'action.createAgent' }])
    t.equal(list.status === 'ok' && list.page.route, undefined, 'an exact page carries no route values')
  }
  t.ok(allowed > 0 && allowed < Object.keys(profiles).length, `${allowed} users may open it, the others get 403`)
  t.equal(resolvePage(loaded.config, ctxFor('admin', SG), '/admin/agents/ag2/more').status, 'not-found')
})

interface Broken { name: string, change: (page: Json) => void, pointer: string, message: RegExp }
const broken: Broken[] = [
  { name: 'a route parameter the path lacks', change: (p) => { p.path = '/admin/agents/detail' }, pointer: '/widgets/0/load/params/UserId/name', message: /has no ":UserId" segment/ },
  { name: 'a condition on an unknown field', change: (p) => { p.widgets[0].fields[1].visibleWhen = { not: { field: 'Kind', equals: 'A' } } }, pointer: '/widgets/0/fields/1/visibleWhen', message: /reads "Kind", which is not a field of this form: use one of Type, Name/ },
  { name: 'a condition on the field itself', change: (p) => { p.widgets[0].fields[1].requiredWhen = { field: 'Name', equals: 'x' } }, pointer: '/widgets/0/fields/1/requiredWhen', message: /cannot read the field itself/ },
  { name: 'a condition as an expression string', change: (p) => { p.widgets[0].fields[1].visibleWhen = 'Type == "A"' }, pointer: '/widgets/0/fields/1/visibleWhen', message: /./ },
  { name: 'a layout naming an unknown field', change: (p) => { p.widgets[0].layout[0].children[0].tabs[0].children[0].fields.push('Nope') }, pointer: '/widgets/0/layout/0/children/0/tabs/0/children/0/fields/2', message: /places "Nope"/ },
  { name: 'a field placed twice', change: (p) => { p.widgets[0].layout[0].fields.push('Name') }, pointer: '/widgets/0/layout/0/children/0/tabs/0/children/0/fields/0', message: /"Name" is placed twice/ },
  { name: 'options from data on a text field', change: (p) => { p.widgets[0].fields[1].optionsFrom = { data: { endpoint: '/api/v1/x' }, valueField: 'v' } }, pointer: '/widgets/0/fields/1/optionsFrom', message: /options come only to select/ },
  { name: 'a bound from the record without a load', change: (p) => { delete p.widgets[0].load; p.widgets[0].submit.params = {} }, pointer: '/widgets/0/fields/2/max', message: /has no "load"/ },
  { name: 'a bound on a text field', change: (p) => { p.widgets[0].fields[1].min = 1 }, pointer: '/widgets/0/fields/1/min', message: /only number, share/ },
  { name: 'a repeating group without item fields', change: (p) => { delete p.widgets[0].fields[4].fields }, pointer: '/widgets/0/fields/4', message: /has no "fields": list the fields of one item/ },
  { name: 'item fields on a text field', change: (p) => { p.widgets[0].fields[1].fields = [{ name: 'A', labelKey: 'column.UserId', kind: 'text' }] }, pointer: '/widgets/0/fields/1/fields', message: /belongs to a repeating group/ },
  { name: 'more items needed than allowed', change: (p) => { p.widgets[0].fields[4].minItems = 6 }, pointer: '/widgets/0/fields/4/minItems', message: /above "maxItems"/ },
  { name: 'an item field named twice', change: (p) => { p.widgets[0].fields[4].fields[1].name = 'Name' }, pointer: '/widgets/0/fields/4/fields/1/name', message: /"Name" is an item field twice/ },
  { name: 'options from data on an item\'s text field', change: (p) => { p.widgets[0].fields[4].fields[0].optionsFrom = { data: { endpoint: '/api/v1/x' }, valueField: 'v' } }, pointer: '/widgets/0/fields/4/fields/0/optionsFrom', message: /options come only to select/ },
  { name: 'a repeating group inside an item', change: (p) => { p.widgets[0].fields[4].fields[0].kind = 'repeat' }, pointer: '/widgets/0/fields/4/fields/0/kind', message: /./ },
  { name: 'a repeating group in filters', change: (p) => { p.widgets.unshift({ type: 'filters', id: 'f', fields: [{ name: 'G', labelKey: 'column.UserId', kind: 'repeat', fields: [{ name: 'A', labelKey: 'column.UserId', kind: 'text' }] }] }) }, pointer: '/widgets/0/fields/0/kind', message: /filters cannot hold a repeating group/ },
  { name: 'a menu path no page serves', change: (p) => { p.menuPath = '/admin/agentz' }, pointer: '/menuPath', message: /no page template serves "\/admin\/agentz"/ },
  { name: 'an unknown key in a page action', change: (p) => { p.actions[0].confirmKey = 'action.nowhere' }, pointer: '/actions/0/confirmKey', message: /unknown i18n key "action.nowhere"/ }
]

t.test(`${broken.length} broken forms and route pages are rejected with file, pointer and a fix`, async (t) => {
  for (const variant of broken) {
    const page = agentPage()
    variant.change(page)
    const result = validateConfig(withPage(page))
    if (result.ok) { t.fail(`${variant.name}: accepted`); continue }
    const hit = result.errors.find((e) => e.file === 'pages/zz-agent.json' && e.pointer === variant.pointer && variant.message.test(e.message))
    t.ok(hit, `${variant.name}: ${hit ? hit.message : JSON.stringify(result.errors.slice(0, 3))}`)
  }
})
