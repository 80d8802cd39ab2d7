import t from 'tap'
import { loadConfig } from '../../../server/src/config/load.ts'
import { resolvePage } from '../../../server/src/config/pages.ts'
import { repeatedReads } from '../../../client/src/renderers/lib/sharedReads.ts'
import { ctxFor, SG, shippedConfigDir } from '../../server/config/fixtures.ts'

// Issue #39: the Support page showed one failed /ui/explain call twice, once per table reading its answer.

t.test('the Support page\'s explanation table reads the decision table\'s call: its failure is said once, by the decision', async (t) => {
  const loaded = await loadConfig(shippedConfigDir)
  if (!loaded.ok) throw new Error('invalid shipped config')
  const page = resolvePage(loaded.config, ctxFor('admin', SG), '/utilities/support')
  if (page.status !== 'ok') throw new Error(`support page: ${page.status}`)
  t.same([...repeatedReads(page.page.widgets)], ['explanation'])
})

t.test('a read repeats another only when it makes the same call', async (t) => {
  const params = { user: { from: 'filter' as const, name: 'user' }, LocId: { from: 'filter' as const, name: 'LocId' } }
  const reordered = { LocId: params.LocId, user: params.user }
  t.same([...repeatedReads([
    { id: 'a', data: { endpoint: '/ui/explain', params } },
    { id: 'b', data: { endpoint: '/ui/explain', params: reordered, dataPath: 'lines' } },
    { id: 'c', data: { endpoint: '/ui/explain', params: { user: params.user } } },
    { id: 'd', data: { endpoint: '/ui/explain', params, method: 'POST' } },
    { id: 'e', data: { endpoint: '/ui/explain', params }, paging: { param: 'cursor' } },
    { id: 'f' }
  ])], ['b'], 'only another part of the same answer; other parameters, another method or a paged table call on their own')
})
