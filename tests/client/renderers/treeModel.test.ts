import t from 'tap'
import type { TreeWidget } from '../../../schemas/widgets.ts'
import { childBinding, chosenValues, nodeId, nodeLabel, openable } from '../../../client/src/renderers/lib/treeModel.ts'

const tree: TreeWidget = {
  type: 'tree',
  id: 'down',
  data: { endpoint: '/api/v1/4d/mLoadDirectDownLine', params: { LocId: { from: 'session', name: 'LocId' } } },
  children: { endpoint: '/api/v1/4d/mLoadDirectDownLine', params: { LocId: { from: 'session', name: 'LocId' } }, nodeParam: 'UserId' },
  idField: 'UserId',
  labelField: 'UserId',
  detailField: 'UserName',
  openableField: 'Children',
  choose: { set: { UserId: 'UserId' } }
}

t.test('a node: id, label with its detail, opener from the child count', async (t) => {
  t.equal(nodeId(tree, { UserId: 'ag2' }), 'ag2')
  t.equal(nodeLabel(tree, { UserId: 'ag2', UserName: 'Agent Two' }), 'ag2 (Agent Two)')
  t.equal(nodeLabel(tree, { UserId: 'ag2', UserName: 'ag2' }), 'ag2', 'no repeat')
  t.equal(nodeLabel(tree, { UserId: 'ag2' }), 'ag2')
  t.ok(openable(tree, { Children: 2 }))
  t.notOk(openable(tree, { Children: 0 }))
  t.ok(openable({ ...tree, openableField: undefined }, {}), 'without the field every node may open')
})

t.test('children are read with the node id as the node parameter; choosing sets filters from the node', async (t) => {
  t.same(childBinding(tree, { UserId: 'ag1' }), {
    endpoint: '/api/v1/4d/mLoadDirectDownLine',
    params: { LocId: { from: 'session', name: 'LocId' }, UserId: { from: 'const', value: 'ag1' } }
  })
  t.same(chosenValues({ UserId: 'UserId', Name: 'UserName' }, { UserId: 'mem1', UserName: 'M' }), { UserId: 'mem1', Name: 'M' })
})
