import t from 'tap'
import type { SelectionAction } from '../../../schemas/widgets.ts'
import { allTicked, keptTicks, selectable, selectionTarget, takesRow } from '../../../client/src/renderers/lib/tableSelection.ts'

const combine: SelectionAction = { id: 'combine', labelKey: 'k', endpoint: '/api/v1/4d/bet/page/combine', method: 'POST', param: 'FileIds', field: 'FileId', min: 2, max: 3, when: { field: 'FileStatus', equals: 'processed' } }
const rows = [
  { FileId: 5, FileStatus: 'processed' },
  { FileId: 7, FileStatus: 'processed' },
  { FileId: 8, FileStatus: 'uploaded' },
  { FileId: 9, FileStatus: 'processed' },
  { FileId: 11, FileStatus: 'processed' }
]
const key = (r: Record<string, unknown>) => String(r.FileId)

t.test('a row gets a checkbox only when some selection action takes it', async (t) => {
  t.equal(takesRow(combine, rows[0]!), true)
  t.equal(takesRow(combine, rows[2]!), false, 'a file not processed cannot be combined')
  t.equal(selectable([combine], rows[2]!), false)
  t.equal(selectable([combine, { ...combine, id: 'any', when: undefined }], rows[2]!), true, 'an action without a condition takes every row')
  t.equal(selectable([], rows[0]!), false, 'no selection actions: no checkboxes')
})

t.test('an action sends the ticked rows\' field values as one list, and runs only within its count', async (t) => {
  t.same(selectionTarget(combine, [rows[0]!]), { values: [5], ready: false }, 'one page is not enough to combine')
  t.same(selectionTarget(combine, [rows[0]!, rows[1]!]), { values: [5, 7], ready: true })
  t.same(selectionTarget(combine, [rows[0]!, rows[1]!, rows[3]!, rows[4]!]), { values: [5, 7, 9, 11], ready: false }, 'more than its max')
  t.same(selectionTarget(combine, [rows[0]!, rows[2]!]).ready, false, 'a ticked row it does not take holds it back')
  t.same(selectionTarget(combine, [rows[0]!, { FileId: 5, FileStatus: 'processed' }]), { values: [5], ready: false }, 'a value given twice counts once')
  t.same(selectionTarget({ ...combine, min: undefined, max: undefined }, [rows[0]!]).ready, true, 'min defaults to one')
  t.same(selectionTarget(combine, [rows[0]!, { FileStatus: 'processed' }]).ready, false, 'a row without the field cannot be sent')
})

t.test('ticks follow rows by key: a reload drops the ticks of rows gone or no longer taken', async (t) => {
  const ticked = new Set(['5', '7', '99'])
  t.same([...keptTicks(ticked, rows, key, [combine])], ['5', '7'])
  const reloaded = [{ FileId: 5, FileStatus: 'processed' }, { FileId: 7, FileStatus: 'processing' }]
  t.same([...keptTicks(ticked, reloaded, key, [combine])], ['5'], 'the combined page stays ticked only while it is there; a busy one is dropped')
})

t.test('the header checkbox reads all, some or none of the rows that can be ticked', async (t) => {
  t.equal(allTicked(new Set(), ['5', '7']), false)
  t.equal(allTicked(new Set(['5']), ['5', '7']), 'mixed')
  t.equal(allTicked(new Set(['5', '7']), ['5', '7']), true)
  t.equal(allTicked(new Set(['8']), ['5', '7']), false, 'a tick outside the tickable rows does not count')
})
