import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'

// GET memberTree, dMemberByRole, selectAllowEditShare: the pickers' look-ups, inside the caller's tree.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const ag1 = await h.signIn('ag1')
  const get = async (path: string) => h.call('GET', `/api/v1/4d/${path}`, { token: ag1 })

  t.test('memberTree: the caller first, then the tree by depth', async (t) => {
    const rows = (await get('memberTree')).json().data as Array<{ UserId: string, Depth: number }>
    t.same(rows.map((r) => r.UserId), ['ag1', 'ag2', 'mem1', 'mem3', 'mem2'])
    t.equal((await get('memberTree?UserId=admin')).statusCode, 403)
  })

  t.test('dMemberByRole: the tree\'s users of one role', async (t) => {
    t.same((await get('dMemberByRole?Role=MEM')).json().data.map((r: { UserId: string }) => r.UserId), ['mem1', 'mem3', 'mem2'])
    t.equal((await get('dMemberByRole?Role=X')).json().message, 'querystring/Role must be AG or MEM')
  })

  t.test('selectAllowEditShare: each range narrowed to the parent\'s own position', async (t) => {
    const bounds = (await get('selectAllowEditShare')).json().data as Array<{ Field: string, Max: number, Step: number }>
    t.same(Object.fromEntries(bounds.map((b) => [b.Field, [b.Max, b.Step]])), { dShare: [0.5, 0.01], tShare: [0, 0.01], dCommission: [0.1, 0.005], tCommission: [0.15, 0.01], Tax: [0.01, 0.001] })
  })
})
