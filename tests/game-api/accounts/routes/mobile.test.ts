import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'

onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const mem1 = await h.signIn('mem1')
  const ag1 = await h.signIn('ag1')

  t.test('no number on file, then the saved one; each user sees only their own', async (t) => {
    const get = async (token: string) => (await h.call('GET', '/api/v1/4d/mobile', { token })).json()
    t.same(await get(mem1), { success: true, data: { UserId: 'mem1', Mobile: '' } })
    const put = await h.call('PUT', '/api/v1/4d/mobile', { token: mem1, payload: { Mobile: '+6591234567' } })
    t.equal(put.statusCode, 200)
    t.same(put.json().data, { UserId: 'mem1', Mobile: '+6591234567' })
    t.same((await get(mem1)).data.Mobile, '+6591234567', 'read back')
    t.same((await get(ag1)).data.Mobile, '', 'another user has none')
    await h.call('PUT', '/api/v1/tt/mobile', { token: mem1, payload: { Mobile: '81234567' } })
    t.same((await get(mem1)).data.Mobile, '81234567', 'one number per user, replaced through either game prefix')
    const audits = await h.db.query<{ detail: unknown }>("SELECT detail FROM audits WHERE action = 'mobile.update' AND user_id = 'mem1' ORDER BY audit_id")
    t.match(audits.rows.map((r) => r.detail), [{ Mobile: '+6591234567' }, { Mobile: '81234567' }], 'each change is audited')
  })

  t.test('a malformed number is a 400 naming the field, and nothing is saved', async (t) => {
    for (const Mobile of ['12ab567', '123', '']) {
      const put = await h.call('PUT', '/api/v1/4d/mobile', { token: ag1, payload: { Mobile } })
      t.equal(put.statusCode, 400, JSON.stringify(Mobile))
      t.match(put.body, /Mobile/)
    }
    t.same((await h.call('GET', '/api/v1/4d/mobile', { token: ag1 })).json().data.Mobile, '')
  })

  t.test('signed-out callers are refused', async (t) => {
    t.equal((await h.call('GET', '/api/v1/4d/mobile')).statusCode, 401)
  })
})
