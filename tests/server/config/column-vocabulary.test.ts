import t from 'tap'
import { readConfigDir } from '../../../server/src/config/load.ts'
import { shippedConfigDir } from './fixtures.ts'

// A column is described once, in the column vocabulary (fragments/columns.json), and used by "$ref" with the keys that
// differ beside it: a column written out in full again is a second copy that the next change to it misses (issue #42).

/** Issue #42's bound on copies: 318 before the vocabulary, none once it was in use; never raise it. */
const MAX_COPIES = 30

/** One column object written out in full: where it is and its JSON with sorted keys. */
interface WrittenColumn { at: string, text: string }

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)

/** JSON with every object's keys sorted, so that key order does not hide a copy. */
const canonical = (value: unknown): string => JSON.stringify(value, (_key, v: unknown) => isObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)) : v)

const writtenOut = (value: unknown): value is Record<string, unknown> => isObject(value) && !Object.hasOwn(value, '$ref')

/** The columns a config file writes out in full: each element of a "columns" list, and a fragment's part that is a column or a list of columns. */
function writtenColumns (file: string, value: unknown): WrittenColumn[] {
  const out: WrittenColumn[] = []
  const walk = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) { node.forEach((child, i) => { walk(child, `${pointer}/${i}`) }); return }
    if (!isObject(node)) return
    for (const [key, child] of Object.entries(node)) {
      if (key === 'columns' && Array.isArray(child)) child.forEach((column, i) => { if (writtenOut(column)) out.push({ at: `${file}#${pointer}/columns/${i}`, text: canonical(column) }) })
      walk(child, `${pointer}/${key}`)
    }
  }
  walk(value, '')
  const isColumn = (part: unknown): part is Record<string, unknown> => writtenOut(part) && typeof part.field === 'string' && typeof part.labelKey === 'string'
  if (file.startsWith('fragments/') && isObject(value)) {
    for (const [name, part] of Object.entries(value)) {
      if (isColumn(part)) out.push({ at: `${file}#/${name}`, text: canonical(part) })
      if (Array.isArray(part)) part.forEach((column, i) => { if (isColumn(column)) out.push({ at: `${file}#/${name}/${i}`, text: canonical(column) }) })
    }
  }
  return out
}

/** Each column written out in full that is identical to one written earlier (files in path order), with where the first is. */
function copiedColumns (files: ReadonlyMap<string, string>): Array<{ at: string, first: string }> {
  const first = new Map<string, string>()
  const copies: Array<{ at: string, first: string }> = []
  for (const file of [...files.keys()].filter((f) => /^(pages|columns|fragments)\//.test(f)).sort()) {
    for (const column of writtenColumns(file, JSON.parse(files.get(file) ?? 'null'))) {
      const earlier = first.get(column.text)
      if (earlier === undefined) first.set(column.text, column.at)
      else copies.push({ at: column.at, first: earlier })
    }
  }
  return copies
}

t.test('the counting finds a column written out twice, and not one used through "$ref"', async (t) => {
  const column = { field: 'UserId', labelKey: 'column.UserId', type: 'text', width: 110 }
  const files = new Map([
    ['columns/a.json', JSON.stringify({ key: 'a', columns: [column, { $ref: 'fragments/columns.json#/userId' }] })],
    ['fragments/columns.json', JSON.stringify({ userId: column, userList: [{ ...column, labelKey: 'common.user' }, { ...column }] })],
    ['pages/p.json', JSON.stringify({ widgets: [{ type: 'table', columns: [{ width: 110, type: 'text', labelKey: 'column.UserId', field: 'UserId' }, { ...column, width: 90 }] }] })]
  ])
  t.same(copiedColumns(files), [
    { at: 'fragments/columns.json#/userId', first: 'columns/a.json#/columns/0' },
    { at: 'fragments/columns.json#/userList/1', first: 'columns/a.json#/columns/0' },
    { at: 'pages/p.json#/widgets/0/columns/0', first: 'columns/a.json#/columns/0' }
  ], 'a vocabulary part, a fragment list\'s column and a copy in another key order count; another label or width and a $ref do not')
})

t.test('the shipped config writes each column out in full once: the others name the vocabulary by "$ref"', async (t) => {
  const { files } = await readConfigDir(shippedConfigDir)
  const copies = copiedColumns(files)
  t.comment(`${copies.length} column objects written out in full are identical to an earlier one`)
  t.ok(copies.length < MAX_COPIES, `${copies.length} copies (at most ${MAX_COPIES - 1}): use fragments/columns.json by "$ref" instead of ${copies.slice(0, 5).map((c) => `${c.at} (as ${c.first})`).join(', ')}`)
})
