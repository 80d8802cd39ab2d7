import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { api } from '../../betting/support.ts'

// A distributor's web address: set with PUT distributors/{id}/partners (Web), listed by GET getPartnerWeb for whoever may use the outlet.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = { admin: await h.signIn('admin'), ops: await h.signIn('ops'), ag1: await h.signIn('ag1'), ag2: await h.signIn('ag2'), mem1: await h.signIn('mem1') }
  t.equal((await api(h, 'POST', '/api/v1/4d/permissions', tokens.admin, { UserId: 'ag1', Attribute: 'OutSet' })).status, 200)
  const outlet = (await api(h, 'POST', '/api/v1/4d/distributors', tokens.admin, { Name: 'Web Outlet' })).body.data.DistributorId as number
  const put = (token: string, body: object) => api(h, 'PUT', `/api/v1/4d/distributors/${outlet}/partners`, token, body)
  const webOf = async (token: string, prefix = '4d') => (await api(h, 'GET', `/api/v1/${prefix}/getPartnerWeb`, token)).body.data as Array<{ PartnerId: number, Name: string, Web: string }>

  t.test('a new outlet has no address; the owner sets one with its partners', async (t) => {
    t.same(await webOf(tokens.admin), [{ PartnerId: outlet, Name: 'Web Outlet', Web: '' }])
    const set = await put(tokens.admin, { UserIds: ['ag1'], Web: 'https://outlet.example.com/bets' })
    t.equal(set.status, 200)
    t.same(await webOf(tokens.admin), [{ PartnerId: outlet, Name: 'Web Outlet', Web: 'https://outlet.example.com/bets' }])
    t.same(await webOf(tokens.admin, 'tt'), await webOf(tokens.admin), 'the same under the TOTO prefix')
    const row = (await api(h, 'GET', `/api/v1/4d/distributors/byId/${outlet}`, tokens.admin)).body.data
    t.match(row, { Web: 'https://outlet.example.com/bets' }, 'the distributor row carries it too (Out Setting 3\'s partners dialog is prefilled from it)')
    t.match((await api(h, 'GET', '/api/v1/4d/distributors/total', tokens.admin)).body.data, [{ DistributorId: outlet, Web: 'https://outlet.example.com/bets' }])
    t.same(await webOf(tokens.ag1), [{ PartnerId: outlet, Name: 'Web Outlet', Web: 'https://outlet.example.com/bets' }], 'a partner sees the shared outlet\'s address')
    t.same(await webOf(tokens.ops), await webOf(tokens.admin), 'a staff admin sees its company\'s outlets')
    t.same(await webOf(tokens.ag2), [], 'a level the outlet is not shared with sees none')
    t.same(await webOf(tokens.mem1), [], 'a member keeps no outlets')
  })

  t.test('leaving Web out keeps it; an empty Web clears it', async (t) => {
    t.equal((await put(tokens.admin, { UserIds: ['ag1'] })).status, 200)
    t.equal((await webOf(tokens.admin))[0]?.Web, 'https://outlet.example.com/bets')
    t.equal((await put(tokens.admin, { UserIds: ['ag1'], Web: '' })).status, 200)
    t.equal((await webOf(tokens.admin))[0]?.Web, '')
  })

  t.test('only an http(s) address, and only the owner writes it', async (t) => {
    for (const bad of ['javascript:alert(1)', 'ftp://outlet.example.com', 'https://a b', `https://${'x'.repeat(200)}.com`, 42]) {
      const res = await put(tokens.admin, { UserIds: [], Web: bad })
      t.equal(res.status, 400, `refuses ${String(bad).slice(0, 30)}`)
      t.match(res.body.message, /Web/, 'the message names the field')
    }
    t.equal((await put(tokens.ag1, { UserIds: [], Web: 'https://taken.example.com' })).status, 403, 'a partner may not set it')
    t.equal((await put(tokens.ag2, { UserIds: [], Web: 'https://taken.example.com' })).status, 404, 'a stranger is not told of it')
    t.equal((await webOf(tokens.admin))[0]?.Web, '', 'nothing refused was written')
    t.equal((await api(h, 'GET', '/api/v1/4d/getPartnerWeb?LocId=%00', tokens.admin)).status, 400, 'a bad LocId is refused')
  })
})
