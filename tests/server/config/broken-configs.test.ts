import { execFile } from 'node:child_process'
import { readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import t from 'tap'
import { loadConfig, readConfigDir, validateConfig, type ConfigError } from '../../../server/src/config/load.ts'
import { copyConfig, shippedConfigDir } from './fixtures.ts'
import { MAX_RULE_DEPTH } from '../../../schemas/rule.ts'
import { bundled } from '../../helpers/bundled.ts'

const run = promisify(execFile)
const repoRoot = new URL('../../../', import.meta.url)

type Files = Map<string, string>
type Json = Record<string, any>

const shipped = (await readConfigDir(shippedConfigDir)).files
// Entries of the shipped api.json by path, and where a new one lands, so the variants follow its edits.
const shippedApi = JSON.parse(shipped.get('api.json') ?? '{}') as { endpoints: Array<{ path: string }> }
const at = (path: string) => shippedApi.endpoints.findIndex((e) => e.path === path)
const next = shippedApi.endpoints.length
const [upload, announcements, loc] = [at('files/upload'), at('announcements'), at('loc')]
// Bet Upload's files table (the one with selection actions), found by its id so new widgets above it do not move it.
const uploadFiles = (JSON.parse(shipped.get('pages/bet-bet-upload.json') ?? '{}') as { widgets: Array<{ id?: string }> }).widgets.findIndex((w) => w.id === 'files')
const edit = (file: string, change: (value: Json) => void) => (files: Files) => {
  const value = JSON.parse(files.get(file) ?? 'null') as Json
  change(value)
  files.set(file, JSON.stringify(value, null, 2))
}
const text = (file: string, change: (text: string) => string) => (files: Files) => { files.set(file, change(files.get(file) ?? '')) }

interface Variant { name: string, change: (files: Files) => void, file: string, pointer: string, message: RegExp, line?: number }

const variants: Variant[] = [
  { name: 'menu.json: trailing comma', change: text('menu.json', (s) => s.replace('"groups": [', '"groups": [,')), file: 'menu.json', pointer: '', message: /invalid JSON at line 3, column \d+/, line: 3 },
  { name: 'a page cut short', change: text('pages/admin-home.json', (s) => s.slice(0, 60)), file: 'pages/admin-home.json', pointer: '', message: /invalid JSON at line \d+/ },
  { name: 'en.json: single quotes', change: text('i18n/en.json', (s) => s.replace('"Administration"', "'Administration'")), file: 'i18n/en.json', pointer: '', message: /invalid JSON at line \d+, column \d+/ },
  { name: 'menu without groups', change: edit('menu.json', (m) => { delete m.groups }), file: 'menu.json', pointer: '', message: /add the required property "groups"/ },
  { name: 'unknown group property', change: edit('menu.json', (m) => { m.groups[0].colour = 'red' }), file: 'menu.json', pointer: '/groups/0/colour', message: /remove the unknown property "colour"/ },
  { name: 'label not a string', change: edit('menu.json', (m) => { m.groups[0].items[0].label = 7 }), file: 'menu.json', pointer: '/groups/0/items/0/label', message: /found 7: must be a string/ },
  { name: 'path without leading slash', change: edit('menu.json', (m) => { m.groups[0].items[0].path = 'admin/profile' }), file: 'menu.json', pointer: '/groups/0/items/0/path', message: /expected form/ },
  { name: 'lower-case view code', change: edit('menu.json', (m) => { m.groups[0].items[1].query.VW = 'ag' }), file: 'menu.json', pointer: '/groups/0/items/1/query/VW', message: /found "ag"/ },
  { name: 'LocId in the query (the client adds it)', change: edit('menu.json', (m) => { m.groups[0].items[1].query.LocId = 'SG' }), file: 'menu.json', pointer: '/groups/0/items/1/query/LocId', message: /remove the unknown property "LocId"/ },
  { name: 'flag on an unknown field', change: edit('menu.json', (m) => { m.groups[0].items[1].rule.all[0] = { flag: 'EnableEverything' } }), file: 'menu.json', pointer: '/groups/0/items/1/rule/all/0/flag', message: /unknown profile field "EnableEverything": "flag" takes one of Rank, / },
  { name: 'cmp on an unknown field', change: edit('menu.json', (m) => { m.groups[0].items[1].rule = { cmp: { field: 'Level', op: 'le', value: 2 } } }), file: 'menu.json', pointer: '/groups/0/items/1/rule/cmp/field', message: /unknown profile field "Level"/ },
  { name: 'cmp with an unknown operator', change: edit('menu.json', (m) => { m.groups[0].items[1].rule = { cmp: { field: 'Rank', op: '<=', value: 2 } } }), file: 'menu.json', pointer: '/groups/0/items/1/rule/cmp/op', message: /use one of lt, le, eq, ne, ge, gt/ },
  { name: 'cmp with a text value', change: edit('menu.json', (m) => { m.groups[0].items[1].rule = { cmp: { field: 'Rank', op: 'le', value: '2' } } }), file: 'menu.json', pointer: '/groups/0/items/1/rule/cmp/value', message: /must be a number/ },
  { name: 'a rule with two operators', change: edit('menu.json', (m) => { m.groups[0].items[1].rule = { role: 'AG', perm: 'MemberEdit' } }), file: 'menu.json', pointer: '/groups/0/items/1/rule', message: /combine them with "all" or "any"/ },
  { name: 'an empty rule', change: edit('menu.json', (m) => { m.groups[2].rule = {} }), file: 'menu.json', pointer: '/groups/2/rule', message: /empty rule/ },
  { name: 'an unknown operator', change: edit('menu.json', (m) => { m.groups[2].rule = { rank: 2 } }), file: 'menu.json', pointer: '/groups/2/rule/rank', message: /"rank" is not a rule operator/ },
  { name: 'tt: false', change: edit('menu.json', (m) => { m.groups[2].rule = { tt: false } }), file: 'menu.json', pointer: '/groups/2/rule/tt', message: /\{ "not": \{ "tt": true \} \}/ },
  { name: 'an unknown role', change: edit('menu.json', (m) => { m.groups[3].rule = { role: 'BOSS' } }), file: 'menu.json', pointer: '/groups/3/rule/role', message: /use one of ADMIN, AG, MEM/ },
  { name: 'an unknown setting', change: edit('menu.json', (m) => { m.groups[0].items[8].rule = { setting: 'mobileAppData.url' } }), file: 'menu.json', pointer: '/groups/0/items/8/rule/setting', message: /unknown setting/ },
  { name: 'an empty "any"', change: edit('menu.json', (m) => { m.groups[2].rule = { any: [] } }), file: 'menu.json', pointer: '/groups/2/rule/any', message: /non-empty list/ },
  { name: 'a menu path without a page', change: edit('menu.json', (m) => { m.groups[0].items[0].path = '/admin/profile2' }), file: 'menu.json', pointer: '/groups/0/items/0/path', message: /no page template serves "\/admin\/profile2"/ },
  { name: 'a TT path without a page', change: edit('menu.json', (m) => { m.groups[2].items[0].ttPath = '/report/tt/fullest' }), file: 'menu.json', pointer: '/groups/2/items/0/ttPath', message: /no page template serves/ },
  { name: 'an item with path and external', change: edit('menu.json', (m) => { m.groups[0].items[0].external = 'mobileAppData.downloadUrl' }), file: 'menu.json', pointer: '/groups/0/items/0', message: /exactly one of "path", "external" or "action"/ },
  { name: 'an item with no target', change: edit('menu.json', (m) => { delete m.groups[0].items[0].path }), file: 'menu.json', pointer: '/groups/0/items/0', message: /needs one of "path"/ },
  { name: 'a mobile path without path', change: edit('menu.json', (m) => { m.groups[0].items[8].mobilePath = '/admin/mobile' }), file: 'menu.json', pointer: '/groups/0/items/8/mobilePath', message: /variant of "path"/ },
  { name: 'a duplicate item key', change: edit('menu.json', (m) => { m.groups[1].items[0].key = 'profile' }), file: 'menu.json', pointer: '/groups/1/items/0/key', message: /duplicate item key "profile"/ },
  { name: 'a duplicate group key', change: edit('menu.json', (m) => { m.groups[1].key = 'administration' }), file: 'menu.json', pointer: '/groups/1/key', message: /duplicate group key/ },
  { name: 'two pages with one path', change: (f) => { f.set('pages/zz-copy.json', f.get('pages/admin-home.json') ?? '') }, file: 'pages/zz-copy.json', pointer: '/path', message: /duplicate path "\/admin\/home": pages\/admin-home.json already serves it/ },
  { name: 'a TT path that another page has', change: edit('pages/report-full.json', (p) => { p.ttPath = '/report/collection' }), file: 'pages/report-full.json', pointer: '/ttPath', message: /duplicate path "\/report\/collection"/ },
  { name: 'an unknown column set', change: edit('pages/report-full.json', (p) => { p.widgets[1].columns = 'report-fool' }), file: 'pages/report-full.json', pointer: '/widgets/1/columns', message: /unknown column set "report-fool": add columns\/report-fool.json or use one of/ },
  { name: 'a print action beside a printing table', change: edit('pages/report-full.json', (p) => { p.actions = [...(p.actions ?? []), { kind: 'print', id: 'print', labelKey: 'action.print' }] }), file: 'pages/report-full.json', pointer: `/actions/${JSON.parse(shipped.get('pages/report-full.json') ?? '{}').actions?.length ?? 0}`, message: /already has a Print button/ },
  { name: 'ticked rows without a row key', change: edit('pages/bet-bet-upload.json', (p) => { delete p.widgets[uploadFiles].rowKey }), file: 'pages/bet-bet-upload.json', pointer: `/widgets/${uploadFiles}/selectionActions`, message: /a table with selection actions needs a rowKey/ },
  { name: 'a selection action without its field', change: edit('pages/bet-bet-upload.json', (p) => { delete p.widgets[uploadFiles].selectionActions[0].field }), file: 'pages/bet-bet-upload.json', pointer: `/widgets/${uploadFiles}/selectionActions/0`, message: /add the required property "field"/ },
  { name: 'an unknown title key', change: edit('pages/admin-home.json', (p) => { p.title = 'page.nowhere.title' }), file: 'pages/admin-home.json', pointer: '/title', message: /unknown i18n key "page.nowhere.title": add it to i18n\/en.json/ },
  { name: 'a missing Chinese translation', change: edit('i18n/zh.json', (c) => { delete c.menu.profile }), file: 'i18n/zh.json', pointer: '/menu/profile', message: /missing translation of "menu.profile" \(en: "Profile"\)/ },
  { name: 'a key only in Chinese', change: edit('i18n/zh.json', (c) => { c.menu.extra = '额外' }), file: 'i18n/en.json', pointer: '/menu/extra', message: /missing translation of "menu.extra"/ },
  { name: 'an empty translation', change: edit('i18n/en.json', (c) => { c.menu.profile = ' ' }), file: 'i18n/en.json', pointer: '/menu/profile', message: /empty translation/ },
  { name: 'api.json: an endpoint for a page that does not exist', change: edit('api.json', (a) => { a.endpoints.push({ path: 'audits', methods: ['GET'], game: true, pages: ['/control/announcements'] }) }), file: 'api.json', pointer: `/endpoints/${next}/pages/0`, message: /no page template serves "\/control\/announcements"/ },
  { name: 'api.json: an endpoint no one may call', change: edit('api.json', (a) => { a.endpoints.push({ path: 'audits', methods: ['GET'], game: true }) }), file: 'api.json', pointer: `/endpoints/${next}`, message: /no page template binds GET audits: add "shell": true/ },
  { name: 'api.json: a public game endpoint', change: edit('api.json', (a) => { a.endpoints[0].game = true }), file: 'api.json', pointer: '/endpoints/0/public', message: /no session location/ },
  { name: 'api.json: a public POST', change: edit('api.json', (a) => { a.endpoints[0].methods = ['GET', 'POST'] }), file: 'api.json', pointer: '/endpoints/0/methods', message: /a public endpoint may only be read \(GET\)/ },
  { name: 'a rule nested deeper than the rule schema allows', change: edit('menu.json', (m) => { m.groups[2].rule = JSON.parse('{"not":'.repeat(MAX_RULE_DEPTH) + '{"tt":true}' + '}'.repeat(MAX_RULE_DEPTH)) }), file: 'menu.json', pointer: '/groups/2/rule' + '/not'.repeat(MAX_RULE_DEPTH), message: new RegExp(`rules nest at most ${MAX_RULE_DEPTH} levels deep`) },
  { name: 'api.json: a cached POST', change: edit('api.json', (a) => { a.endpoints[upload].cache = true }), file: 'api.json', pointer: `/endpoints/${upload}/cache`, message: /only GET answers are cached/ },
  { name: 'api.json: multipart on a GET', change: edit('api.json', (a) => { a.endpoints[announcements].multipart = true }), file: 'api.json', pointer: `/endpoints/${announcements}/multipart`, message: /only a POST or PUT carries a multipart body/ },
  { name: 'api.json: a method listed twice', change: edit('api.json', (a) => { a.endpoints.splice(upload, 0, { path: 'announcements', methods: ['GET'], game: true, shell: true }) }), file: 'api.json', pointer: `/endpoints/${upload}/methods`, message: /GET announcements is already listed/ },
  { name: 'api.json: an endpoint outside the game API contract', change: edit('api.json', (a) => { a.endpoints.push({ path: 'secretDump', methods: ['GET'], game: true, shell: true }) }), file: 'api.json', pointer: `/endpoints/${next}/path`, message: /GET secretDump is not in the game API contract \(schemas\/game-api-contract\.ts\)/ },
  { name: 'api.json: pages for an endpoint a page template binds', change: edit('api.json', (a) => { a.endpoints.push({ path: 'reportFull', methods: ['GET'], game: true, pages: ['/report/full'] }) }), file: 'api.json', pointer: `/endpoints/${next}/pages`, message: /already bound by pages\/report-full\.json: remove "pages"/ },
  { name: 'api.json: a game endpoint without game', change: edit('api.json', (a) => { delete a.endpoints[loc].game }), file: 'api.json', pointer: `/endpoints/${loc}/game`, message: /loc is a game endpoint: add "game": true/ },
  { name: 'page: a binding outside the game API contract', change: edit('pages/report-full.json', (p) => { p.widgets[1].data = { $ref: 'fragments/reports.json#/data', endpoint: '/api/v1/4d/reportEverything' } }), file: 'pages/report-full.json', pointer: '/widgets/1/data/endpoint', message: /GET \/api\/v1\/4d\/reportEverything is not in the game API contract/ },
  { name: 'page: a contract path with a method it does not have', change: edit('pages/control-announcement.json', (p) => { p.widgets[1].rowActions[0].method = 'PUT' }), file: 'pages/control-announcement.json', pointer: '/widgets/1/rowActions/0/endpoint', message: /which has DELETE for that path: use one of those methods/ },
  { name: 'page: a game endpoint without 4d/', change: edit('pages/report-full.json', (p) => { p.widgets[1].data = { $ref: 'fragments/reports.json#/data', endpoint: '/api/v1/reportFull' } }), file: 'pages/report-full.json', pointer: '/widgets/1/data/endpoint', message: /write it as \/api\/v1\/4d\/reportFull/ },
  { name: 'api.json: a path with a traversal', change: edit('api.json', (a) => { a.endpoints[1].path = '../profile' }), file: 'api.json', pointer: '/endpoints/1/path', message: /./ },
  { name: 'a section that is text', change: edit('i18n/en.json', (c) => { c.group = 'Groups' }), file: 'i18n/en.json', pointer: '/group', message: /a section is an object/ },
  { name: 'an unknown column type', change: edit('columns/report-full.json', (c) => { c.columns[0].type = 'currency' }), file: 'columns/report-full.json', pointer: '/columns/0/type', message: /use one of "text", "number", "money", "percent", "date", "status"/ },
  { name: 'a summed text column', change: edit('columns/report-full.json', (c) => { c.columns[0].sum = true }), file: 'columns/report-full.json', pointer: '/columns/0/sum', message: /cannot be summed/ },
  { name: 'a duplicate column', change: edit('columns/report-full.json', (c) => { c.columns[1].field = 'UserId' }), file: 'columns/report-full.json', pointer: '/columns/1/field', message: /duplicate column "UserId"/ },
  { name: 'two column sets with one key', change: (f) => { f.set('columns/zz-copy.json', f.get('columns/report-full.json') ?? '') }, file: 'columns/zz-copy.json', pointer: '/key', message: /already defined in columns\/report-full.json/ },
  { name: 'an unknown column header key', change: edit('columns/bets-detail.json', (c) => { c.columns[0].labelKey = 'column.nothing' }), file: 'columns/bets-detail.json', pointer: '/columns/0/labelKey', message: /unknown i18n key "column.nothing"/ },
  { name: 'an unknown status label key', change: edit('columns/ticket-bets.json', (c) => { c.columns[10].statusLabels = { won: 'column.nothing' } }), file: 'columns/ticket-bets.json', pointer: '/columns/10/statusLabels/won', message: /unknown i18n key "column.nothing"/ },
  { name: 'an unknown vocabulary', change: edit('columns/out-bets.json', (c) => { c.columns[1].valueLabels = 'common.nothing' }), file: 'columns/out-bets.json', pointer: '/columns/1/valueLabels', message: /no vocabulary "common.nothing" in i18n\/en.json/ },
  { name: 'a too narrow column', change: edit('columns/bets-detail.json', (c) => { c.columns[0].width = 5 }), file: 'columns/bets-detail.json', pointer: '/columns/0/width', message: /found 5/ },
  { name: 'an unknown text key in widget props', change: edit('pages/admin-installation-guide.json', (p) => { p.widgets[0].bodyKey = 'page.adminInstallationGuide.windows' }), file: 'pages/admin-installation-guide.json', pointer: '/widgets/0/bodyKey', message: /unknown i18n key "page.adminInstallationGuide.windows"/ },
  { name: 'a page pointing at the wrong schema', change: edit('pages/admin-home.json', (p) => { p.$schema = '../../schemas/menu.schema.json' }), file: 'pages/admin-home.json', pointer: '/$schema', message: /uses ..\/..\/schemas\/page.schema.json/ },
  { name: 'an action rule on an unknown field', change: edit('pages/admin-agents.json', (p) => { p.actions[0].rule = { flag: 'CanCreate' } }), file: 'pages/admin-agents.json', pointer: '/actions/0/rule/flag', message: /unknown profile field "CanCreate"/ },
  { name: 'a column rule on an unknown field', change: edit('columns/report-full.json', (c) => { c.columns[8].rule = { all: [{ not: { tt: true } }, { cmp: { field: 'share', op: 'gt', value: 0 } }] } }), file: 'columns/report-full.json', pointer: '/columns/8/rule/all/1/cmp/field', message: /unknown profile field "share"/ },
  { name: 'a page without widgets', change: edit('pages/admin-home.json', (p) => { delete p.widgets }), file: 'pages/admin-home.json', pointer: '', message: /add the required property "widgets"/ },
  { name: 'a widget type with a space', change: edit('pages/admin-home.json', (p) => { p.widgets[0].type = 'announcement list' }), file: 'pages/admin-home.json', pointer: '/widgets/0/type', message: /use one of "table", "form"/ },
  { name: 'a misspelt widget prop', change: edit('pages/control-announcement.json', (p) => { p.widgets[1].rowKeys = p.widgets[1].rowKey }), file: 'pages/control-announcement.json', pointer: '/widgets/1/rowKeys', message: /remove the unknown property "rowKeys"/ },
  { name: 'a misspelt binding field', change: edit('pages/utilities-auditLog.json', (p) => { p.widgets[1].data.endPoint = '/ui/audit' }), file: 'pages/utilities-auditLog.json', pointer: '/widgets/1/data/endPoint', message: /remove the unknown property "endPoint"/ },
  { name: 'a form field of an unknown kind', change: edit('pages/admin-changePassword.json', (p) => { p.widgets[0].fields[0].kind = 'secret' }), file: 'pages/admin-changePassword.json', pointer: '/widgets/0/fields/0/kind', message: /found "secret"/ },
  { name: 'an endpoint outside the API and the service', change: edit('pages/control-announcement.json', (p) => { p.widgets[1].data.endpoint = 'http://evil.example/x' }), file: 'pages/control-announcement.json', pointer: '/widgets/1/data/endpoint', message: /expected form/ },
  { name: 'an inline column that cannot be summed', change: edit('pages/control-announcement.json', (p) => { p.widgets[1].columns[1].sum = true }), file: 'pages/control-announcement.json', pointer: '/widgets/1/columns/1/sum', message: /cannot be summed/ },
  // Fragments: reported at the $ref that cannot be followed, or inside the fragment (naming the $ref) when what it holds is wrong.
  { name: 'a $ref to a missing fragment file', change: edit('pages/admin-home.json', (p) => { p.widgets[0] = { $ref: 'fragments/nowhere.json#/widget' } }), file: 'pages/admin-home.json', pointer: '/widgets/0/$ref', message: /no fragment file fragments\/nowhere\.json/ },
  { name: 'a $ref whose pointer names nothing', change: (files) => { files.set('fragments/home.json', JSON.stringify({ widget: { type: 'content', id: 'c', bodyKey: 'page.adminHome.title' } })); edit('pages/admin-home.json', (p) => { p.widgets[0] = { $ref: 'fragments/home.json#/widgets/0' } })(files) }, file: 'pages/admin-home.json', pointer: '/widgets/0/$ref', message: /fragments\/home\.json has nothing at #\/widgets\/0/ },
  { name: 'a $ref that is not a fragment reference', change: edit('pages/admin-home.json', (p) => { p.widgets[0] = { $ref: '../columns/tickets.json' } }), file: 'pages/admin-home.json', pointer: '/widgets/0/$ref', message: /is not a fragment reference/ },
  { name: 'fragments that include each other', change: (files) => { files.set('fragments/loop.json', JSON.stringify({ a: { $ref: 'fragments/loop.json#/b' }, b: { $ref: 'fragments/loop.json#/a' } })); edit('pages/admin-home.json', (p) => { p.widgets[0] = { $ref: 'fragments/loop.json#/a' } })(files) }, file: 'fragments/loop.json', pointer: '/b/$ref', message: /\$ref cycle: fragments\/loop\.json#\/a → fragments\/loop\.json#\/b → fragments\/loop\.json#\/a/ },
  { name: 'a fragment that is not valid JSON', change: (files) => { files.set('fragments/cut.json', '{ "widget": '); edit('pages/admin-home.json', (p) => { p.widgets[0] = { $ref: 'fragments/cut.json#/widget' } })(files) }, file: 'fragments/cut.json', pointer: '', message: /invalid JSON at line 1/ },
  { name: 'a fragment that resolves to an invalid widget', change: (files) => { files.set('fragments/home.json', JSON.stringify({ widgets: [{ type: 'announcements', id: 'announcements', data: { endpoint: '/api/v1/4d/announcements' }, delayMs: 'soon' }] })); edit('pages/admin-home.json', (p) => { p.widgets[0] = { $ref: 'fragments/home.json#/widgets/0', popups: true } })(files) }, file: 'fragments/home.json', pointer: '/widgets/0/delayMs', message: /must be a whole number.*\(used through the \$ref at pages\/admin-home\.json#\/widgets\/0\)/ },
  { name: 'an override beside a $ref that is wrong', change: (files) => { files.set('fragments/home.json', JSON.stringify({ widget: { type: 'announcements', id: 'announcements', data: { endpoint: '/api/v1/4d/announcements' } } })); edit('pages/admin-home.json', (p) => { p.widgets[0] = { $ref: 'fragments/home.json#/widget', popups: 'yes' } })(files) }, file: 'pages/admin-home.json', pointer: '/widgets/0/popups', message: /must be a boolean/ },
  { name: 'an unknown i18n key inside a fragment', change: (files) => { files.set('fragments/home.json', JSON.stringify({ widget: { type: 'content', id: 'c', bodyKey: 'page.adminHome.nothing' } })); edit('pages/admin-home.json', (p) => { p.widgets[0] = { $ref: 'fragments/home.json#/widget' } })(files) }, file: 'fragments/home.json', pointer: '/widget/bodyKey', message: /unknown i18n key "page.adminHome.nothing".*used through the \$ref at pages\/admin-home\.json#\/widgets\/0/ },
  { name: 'an unknown label key in a form field', change: edit('pages/admin-mobile.json', (p) => { p.widgets[1].fields[0].labelKey = 'page.adminMobile.nothing' }), file: 'pages/admin-mobile.json', pointer: '/widgets/1/fields/0/labelKey', message: /unknown i18n key "page.adminMobile.nothing"/ }
]

const good = validateConfig(shipped)

t.test('the shipped config is valid', async (t) => {
  t.ok(good.ok, good.ok ? 'valid' : JSON.stringify(good.errors, null, 2))
})

t.test(`${variants.length} broken variants are each rejected with file, pointer and a message saying what to change`, async (t) => {
  t.ok(variants.length >= 30)
  for (const variant of variants) {
    const files = new Map(shipped)
    variant.change(files)
    const result = validateConfig(files)
    if (result.ok) { t.fail(`${variant.name}: accepted`); continue }
    const hit = result.errors.find((e: ConfigError) => e.file === variant.file && e.pointer === variant.pointer && variant.message.test(e.message))
    t.ok(hit, `${variant.name}: ${hit ? `${hit.file}#${hit.pointer}: ${hit.message}` : JSON.stringify(result.errors, null, 1)}`)
    if (variant.line !== undefined) t.equal(hit?.line, variant.line, `${variant.name}: line`)
    t.not(result.version, good.ok ? good.config.version : '', `${variant.name}: its own version`)
  }
})

t.test('missing files are named', async (t) => {
  const dir = copyConfig(t)
  unlinkSync(join(dir, 'menu.json'))
  rmSync(join(dir, 'i18n', 'zh.json'))
  const result = await loadConfig(dir)
  t.notOk(result.ok)
  if (result.ok) return
  t.match(result.errors, [{ file: 'menu.json', pointer: '', message: /missing: create menu.json/ }, { file: 'i18n/zh.json', message: /missing/ }])
  const none = await loadConfig(join(dir, 'nowhere'))
  t.notOk(none.ok)
})

t.test('npm run config:check prints file#pointer: message and exits 1, or the version and 0', async (t) => {
  const dir = copyConfig(t)
  const script = await bundled(new URL('server/scripts/config-check.ts', repoRoot).pathname)
  const ok = await run(process.execPath, [script, dir], { cwd: repoRoot })
  t.match(ok.stdout, /config valid, version [0-9a-f]{16}/)
  const menu = JSON.parse(readFileSync(join(dir, 'menu.json'), 'utf8')) as Json
  menu.groups[0].items[1].rule.all[0] = { flag: 'EnableEverything' }
  writeFileSync(join(dir, 'menu.json'), JSON.stringify(menu))
  writeFileSync(join(dir, 'pages', 'admin-home.json'), '{ "path": "/admin/home", }')
  const agents = JSON.parse(readFileSync(join(dir, 'fragments', 'agents.json'), 'utf8')) as Json
  agents.downlineTable.rowKey = 7
  writeFileSync(join(dir, 'fragments', 'agents.json'), JSON.stringify(agents))
  const failed = await run(process.execPath, [script, dir], { cwd: repoRoot }).then(() => undefined, (error: { code: number, stderr: string }) => error)
  t.equal(failed?.code, 1)
  t.match(failed?.stderr, /^menu\.json#\/groups\/0\/items\/1\/rule\/all\/0\/flag: unknown profile field "EnableEverything"/m)
  t.match(failed?.stderr, /^pages\/admin-home\.json#: invalid JSON at line 1, column \d+/m)
  t.match(failed?.stderr, /^fragments\/agents\.json#\/downlineTable\/rowKey: .*\(used through the \$ref at pages\/admin-agents\.json#\/widgets\/1\)$/m, 'a fragment\'s mistake at its own file and pointer')
})
