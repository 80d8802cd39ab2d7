import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { contractFields } from '../../../helpers/envelope.ts'

onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const admin = await h.signIn('admin')
  const mem3 = await h.signIn('mem3')
  await h.call('POST', '/api/v1/terms/accept', { token: mem3 })
  await h.call('POST', '/api/v1/logout', { token: mem3 })
  const audits = async (query = '') => {
    const r = await h.call('GET', `/api/v1/4d/audits${query}`, { token: admin })
    t.equal(r.statusCode, 200, query)
    return r.json().data as Array<{ AuditId: number, UserId: string | null, Action: string, Path: string, Detail: Record<string, unknown>, CreatedDate: string }>
  }

  t.test('every change, newest first', async (t) => {
    const all = await audits()
    t.same(all.slice(0, 4).map((a) => [a.Action, a.UserId]), [['logout', 'mem3'], ['terms.accept', 'mem3'], ['login', 'mem3'], ['login', 'admin']])
    t.match(all[0], { Path: '/api/v1/logout', CreatedDate: '2030-01-02T10:00:00+08:00', Detail: { ip: String } })
    t.equal(all.at(-1)?.Action, 'seed', 'the seed is the first record')
    const ids = all.map((a) => a.AuditId)
    t.same(ids, [...ids].sort((a, b) => b - a))
  })

  t.test('filters and paging', async (t) => {
    t.same((await audits('?UserId=mem3')).map((a) => a.Action), ['logout', 'terms.accept', 'login'])
    t.same((await audits('?Action=login')).map((a) => a.UserId), ['mem3', 'admin'])
    const first = await audits('?limit=2')
    t.equal(first.length, 2)
    const next = await audits(`?limit=2&before=${first[1]?.AuditId}`)
    t.same(next.map((a) => a.Action), ['login', 'login'])
    t.equal((await audits('?UserId=nobody')).length, 0)
  })

  t.test('bad queries answer 400; only ADMIN may read', async (t) => {
    t.same(contractFields((await h.call('GET', '/api/v1/4d/audits?limit=0', { token: admin })).json()), { success: false, message: 'querystring/limit must be >= 1' })
    t.same(contractFields((await h.call('GET', '/api/v1/4d/audits?limit=501', { token: admin })).json()), { success: false, message: 'querystring/limit must be <= 500' })
    t.same(contractFields((await h.call('GET', '/api/v1/4d/audits?before=x', { token: admin })).json()), { success: false, message: 'querystring/before must be an integer' })
    const member = await h.signIn('mem1')
    t.equal((await h.call('GET', '/api/v1/tt/audits', { token: member })).statusCode, 403)
    t.equal((await h.call('GET', '/api/v1/tt/audits')).statusCode, 401)
  })
})
