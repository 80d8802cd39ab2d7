import t from 'tap'
import { QueryClient } from '@tanstack/react-query'
import { invalidateAfterWrite, queryKeys, retryTransient } from '../../../client/src/lib/queries.ts'
import { ApiError } from '../../../client/src/lib/errors.ts'

t.test('retries only what may pass by itself, at most twice', async (t) => {
  t.ok(retryTransient(0, new ApiError(0, '', undefined)), 'no answer')
  t.ok(retryTransient(1, new ApiError(502, 'Bad Gateway', undefined)), 'a 5xx')
  t.notOk(retryTransient(2, new ApiError(502, 'Bad Gateway', undefined)), 'not a third time')
  t.notOk(retryTransient(0, new ApiError(503, '', { subCode: 8000 })), 'not maintenance')
  for (const status of [400, 401, 403, 404, 409, 429]) t.notOk(retryTransient(0, new ApiError(status, '', undefined)), `not a ${status}`)
  t.notOk(retryTransient(0, new ApiError(200, '', { success: false, message: 'No draw.' })), 'not a refusal in an envelope')
  t.notOk(retryTransient(0, new TypeError('bug')), 'not a bug')
})

t.test('keys: game API reads by endpoint and parameters, a non-GET read says its method', async (t) => {
  t.same(queryKeys.apiCall('/api/v1/4d/reportFull', { DrawId: 1 }), ['api', '/api/v1/4d/reportFull', { DrawId: 1 }])
  t.same(queryKeys.apiCall('/api/v1/4d/reportFull', { DrawId: 1 }, 'POST'), ['api', '/api/v1/4d/reportFull', { DrawId: 1 }, 'POST'])
  t.same(queryKeys.page('/report/full'), ['ui', 'pages', '/report/full'])
})

t.test('a write invalidates every game API read that shows data and the session; not the gate checks, job polls, brand or pages', async (t) => {
  const client = new QueryClient()
  const keys = [
    queryKeys.apiCall('/api/v1/4d/tickets', { LocId: 'SG' }), queryKeys.apiCall('/api/v1/4d/report', { DrawId: 1 }, 'POST'), queryKeys.session,
    queryKeys.accessCheck('/api/v1/4d/checkMemberAccess?UserId=ag1', 'GET'), queryKeys.jobStatus('/api/v1/4d/job/f1/status'),
    queryKeys.brand, queryKeys.page('/bet/placeBets')
  ]
  for (const key of keys) client.setQueryData(key, { any: 1 })
  await invalidateAfterWrite(client)
  const invalidated = keys.map((key) => client.getQueryState(key)?.isInvalidated)
  t.same(invalidated, [true, true, true, false, false, false, false])
  client.clear()
})
