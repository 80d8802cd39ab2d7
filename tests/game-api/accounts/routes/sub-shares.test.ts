import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'

// GET/POST subShare, DELETE subShare/{id}: the company's share split among named holders, never above 100 % per game.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const admin = await h.signIn('admin')
  const add = (Holder: string, Share: number, game = '4d') => h.call('POST', `/api/v1/${game}/subShare`, { token: admin, payload: { Holder, Share } })

  t.test('parts add up to at most 100 %, per game; a deleted part frees its share', async (t) => {
    t.equal((await add('North', 0.6)).statusCode, 200)
    const second = await add('South', 0.4)
    t.equal(second.statusCode, 200)
    const over = await add('East', 0.01)
    t.equal(over.statusCode, 409)
    t.match(over.json(), { code: 'GA_SUB_SHARES_OVER', message: 'Share 0.01 would bring the 4D sub shares to 101 %, over 100 % (100 % given already).', params: ['0.01', '4D', '101 %', '100 %'] })
    t.equal((await add('East', 0.5, 'tt')).statusCode, 200, 'TOTO is split on its own')
    const list = (await h.call('GET', '/api/v1/4d/subShare', { token: admin })).json().data as Array<{ Holder: string, Share: number }>
    t.same(list.map((r) => [r.Holder, r.Share]), [['North', 0.6], ['South', 0.4]])
    t.equal((await h.call('DELETE', `/api/v1/4d/subShare/${second.json().data.SubShareId}`, { token: admin })).statusCode, 200)
    t.equal((await add('East', 0.4)).statusCode, 200)
  })

  t.test('concurrent additions never pass 100 %', async (t) => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => add(`Race${i}`, 0.1, 'tt')))
    t.equal(answers.filter((a) => a.statusCode === 200).length, 5, 'exactly the 50 % left')
    const { rows } = await h.db.query<{ s: string }>("SELECT sum(share) AS s FROM sub_shares WHERE game = 'TOTO'")
    t.equal(Number(rows[0]?.s), 1)
  })

  t.test('refusals', async (t) => {
    t.equal((await h.call('GET', '/api/v1/4d/subShare', { token: await h.signIn('ag1') })).statusCode, 403)
    t.equal((await add('X', 0.015)).json().message, 'Share 0.015 must be a multiple of 0.01.')
    t.equal((await add('', 0.1)).json().message, 'body/Holder must not be empty')
    t.equal((await h.call('DELETE', '/api/v1/4d/subShare/99999', { token: admin })).statusCode, 404)
  })
})
