import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { contractFields } from '../../../helpers/envelope.ts'

// GET checkMemberAccess/:id: the access gate's check (demo tree: admin > ag1 > ag2 > mem2; ag1 > mem1, mem3).
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = { admin: await h.signIn('admin'), ag1: await h.signIn('ag1'), ag2: await h.signIn('ag2'), mem1: await h.signIn('mem1') }
  const check = (as: keyof typeof tokens, id: string, game = '4d') => h.call('GET', `/api/v1/${game}/checkMemberAccess/${id}`, { token: tokens[as] })

  t.test('success for oneself, a direct or deeper downline, and any user for ADMIN, through either game', async (t) => {
    for (const [as, id] of [['mem1', 'mem1'], ['ag1', 'ag2'], ['ag1', 'mem2'], ['ag2', 'mem2'], ['admin', 'mem1'], ['admin', 'ops']] as const) {
      const res = await check(as, id)
      t.equal(res.statusCode, 200, `${as} → ${id}`)
      t.same(res.json(), { success: true, data: true })
    }
    t.same((await check('ag1', 'mem1', 'tt')).json(), { success: true, data: true }, 'TOTO prefix')
  })

  t.test('failure for an upline, a sibling branch or someone unknown', async (t) => {
    for (const [as, id] of [['ag2', 'ag1'], ['ag2', 'mem1'], ['mem1', 'ag1'], ['mem1', 'mem3'], ['ag1', 'nobody']] as const) {
      const res = await check(as, id)
      t.equal(res.statusCode, 403, `${as} → ${id}`)
      t.same(contractFields(res.json()), { success: false, message: `User ${id} is not in your downline; choose yourself or a user below you.` })
    }
    const unknown = await check('admin', 'nobody')
    t.equal(unknown.statusCode, 404, 'ADMIN asking for a user that does not exist')
    t.equal(unknown.json().success, false)
  })

  t.test('signed-out callers are refused', async (t) => {
    t.equal((await h.call('GET', '/api/v1/4d/checkMemberAccess/mem1')).statusCode, 401)
  })
})
