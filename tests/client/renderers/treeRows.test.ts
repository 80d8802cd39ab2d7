import t from 'tap'
import type { TreeWidget } from '../../../schemas/widgets.ts'
import { treeRows, type ChildrenState, type TreeNodeRow } from '../../../client/src/renderers/lib/treeRows.ts'
import { treeKeyAction } from '../../../client/src/renderers/lib/treeKeys.ts'

const tree: TreeWidget = {
  type: 'tree',
  id: 'down',
  data: { endpoint: '/api/v1/4d/mLoadDirectDownLine' },
  children: { endpoint: '/api/v1/4d/mLoadDirectDownLine', nodeParam: 'UserId' },
  idField: 'UserId',
  labelField: 'UserId',
  openableField: 'Children'
}
const roots = [{ UserId: 'ag1', Children: 2 }, { UserId: 'ag9', Children: 1 }, { UserId: 'mem9', Children: 0 }]
const known: Record<string, ChildrenState> = {
  ag1: { status: 'ready', data: [{ UserId: 'ag2', Children: 1 }, { UserId: 'mem1', Children: 0 }] },
  ag2: { status: 'ready', data: [] },
  ag9: { status: 'error', error: new Error('LocId is required.') }
}
const childrenOf = (id: string) => known[id]
const shape = (rows: ReturnType<typeof treeRows>['rows']) => rows.map((r) => r.kind === 'node' ? `${'  '.repeat(r.level - 1)}${r.id} ${r.posinset}/${r.setsize}${r.open ? ' open' : ''}` : `${'  '.repeat(r.level - 1)}[${r.kind}]`)

t.test('closed nodes show their roots only; open ones their children or one status row', async (t) => {
  t.same(shape(treeRows(tree, roots, new Set(), childrenOf).rows), ['ag1 1/3', 'ag9 2/3', 'mem9 3/3'])
  const { rows, indexOf } = treeRows(tree, roots, new Set(['ag1', 'ag2', 'ag9', 'mem9', 'gone']), childrenOf)
  t.same(shape(rows), ['ag1 1/3 open', '  ag2 1/2 open', '    [empty]', '  mem1 2/2', 'ag9 2/3 open', '  [error]', 'mem9 3/3'], 'a leaf never opens; an id no longer shown is ignored')
  t.equal(indexOf.get('mem1'), 3)
  t.equal((rows[3] as TreeNodeRow).parent, 'ag1')
  t.same(shape(treeRows(tree, roots, new Set(['ag1']), () => undefined).rows), ['ag1 1/3 open', '  [loading]', 'ag9 2/3', 'mem9 3/3'], 'children not asked for yet are loading')
})

t.test('20,000 roots flatten to 20,000 rows, each knowing its place', async (t) => {
  const many = Array.from({ length: 20_000 }, (_, i) => ({ UserId: `dl${String(i + 1).padStart(5, '0')}`, Children: 0 }))
  const { rows, indexOf } = treeRows(tree, many, new Set(), childrenOf)
  t.equal(rows.length, 20_000)
  t.match(rows[19_999], { id: 'dl20000', posinset: 20_000, setsize: 20_000, level: 1 })
  t.equal(indexOf.get('dl12345'), 12_344)
})

t.test('keys: arrows move over nodes (skipping status rows), Right opens then enters, Left closes then goes up, Enter chooses', async (t) => {
  const { rows, indexOf } = treeRows(tree, roots, new Set(['ag1', 'ag2']), childrenOf)
  const key = (id: string, k: string) => treeKeyAction(rows, indexOf, indexOf.get(id)!, k)
  const to = (id: string) => ({ kind: 'move', to: indexOf.get(id) })
  t.same(key('ag2', 'ArrowDown'), to('mem1'), 'the empty row under ag2 is skipped')
  t.same(key('mem1', 'ArrowUp'), to('ag2'))
  t.same(key('ag1', 'ArrowUp'), undefined, 'nothing above the first')
  t.same(key('ag2', 'Home'), to('ag1'))
  t.same(key('ag1', 'End'), to('mem9'))
  t.same(key('ag9', 'ArrowRight'), { kind: 'toggle', id: 'ag9' }, 'a closed node opens')
  t.same(key('ag1', 'ArrowRight'), to('ag2'), 'an open node moves to its first child')
  t.same(key('ag2', 'ArrowRight'), undefined, 'open with nobody below: nowhere to go')
  t.same(key('mem9', 'ArrowRight'), undefined, 'a leaf does nothing')
  t.same(key('ag1', 'ArrowLeft'), { kind: 'toggle', id: 'ag1' }, 'an open node closes')
  t.same(key('mem1', 'ArrowLeft'), to('ag1'), 'a closed node goes to its parent')
  t.same(key('ag9', 'ArrowLeft'), undefined, 'a root has no parent')
  t.match(key('mem1', 'Enter'), { kind: 'choose', row: { id: 'mem1' } })
  t.match(key('mem1', ' '), { kind: 'choose', row: { id: 'mem1' } })
  t.same(key('mem1', 'a'), undefined)
})
