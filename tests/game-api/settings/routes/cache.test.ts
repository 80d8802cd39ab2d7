import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'

// POST cache/clear: ADMIN only, audited in the game API (the service clears its own caches on the answer).
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const admin = await h.signIn('admin')
  const ag1 = await h.signIn('ag1')
  h.clock.set('2030-01-02T02:00:00Z')

  const cleared = await h.call('POST', '/api/v1/tt/cache/clear', { token: admin, payload: { LocId: 'TT' } })
  t.same(cleared.json(), { success: true, data: { ClearedAt: '2030-01-02T10:00:00+08:00', ClearedBy: 'admin' } })
  const refused = await h.call('POST', '/api/v1/4d/cache/clear', { token: ag1, payload: {} })
  t.equal(refused.statusCode, 403, 'agents may not')
  const { rows } = await h.db.query<{ user_id: string }>("SELECT user_id FROM audits WHERE action = 'cache.clear'")
  t.same(rows.map((r) => r.user_id), ['admin'], 'one audit record, for the call that cleared')
})
