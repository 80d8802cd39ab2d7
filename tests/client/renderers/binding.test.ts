import t from 'tap'
import { bindingTarget, fillSegments, getPath, readsFilters, resolveParams, withQuery } from '../../../client/src/renderers/lib/binding.ts'
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

t.test('a binding\'s :name segments are filled from its parameter of that name, else from the page\'s route; none is sent twice', async (t) => {
  const scope = { filters: { UserId: 'ag2' }, query: {}, session: { LocId: 'SG' }, route: { id: '7', UserId: 'ag1' } }
  t.same(bindingTarget({ endpoint: '/ui/config/drafts/:id/diff' }, scope), { endpoint: '/ui/config/drafts/7/diff', params: {}, missing: [] }, 'from the route, with no parameter declared')
  t.same(bindingTarget({ endpoint: '/ui/config/drafts/:id/impact', params: { mobile: { from: 'const', value: '1' } } }, scope), { endpoint: '/ui/config/drafts/7/impact', params: { mobile: '1' }, missing: [] }, 'the other parameters stay for the query')
  t.same(bindingTarget({ endpoint: '/api/v1/4d/payRate/:UserId', params: { UserId: { from: 'filter', name: 'UserId' }, LocId: { from: 'session', name: 'LocId' } } }, scope), { endpoint: '/api/v1/4d/payRate/ag2', params: { LocId: 'SG' }, missing: [] }, 'a declared parameter comes before the route value, and is used up by its segment')
  t.same(bindingTarget({ endpoint: '/ui/config/drafts/:id/diff' }, { ...scope, route: { id: 'a b/c' } }).endpoint, '/ui/config/drafts/a%20b%2Fc/diff', 'a value is one encoded segment')
})

t.test('a binding waits while a :name segment or a required parameter has no value', async (t) => {
  const scope = { filters: {}, query: {}, session: {} }
  t.same(bindingTarget({ endpoint: '/ui/config/drafts/:id/diff' }, scope), { endpoint: '/ui/config/drafts/:id/diff', params: {}, missing: ['id'] }, 'no route value: the segment stays, and is missing')
  t.same(bindingTarget({ endpoint: '/ui/config/drafts/:id/diff' }, { ...scope, route: { id: '' } }).missing, ['id'], 'an empty value is no value')
  t.same(bindingTarget({ endpoint: '/api/v1/4d/x', params: { DrawId: { from: 'filter', name: 'DrawId' } }, requires: ['DrawId'] }, scope).missing, ['DrawId'], 'a required parameter')
  t.same(bindingTarget({ endpoint: '/api/v1/4d/x/:DrawId', params: { DrawId: { from: 'filter', name: 'DrawId' } }, requires: ['DrawId'] }, scope).missing, ['DrawId'], 'named once when it is both')
  t.same(fillSegments('/api/v1/4d/files/:FileId', { FileId: 3, LocId: 'SG' }), { endpoint: '/api/v1/4d/files/3', params: { LocId: 'SG' }, missing: [] }, 'without a route: the parameters alone (an action\'s call)')
})
