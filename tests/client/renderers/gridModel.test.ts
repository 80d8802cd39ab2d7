import t from 'tap'
import type { GridColumn, GridSaveAction } from '../../../schemas/widgets.ts'
import { cellValue, checkCell, dirtyRows, dropWritten, gridErrors, gridFieldLabel, isDirty, parseCell, restoreDefaults, saveCalls, setCell, type Drafts } from '../../../client/src/renderers/lib/gridModel.ts'

// Pay rates per bet type: the grid's pure state (what is changed, what is broken, what a save sends).
const columns: GridColumn[] = [
  { field: 'BetType', labelKey: 'col.betType', kind: 'readonly', width: 80 },
  { field: 'First', labelKey: 'col.first', kind: 'number', width: 80, required: true, min: 0, max: 5000, step: 0.5 },
  { field: 'Form', labelKey: 'col.form', kind: 'select', width: 80, options: [{ value: 'B', labelKey: 'form.big' }, { value: 'S', labelKey: 'form.small' }] },
  { field: 'Code', labelKey: 'col.code', kind: 'text', width: 80, maxLength: 3, patterns: [{ pattern: '^[A-Z]*$', messageKey: 'err.upper' }] },
  { field: 'On', labelKey: 'col.on', kind: 'checkbox', width: 40 }
]
const rows = [
  { Id: 1, BetType: 'Big', First: 2500, Form: 'B', Code: 'BG', On: true },
  { Id: 2, BetType: 'Small', First: 3500, Form: 'S', Code: 'SM', On: false }
]

t.test('a changed cell is dirty; setting it back to the loaded value is no change', async (t) => {
  let d: Drafts = {}
  d = setCell(d, rows[0]!, '1', 'First', 2600)
  t.ok(isDirty(d, '1', 'First'))
  t.equal(cellValue(rows[0]!, d, '1', 'First'), 2600)
  t.equal(cellValue(rows[0]!, d, '1', 'Form'), 'B', 'unchanged cells show the row')
  t.same(dirtyRows(d), ['1'])
  d = setCell(d, rows[0]!, '1', 'First', 2500)
  t.same(d, {}, 'back to the loaded value: the row has no changes left')
  t.same(setCell({}, rows[1]!, '2', 'Code', 'SM'), {}, 'the same value is no change')
})

t.test('a written row loses the changes the write sent, and keeps a cell changed again while it was on the way', async (t) => {
  const sent = setCell(setCell({}, rows[0]!, '1', 'First', 2600), rows[0]!, '1', 'On', false)
  const other = setCell(sent, rows[1]!, '2', 'On', true)
  t.same(dropWritten(other, '1', sent['1']), { 2: { On: true } }, 'the written row goes, other rows stay')
  const editedMeanwhile = setCell(setCell(other, rows[0]!, '1', 'First', 2700), rows[0]!, '1', 'Form', 'S')
  t.same(dropWritten(editedMeanwhile, '1', sent['1']), { 1: { First: 2700, Form: 'S' }, 2: { On: true } }, 'only the cells still as they were sent go')
  t.same(dropWritten(other, '2', undefined), other, 'a row clean when its reset was sent keeps what was typed since')
  t.same(dropWritten({}, '1', sent['1']), {}, 'nothing left to drop')
})

t.test('entered text becomes typed values', async (t) => {
  t.equal(parseCell(columns[1]!, '12.5'), 12.5)
  t.equal(parseCell(columns[1]!, ''), null)
  t.equal(parseCell(columns[1]!, '1e'), '1e', 'not a number stays text so its check fails')
  t.equal(parseCell(columns[4]!, true), true)
  t.equal(parseCell(columns[3]!, 'AB'), 'AB')
})

t.test('each cell is checked by its column: required, bounds, step, number, options, length, pattern', async (t) => {
  const [, first, form, code, on] = columns as [GridColumn, GridColumn, GridColumn, GridColumn, GridColumn]
  t.same(checkCell(first, null), { key: 'renderers.error.required' })
  t.same(checkCell(first, -1), { key: 'renderers.error.min', values: { min: 0 } })
  t.same(checkCell(first, 5000.5), { key: 'renderers.error.max', values: { max: 5000 } })
  t.same(checkCell(first, 10.25), { key: 'renderers.error.step', values: { step: 0.5 } })
  t.same(checkCell(first, 'x'), { key: 'renderers.error.number' })
  t.equal(checkCell(first, 10.5), undefined)
  t.same(checkCell(form, 'X'), { key: 'renderers.error.invalid' })
  t.equal(checkCell(form, ''), undefined, 'an optional select may be empty')
  t.same(checkCell(code, 'ABCD'), { key: 'renderers.error.maxLength', values: { count: 3 } })
  t.same(checkCell(code, 'ab'), { key: 'err.upper' })
  t.equal(checkCell(on, false), undefined)
  t.equal(checkCell(columns[0]!, null), undefined, 'read-only cells are not checked')
})

t.test('errors are reported for the changed rows only, keyed by row and field', async (t) => {
  const d = setCell({}, rows[1]!, '2', 'First', 7000)
  const errors = gridErrors(rows, 'Id', columns, d)
  t.same([...errors.keys()], ['2\u0000First'])
  t.equal(gridErrors(rows, 'Id', columns, {}).size, 0)
})

t.test('a save per row sends each changed row (editable cells, row params, page params) to its own endpoint', async (t) => {
  const action: GridSaveAction = { kind: 'save', id: 's', labelKey: 'act.save', endpoint: '/api/v1/4d/payRate/:Id', method: 'PUT', mode: 'row', rowParams: { RateId: 'Id' } }
  let d = setCell({}, rows[1]!, '2', 'First', 3600)
  d = setCell(d, rows[0]!, '1', 'On', false)
  const calls = saveCalls(action, columns, rows, 'Id', d, { LocId: 'L1' })
  t.same(calls, [
    { endpoint: '/api/v1/4d/payRate/1', body: { LocId: 'L1', RateId: 1, First: 2500, Form: 'B', Code: 'BG', On: false }, rows: ['1'] },
    { endpoint: '/api/v1/4d/payRate/2', body: { LocId: 'L1', RateId: 2, First: 3600, Form: 'S', Code: 'SM', On: false }, rows: ['2'] }
  ], 'rows in grid order; read-only cells are not sent')
  t.same(saveCalls(action, columns, rows, 'Id', d, {}, '2').map((c) => c.rows), [['2']], 'one row only')
  t.same(saveCalls(action, columns, rows, 'Id', {}), [], 'nothing changed, nothing sent')
})

t.test('a save of all sends the changed rows in one call under rowsName', async (t) => {
  const action: GridSaveAction = { kind: 'save', id: 's', labelKey: 'act.save', endpoint: '/api/v1/4d/payRates', method: 'PUT', mode: 'all', rowsName: 'Rates', rowParams: { Id: 'Id' } }
  const d = setCell(setCell({}, rows[0]!, '1', 'First', 2000), rows[1]!, '2', 'Code', 'SS')
  const [call, ...more] = saveCalls(action, columns, rows, 'Id', d, { LocId: 'L1' })
  t.equal(more.length, 0)
  t.same(call, {
    endpoint: '/api/v1/4d/payRates',
    body: { LocId: 'L1', Rates: [{ Id: 1, First: 2000, Form: 'B', Code: 'BG', On: true }, { Id: 2, First: 3500, Form: 'S', Code: 'SS', On: false }] },
    rows: ['1', '2']
  })
  t.same(Object.keys(saveCalls({ ...action, rowsName: undefined }, columns, rows, 'Id', d)[0]!.body), ['rows'], 'rows by default')
})

t.test('reset to default turns the differing editable cells into changes', async (t) => {
  const defaults = { Id: 2, BetType: 'Default', First: 3000, Form: 'S', Code: 'SM', On: true }
  const d = restoreDefaults(setCell({}, rows[1]!, '2', 'Code', 'XX'), rows[1]!, '2', defaults, columns)
  t.same(d, { 2: { First: 3000, On: true } }, 'the typed Code went back to its loaded value (= default); BetType is read-only')
})

t.test('a refused field is named by its column heading, as a form names its fields', async (t) => {
  const t9n = (key: string) => `«${key}»`
  t.equal(gridFieldLabel(columns, 'First', t9n), '«col.first»', 'a rule the game API checks past the schema sends the field bare')
  t.equal(gridFieldLabel(columns, 'body/Code', t9n), '«col.code»', 'a schema refusal sends its path')
  t.equal(gridFieldLabel(columns, 'body/Nope', t9n), undefined, 'no such column: the path in plain words instead')
})
