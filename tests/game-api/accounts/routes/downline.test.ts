import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { contractFields } from '../../../helpers/envelope.ts'

// GET mLoadDirectDownLine?UserId=: one level of the caller's tree (demo tree: admin > ag1 > ag2 > mem2; ag1 > mem1, mem3).
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = { admin: await h.signIn('admin'), ag1: await h.signIn('ag1'), ag2: await h.signIn('ag2'), mem1: await h.signIn('mem1') }
  const load = (as: keyof typeof tokens, id?: string) =>
    h.call('GET', `/api/v1/4d/mLoadDirectDownLine${id === undefined ? '' : `?UserId=${id}`}`, { token: tokens[as] })

  t.test('the direct downline of the caller, or of a user in their tree, with each one\'s child count', async (t) => {
    const own = await load('ag1')
    t.equal(own.statusCode, 200)
    const rows = own.json().data as Array<{ UserId: string, Role: string, Children: number }>
    t.ok(rows.some((r) => r.UserId === 'ag2' && r.Role === 'AG' && r.Children >= 1), 'ag2 is an agent with a downline')
    t.ok(rows.some((r) => r.UserId === 'mem1' && r.Children === 0), 'mem1 has none')
    t.notOk(rows.some((r) => r.UserId === 'mem2'), 'only the direct level')
    t.same(rows.map((r) => r.UserId), [...rows.map((r) => r.UserId)].sort(), 'ordered by id')
    const below = (await load('ag1', 'ag2')).json().data as Array<{ UserId: string }>
    t.ok(below.some((r) => r.UserId === 'mem2'), 'ag2 opened from ag1 shows mem2')
    t.same((await load('mem1')).json(), { success: true, data: [] }, 'a member has no downline')
    t.ok(((await load('admin', 'ag2')).json().data as Array<{ UserId: string }>).some((r) => r.UserId === 'mem2'), 'ADMIN opens anyone')
  })

  t.test('outside the caller\'s tree is refused with the reason', async (t) => {
    const res = await load('ag2', 'ag1')
    t.equal(res.statusCode, 403)
    t.same(contractFields(res.json()), { success: false, message: 'User ag1 is not in your downline; choose yourself or a user below you.' })
    t.equal((await load('admin', 'nobody')).statusCode, 404)
    t.equal((await h.call('GET', '/api/v1/4d/mLoadDirectDownLine')).statusCode, 401)
  })
})
