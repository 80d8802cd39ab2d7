import t from 'tap'
import { Value } from 'typebox/value'
import { PageDescriptor } from '../../../schemas/widgets.ts'
import { loadConfig, readConfigDir, validateConfig } from '../../../server/src/config/load.ts'
import { resolvePage } from '../../../server/src/config/pages.ts'
import { ctxFor, profiles, SG, shippedConfigDir, TT } from './fixtures.ts'

// One descriptor format: whatever GET /ui/pages serves is the renderer's PageDescriptor, column sets resolved into table columns.

t.test('every page resolved for every user and location is a valid renderer PageDescriptor', async (t) => {
  const loaded = await loadConfig(shippedConfigDir)
  if (!loaded.ok) throw new Error('invalid shipped config')
  let checked = 0
  for (const user of Object.keys(profiles)) {
    for (const location of [SG, TT]) {
      for (const path of loaded.config.compiled.pages.keys()) {
        const result = resolvePage(loaded.config, ctxFor(user, location), path)
        if (result.status !== 'ok') continue
        checked++
        if (!Value.Check(PageDescriptor, result.page)) t.fail(`${user} ${path}: ${JSON.stringify([...Value.Errors(PageDescriptor, result.page)].slice(0, 3))}`)
        if (JSON.stringify(result.page).includes('"rule"')) t.fail(`${user} ${path}: a rule leaked into the descriptor`)
      }
    }
  }
  t.ok(checked > 100, `${checked} resolved pages checked`)
})

t.test('a column set becomes the table widget\'s columns; wired pages carry their bindings', async (t) => {
  const loaded = await loadConfig(shippedConfigDir)
  if (!loaded.ok) throw new Error('invalid shipped config')
  const page = (user: string, path: string, location = SG) => {
    const result = resolvePage(loaded.config, ctxFor(user, location), path)
    if (result.status !== 'ok') throw new Error(`${path}: ${result.status}`)
    return result.page
  }
  t.match(page('admin', '/report/full').widgets[1], { type: 'table', data: { endpoint: '/api/v1/4d/reportFull', dataPath: 'rows' }, columns: [{ field: 'UserId', labelKey: 'column.UserId', type: 'text', width: 110 }] })
  t.match(page('admin', '/report/full').widgets[1], { columns: [{}, {}, {}, { field: 'Tickets', type: 'number', sum: true }, {}, { field: 'Stake', type: 'money', sum: true }] })
  t.match(page('admin', '/control/announcement').widgets, [
    { type: 'form', submit: { endpoint: '/api/v1/4d/announcements', method: 'POST' } },
    { type: 'table', data: { endpoint: '/api/v1/4d/announcements' }, rowActions: [{ kind: 'call', method: 'DELETE', endpoint: '/api/v1/4d/announcements/:AnnouncementId' }] }
  ])
  t.match(page('admin', '/utilities/auditLog').widgets[1], { type: 'table', data: { endpoint: '/ui/audit', dataPath: 'items' }, paging: { param: 'cursor', nextPath: 'nextCursor' } })
  t.same(page('admin', '/report/drawResult').widgets.map((w) => w.id), ['drawFilter', 'result4d', 'drawResults'], '4D result at a 4D location')
  t.same(page('admin', '/report/tt/drawResult', TT).widgets.map((w) => w.id), ['drawFilter', 'resultTT', 'drawResults'], 'TOTO result at a TT location')
  const password = page('mem1', '/admin/changePassword').widgets[0]
  t.equal(password?.type === 'form' ? password.fields[1]?.passwordRules : false, true, 'the product\'s password rules')
  t.equal(password?.type === 'form' ? password.fields[2]?.equalTo : '', 'Password1', 'and the match rule')
})

t.test('inline table columns and widgets inside tabs are validated and resolved like column sets', async (t) => {
  const files = new Map((await readConfigDir(shippedConfigDir)).files)
  const home = JSON.parse(files.get('pages/admin-home.json') ?? '{}')
  home.widgets.push({
    type: 'tabs',
    id: 'tabs',
    tabs: [{ id: 'a', labelKey: 'page.adminHome.title', widgets: [{ type: 'table', id: 't', data: { endpoint: '/api/v1/4d/betSummaryFull' }, columns: 'bet-summary', rule: { tt: true } }, { type: 'table', id: 'u', data: { endpoint: '/api/v1/4d/betSummaryFull' }, columns: 'bet-summary' }] }]
  })
  files.set('pages/admin-home.json', JSON.stringify(home))
  const result = validateConfig(files)
  if (!result.ok) throw new Error(JSON.stringify(result.errors))
  const resolved = resolvePage(result.config, ctxFor('admin', SG), '/admin/home')
  if (resolved.status !== 'ok') throw new Error(resolved.status)
  const tabs = resolved.page.widgets[1]
  t.ok(tabs?.type === 'tabs' && tabs.tabs[0]?.widgets.length === 1, 'the TT-only table is dropped at SG')
  const table = tabs?.type === 'tabs' ? tabs.tabs[0]?.widgets[0] : undefined
  t.ok(table?.type === 'table' && table.columns.some((c) => c.field === 'Big') && !table.columns.some((c) => c.field === 'Units'), 'its column set resolved with column rules applied')
  t.ok(Value.Check(PageDescriptor, resolved.page))

  home.widgets[1].tabs[0].widgets[1].columns = 'nope'
  files.set('pages/admin-home.json', JSON.stringify(home))
  const broken = validateConfig(files)
  t.match(broken.ok ? [] : broken.errors, [{ file: 'pages/admin-home.json', pointer: '/widgets/1/tabs/0/widgets/1/columns', message: /unknown column set "nope"/ }])
})
