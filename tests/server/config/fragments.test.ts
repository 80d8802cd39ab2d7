import { readFileSync } from 'node:fs'
import t from 'tap'
import { Value } from 'typebox/value'
import { readConfigDir, validateConfig } from '../../../server/src/config/load.ts'
import { resolvePage } from '../../../server/src/config/pages.ts'
import { ctxFor, SG, shippedConfigDir } from './fixtures.ts'

// Fragments: what a page that uses one is served, how the keys beside "$ref" combine with it, and that editors
// validating through "$schema" accept a page written with them (the broken cases are in broken-configs.test.ts).

const shipped = (await readConfigDir(shippedConfigDir)).files
const home = JSON.parse(shipped.get('pages/admin-home.json') ?? '{}') as { widgets: Array<Record<string, unknown>> }
const announcements = home.widgets[0] ?? {}

/** The shipped config with admin-home's first widget written as widget, and the fragment files added. */
function withHome (widget: unknown, fragments: Record<string, unknown>) {
  const files = new Map(shipped)
  files.set('pages/admin-home.json', JSON.stringify({ ...home, widgets: [widget] }))
  for (const [name, value] of Object.entries(fragments)) files.set(`fragments/${name}`, JSON.stringify(value))
  return files
}

function served (files: Map<string, string>) {
  const result = validateConfig(files)
  if (!result.ok) throw new Error(JSON.stringify(result.errors, null, 1))
  const page = resolvePage(result.config, ctxFor('admin', SG), '/admin/home')
  if (page.status !== 'ok') throw new Error(page.status)
  return page.page
}

t.test('a page using a fragment is served exactly as the page written out', async (t) => {
  const written = served(new Map(shipped))
  t.same(served(withHome({ $ref: 'fragments/home.json#/announcements' }, { 'home.json': { announcements } })), written, 'a pointer into a file')
  t.same(served(withHome({ $ref: 'fragments/whole.json' }, { 'whole.json': { $schema: '../../schemas/fragment.schema.json', ...announcements } })), written, 'no pointer: the whole file, without its "$schema"')
  t.same(served(withHome({ $ref: 'fragments/outer.json#/w' }, { 'outer.json': { w: { $ref: 'fragments/inner.json#/a~1b' } }, 'inner.json': { 'a/b': announcements } })), written, 'a fragment using a fragment, an escaped pointer')
})

t.test('keys beside "$ref" replace the fragment\'s keys (shallowly); null removes one', async (t) => {
  const page = served(withHome({ $ref: 'fragments/home.json#/announcements', delayMs: 900, data: { endpoint: '/api/v1/4d/announcements' }, popups: null }, { 'home.json': { announcements: { ...announcements, data: { endpoint: '/api/v1/4d/announcements', dataPath: 'rows' } } } }))
  const widget = page.widgets[0] as Record<string, unknown>
  t.equal(widget.delayMs, 900, 'an override wins')
  t.same(widget.data, { endpoint: '/api/v1/4d/announcements' }, 'an object override replaces the whole object')
  t.notOk('popups' in widget, 'null removes the key')
  t.equal(widget.id, announcements.id, 'the rest comes from the fragment')
})

t.test('a fragment change is a new config version', async (t) => {
  const a = validateConfig(withHome({ $ref: 'fragments/home.json#/w' }, { 'home.json': { w: announcements } }))
  const b = validateConfig(withHome({ $ref: 'fragments/home.json#/w' }, { 'home.json': { w: { ...announcements, delayMs: 1 } } }))
  if (!a.ok || !b.ok) throw new Error('both configs are valid')
  t.not(a.config.version, b.config.version)
})

t.test('editors validating through "$schema" accept fragment references and still catch mistakes', async (t) => {
  const schemaOf = (name: string) => JSON.parse(readFileSync(new URL(`../../../schemas/${name}.schema.json`, import.meta.url), 'utf8')) as object
  const [pageSchema, columnsSchema] = [schemaOf('page'), schemaOf('columns')]
  const checkPage = (value: unknown) => Value.Check(pageSchema, value)
  const checkColumns = (value: unknown) => Value.Check(columnsSchema, value)
  // The shipped files, fragments in use, are checked against their schemas by tests/schemas/generated.test.ts.
  t.ok(checkPage({ ...home, widgets: [{ $ref: 'fragments/home.json#/announcements', delayMs: 900 }] }), 'a widget')
  t.ok(checkColumns({ key: 'k', columns: [{ $ref: 'fragments/columns.json#/UserId' }] }), 'a column')
  t.ok(checkColumns({ key: 'k', columns: { $ref: 'fragments/columns.json#/report' } }), 'a whole list')
  t.notOk(checkPage({ ...home, widgets: [{ $ref: '../pages/x.json' }] }), 'a reference outside fragments/ is refused')
  t.notOk(checkPage({ ...home, widgets: [{ ...announcements, delayMs: 'soon' }] }), 'a page written out is still checked')
})
