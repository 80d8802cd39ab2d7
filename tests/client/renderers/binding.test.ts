import t from 'tap'
import { getPath, readsFilters, resolveParams, withQuery } from '../../../client/src/renderers/lib/binding.ts'
import { rendererMessagesEn, rendererMessagesZh } from '../../../client/src/renderers/lib/messages.ts'

t.test('parameters come from filters, route query, session and constants; empty ones are left out', async (t) => {
  const params = resolveParams({
    DrawId: { from: 'filter', name: 'DrawId' },
    VW: { from: 'query', name: 'VW' },
    LocId: { from: 'session', name: 'LocId' },
    PopUp: { from: 'const', value: 'N' },
    txtSearch: { from: 'filter', name: 'txtSearch' }
  }, { filters: { DrawId: 12, txtSearch: '' }, query: { VW: 'full' }, session: { LocId: 'SG' } })
  t.same(params, { DrawId: 12, VW: 'full', LocId: 'SG', PopUp: 'N' })
  t.equal(withQuery('/api/v1/4d/x', params), '/api/v1/4d/x?DrawId=12&VW=full&LocId=SG&PopUp=N')
  t.equal(withQuery('/api/v1/4d/x', {}), '/api/v1/4d/x')
})

t.test('rows are read at a dot path', async (t) => {
  t.same(getPath({ qResults: [1] }, 'qResults'), [1])
  t.equal(getPath({ dClose: { CloseDate: 'x' } }, 'dClose.CloseDate'), 'x')
  t.equal(getPath({ a: 1 }, 'a.b'), undefined)
  t.same(getPath([1], ''), [1])
})

t.test('every renderer message exists in en and zh', async (t) => {
  const keys = (o: object, p = ''): string[] => Object.entries(o).flatMap(([k, v]) => typeof v === 'object' ? keys(v, `${p}${k}.`) : [`${p}${k}`])
  // Chinese has one plural form: English's key_one and key_other are its key.
  const oneForm = (list: string[]) => [...new Set(list.map((k) => k.replace(/_(one|other)$/, '')))]
  t.same(keys(rendererMessagesZh), oneForm(keys(rendererMessagesEn)))
  t.equal(rendererMessagesEn.renderers.noData, 'No data.')
  t.equal(rendererMessagesEn.renderers.loading, 'Loading...')
  t.equal(rendererMessagesEn.renderers.unauthorized, 'Unauthorized Access')
})

t.test('a binding reads the page\'s filters when one of its parameters comes from a filter', async (t) => {
  t.ok(readsFilters({ endpoint: '/api/v1/4d/report/full', params: { DrawId: { from: 'filter', name: 'DrawId' }, VW: { from: 'query', name: 'VW' } } }))
  t.notOk(readsFilters({ endpoint: '/api/v1/4d/x', params: { VW: { from: 'query', name: 'VW' } } }))
  t.notOk(readsFilters({ endpoint: '/api/v1/4d/x' }))
})
