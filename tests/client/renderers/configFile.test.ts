import t from 'tap'
import { readFileSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { fromRoot } from '../../../server/shared/paths.ts'
import { ApiError } from '../../../client/src/lib/errors.ts'
import {
  chosenPath, configSchemaNameOf, draftEndpoint, draftFilesEndpoint, draftIdOf, editsAfterSave, fileGroups, problemPlace, savePayload, saveRefusal,
  shownFile, textProblems, typedEdit
} from '../../../client/src/renderers/lib/configFileModel.ts'

// The config file editor's logic (Utilities › Configuration's draft editor): a file's schema by its path, the problems of a typed
// text at their JSON pointers (or a syntax error's line), and what a save sends and what its refusals mean.

type Json = Record<string, any>
const schema = (name: string) => JSON.parse(readFileSync(fromRoot(`schemas/${name}.schema.json`), 'utf8')) as object
const [pageSchema, columnsSchema, menuSchema] = [schema('page'), schema('columns'), schema('menu')]
const shipped = (path: string) => readFileSync(fromRoot(`menus/${path}`), 'utf8')
/** A small column set written without fragments. */
const columnSet = (columns: Json[]) => JSON.stringify({ $schema: '../../schemas/columns.schema.json', key: 'sample', columns }, null, 2)
const stake = { field: 'Stake', labelKey: 'column.stake', type: 'money', width: 110 }
/** A page with a table of widget 0, and what else is given. */
const page = (widgets: Json[]) => JSON.stringify({ $schema: '../../schemas/page.schema.json', path: '/sample', title: 'page.sample.title', widgets })
const table = { type: 'table', id: 'list', data: { endpoint: '/api/v1/4d/bets' }, columns: 'sample' }

t.test('each file is checked against the schema its path names, as the loader checks "$schema"', async (t) => {
  t.equal(configSchemaNameOf('menu.json'), 'menu')
  t.equal(configSchemaNameOf('api.json'), 'api')
  t.equal(configSchemaNameOf('pages/report-full.json'), 'page')
  t.equal(configSchemaNameOf('columns/report-full.json'), 'columns')
  t.equal(configSchemaNameOf('fragments/report-full-columns.json'), 'fragment')
  t.equal(configSchemaNameOf('i18n/zh.json'), 'i18n')
  t.equal(configSchemaNameOf('pages.json'), undefined, 'a path no schema covers is checked as JSON only')
  t.same(textProblems('{ "anything": [1, 2] }', undefined), [], 'without a schema, valid JSON has no problems')
})

t.test('a valid file has no problems: the shipped column set (with fragments), a page, the menu, a written column set', async (t) => {
  t.same(textProblems(shipped('columns/report-full.json'), columnsSchema), [])
  t.same(textProblems(shipped('pages/report-full.json'), pageSchema), [])
  t.same(textProblems(shipped('menu.json'), menuSchema), [])
  t.same(textProblems(columnSet([stake]), columnsSchema), [])
})

t.test('a wrong value is named at its JSON pointer, with what it must be', async (t) => {
  t.same(textProblems(columnSet([stake, { ...stake, field: 'Win', width: 'wide' }]), columnsSchema),
    [{ pointer: '/columns/1/width', kind: 'type', values: { found: '"wide"', expected: 'integer' } }])
  t.same(textProblems(JSON.stringify({ key: 7, columns: [stake] }), columnsSchema), [{ pointer: '/key', kind: 'type', values: { found: '7', expected: 'string' } }])
  t.match(textProblems(columnSet([{ ...stake, type: 'cash' }]), columnsSchema), [{ pointer: '/columns/0/type', kind: 'enum', values: { found: '"cash"', allowed: /"money"/ } }])
  t.same(textProblems(columnSet([{ ...stake, colour: 'red' }]), columnsSchema), [{ pointer: '/columns/0/colour', kind: 'unknownProperty', values: { property: 'colour' } }])
  t.same(textProblems(JSON.stringify({ key: 'sample' }), columnsSchema), [{ pointer: '', kind: 'required', values: { property: 'columns' } }], 'a missing property at the object that lacks it')
})

t.test('inside a union (a page\'s widgets) the problem is told for the widget the author wrote, not for every other kind', async (t) => {
  t.same(textProblems(page([{ ...table, id: 5 }]), pageSchema), [{ pointer: '/widgets/0/id', kind: 'type', values: { found: '5', expected: 'string' } }])
  t.same(textProblems(page([{ ...table, type: 'tabel' }]), pageSchema), [{ pointer: '/widgets/0/type', kind: 'const', values: { found: '"tabel"', expected: '"table"' } }],
    'a misspelt type is held against the kind whose properties the widget has')
  t.match(textProblems(page([{ ...table, rule: { role: 'BOSS' } }]), pageSchema), [{ pointer: '/widgets/0/rule/role', kind: 'enum' }])
  t.same(textProblems(page([{ $ref: 'parts.json' }]), pageSchema), [{ pointer: '/widgets/0/$ref', kind: 'pattern', values: { found: '"parts.json"', pattern: '^fragments/([A-Za-z0-9._-]+\\.json)(?:#(.*))?$' } }])
})

t.test('the configFile widget is part of the page schema (schemas:build ran): its draft from the route or a filter only', async (t) => {
  const editor = { type: 'configFile', id: 'editor', titleKey: 'page.sample.editor', draftFrom: { from: 'route', name: 'id' }, pathFrom: { from: 'query', name: 'file' } }
  t.same(textProblems(page([editor]), pageSchema), [])
  t.same(textProblems(page([{ ...editor, draftFrom: { from: 'session', name: 'UserId' } }]), pageSchema),
    [{ pointer: '/widgets/0/draftFrom/from', kind: 'const', values: { found: '"session"', expected: '"route"' } }])
  t.same(textProblems(page([{ ...editor, endpoint: '/ui/config/drafts/1' }]), pageSchema), [{ pointer: '/widgets/0/endpoint', kind: 'unknownProperty', values: { property: 'endpoint' } }],
    'the endpoints are the widget\'s own, never the descriptor\'s')
})

t.test('a syntax error is told at its line and column, before any schema check', async (t) => {
  const text = '{\n  "key": "sample",\n  "columns": [\n    { "field": "Stake", }\n  ]\n}'
  t.same(textProblems(text, columnsSchema), [{ pointer: '', kind: 'syntax', values: { line: '4', column: '25' } }], 'the comma before } on line 4')
  t.same(textProblems('{ "key": "sample"', columnsSchema), [{ pointer: '', kind: 'syntax', values: { line: '1', column: '18' } }], 'a text that ends too early, at its end')
  t.equal(textProblems('', columnsSchema)[0]?.kind, 'syntax', 'an empty file is not JSON')
})

t.test('a save sends the path, the text and the revision it read, to the draft\'s files', async (t) => {
  t.same(savePayload('columns/report-full.json', '{}', 3), { path: 'columns/report-full.json', text: '{}', revision: 3 })
  t.equal(draftEndpoint(12), '/ui/config/drafts/12')
  t.equal(draftFilesEndpoint(12), '/ui/config/drafts/12/files')
})

t.test('unsaved text keeps the revision it was read at: a re-read of the draft at a newer one does not move its save past a later save', async (t) => {
  // Read at revision 3; the operator types; the page reads the draft again at 4 (another operator, or a form editor, saved).
  const typed = typedEdit(undefined, '{ "key": "mine" }', shownFile(undefined, '{ "key": "old" }', 3))
  t.same(typed, { text: '{ "key": "mine" }', base: '{ "key": "old" }', revision: 3 })
  const reread = shownFile(typed, '{ "key": "theirs" }', 4)
  t.same(reread, { text: '{ "key": "mine" }', revision: 3, dirty: true }, 'the operator\'s text stays, at the revision it was read at')
  t.same(savePayload('columns/a.json', reread.text, reread.revision), { path: 'columns/a.json', text: '{ "key": "mine" }', revision: 3 },
    'so the service refuses its save (409) rather than write over revision 4')
  const more = typedEdit(typed, '{ "key": "mine!" }', reread)
  t.equal(more.revision, 3, 'typing on after the re-read keeps the revision too')
  t.same(shownFile(undefined, '{ "key": "theirs" }', 4), { text: '{ "key": "theirs" }', revision: 4, dirty: false }, 'a reload (the edit given up) shows the draft as it is now')
})

t.test('without unsaved text the file follows the draft as read again, and typing starts from what is shown', async (t) => {
  t.same(shownFile(undefined, 'B', 4), { text: 'B', revision: 4, dirty: false })
  const undone = typedEdit(typedEdit(undefined, 'A!', shownFile(undefined, 'A', 3)), 'A', shownFile(undefined, 'A', 3))
  t.same(shownFile(undone, 'B', 4), { text: 'B', revision: 4, dirty: false }, 'typed back to the text read: nothing unsaved, the newer text shows')
  t.same(typedEdit(undone, 'B!', shownFile(undone, 'B', 4)), { text: 'B!', base: 'B', revision: 4 }, 'then typing is over the newer text, at its revision')
  t.same(shownFile(undefined, undefined, 4), { text: '', revision: 4, dirty: false }, 'a file the draft lacks is empty')
})

t.test('after a save: its text gone from the edits, typing done meanwhile over the saved text at the answer, other files read at the revision sent moved on', async (t) => {
  const sent = savePayload('a.json', 'A2', 5)
  t.same(editsAfterSave({ 'a.json': { text: 'A2', base: 'A1', revision: 5 } }, sent, 6), {}, 'saved as typed: nothing unsaved')
  t.same(editsAfterSave({ 'a.json': { text: 'A2+', base: 'A1', revision: 5 } }, sent, 6), { 'a.json': { text: 'A2+', base: 'A2', revision: 6 } },
    'typed on while saving: still unsaved, now over the saved text')
  t.same(editsAfterSave({ 'b.json': { text: 'B2', base: 'B1', revision: 5 } }, sent, 6), { 'b.json': { text: 'B2', base: 'B1', revision: 6 } },
    'another file read at the revision sent: only this save came between')
  t.same(editsAfterSave({ 'b.json': { text: 'B2', base: 'B1', revision: 4 } }, sent, 6), { 'b.json': { text: 'B2', base: 'B1', revision: 4 } },
    'read earlier: someone else saved at 4, so its save stays refused')
})

t.test('a refused save: the config\'s problems (422), someone saved since (409), anything else', async (t) => {
  const problems = [{ file: 'columns/report-full.json', pointer: '/key', message: 'found 7: must be a string' }, { file: 'menu.json', pointer: '', message: 'unknown i18n key' }]
  t.same(saveRefusal(new ApiError(422, '', { success: false, code: 'UI_CONFIG_DRAFT_INVALID', message: '2 problems', problems })), { kind: 'invalid', problems })
  t.same(saveRefusal(new ApiError(409, '', { success: false, code: 'UI_CONFIG_DRAFT_STALE', message: 'changed', params: ['4', '6', '5'] })), { kind: 'stale', revision: '6' }, 'the revision the draft is at now')
  t.same(saveRefusal(new ApiError(409, '', { success: false, code: 'UI_CONFIG_DRAFT_CLOSED', message: 'published' })), { kind: 'failed' }, 'a closed draft is told as any other refusal')
  t.same(saveRefusal(new Error('network')), { kind: 'failed' })
  t.same(problems.map(problemPlace), ['columns/report-full.json#/key', 'menu.json'], 'file#pointer, the file alone for the whole file')
})

t.test('the draft and the file shown: a draft number from the route, the picked file, else the asked one, else the first', async (t) => {
  t.equal(draftIdOf('7'), 7)
  t.equal(draftIdOf(7), 7)
  t.same([draftIdOf(''), draftIdOf('0'), draftIdOf('7a'), draftIdOf(undefined)], [undefined, undefined, undefined, undefined])
  const paths = ['api.json', 'columns/a.json', 'menu.json', 'pages/x.json']
  t.equal(chosenPath(paths, 'pages/x.json', 'menu.json'), 'pages/x.json')
  t.equal(chosenPath(paths, undefined, 'menu.json'), 'menu.json')
  t.equal(chosenPath(paths, 'gone.json', 'nor.json'), 'api.json')
  t.equal(chosenPath([], undefined, undefined), undefined)
  t.same(fileGroups(['pages/x.json', 'menu.json', 'columns/a.json', 'api.json', 'i18n/en.json']), [
    { folder: '', paths: ['api.json', 'menu.json'] },
    { folder: 'columns', paths: ['columns/a.json'] },
    { folder: 'i18n', paths: ['i18n/en.json'] },
    { folder: 'pages', paths: ['pages/x.json'] }
  ], 'top-level files first, then each folder')
})

t.test('no code is made from strings: the page\'s Content-Security-Policy refuses eval', async (t) => {
  // The page schema's check again, in a Node that refuses code generation from strings as the browser does under the policy.
  const script = `
    import { readFileSync } from 'node:fs'
    import { textProblems } from ${JSON.stringify(fileURLToPath(new URL('../../../client/src/renderers/lib/configFileModel.ts', import.meta.url)))}
    const schema = JSON.parse(readFileSync(${JSON.stringify(fromRoot('schemas/page.schema.json'))}, 'utf8'))
    const text = JSON.stringify({ path: '/sample', title: 'page.sample.title', widgets: [{ type: 'content', id: 5, bodyKey: 'page.sample.body' }] })
    console.log(JSON.stringify(textProblems(text, schema).map((p) => p.pointer)))`
  const run = spawnSync(process.execPath, ['--disallow-code-generation-from-strings', '--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' })
  t.equal(run.status, 0, run.stderr)
  t.same(JSON.parse(run.stdout.trim().split('\n').pop() ?? 'null'), ['/widgets/0/id'])
})
