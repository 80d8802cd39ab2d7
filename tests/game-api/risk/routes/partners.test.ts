import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { api } from '../../betting/support.ts'

// Distributor partners (GET distributors/users/{id}, PUT distributors/{id}/partners): the owner shares an outlet with downline agents, who may then throw to it.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = { admin: await h.signIn('admin'), ops: await h.signIn('ops'), ag1: await h.signIn('ag1'), ag2: await h.signIn('ag2'), mem1: await h.signIn('mem1') }
  // ag1 keeps half of what mem1 bets (up to its $5 limit); OutSet lets it throw.
  t.equal((await api(h, 'POST', '/api/v1/4d/permissions', tokens.admin, { UserId: 'ag1', Attribute: 'OutSet' })).status, 200)
  const draws = (await api(h, 'GET', '/api/v1/4d/draw/activeLatest', tokens.mem1)).body.data as Array<{ DrawId: number, Series: string }>
  const drawId = draws.find((d) => d.Series === 'SG4D')!.DrawId
  const outlet = (await api(h, 'POST', '/api/v1/4d/distributors', tokens.admin, { Name: 'Shared Outlet' })).body.data.DistributorId as number
  const partners = (token: string, UserIds: string[], id = outlet) => api(h, 'PUT', `/api/v1/4d/distributors/${id}/partners`, token, { UserIds })
  const throwTo = (token: string, DistributorId: number) => api(h, 'POST', '/api/v1/4d/bet/throw', token, { DrawId: drawId, Number: '5555', Big: 1, DistributorId })

  t.test('the owner lists its downline agents and admins as candidates', async (t) => {
    const listed = await api(h, 'GET', `/api/v1/4d/distributors/users/${outlet}`, tokens.admin)
    t.equal(listed.status, 200)
    const users = listed.body.data as Array<{ UserId: string, Role: string, Partner: boolean }>
    t.same(users.map((u) => u.UserId).sort(), ['ag1', 'ag2', 'clerk', 'ops'], 'agents and admins below admin, never members nor admin itself')
    t.ok(users.every((u) => !u.Partner), 'nobody is a partner yet')
  })

  t.test('only the owner sets partners, and only from its downline', async (t) => {
    const notDown = await partners(tokens.admin, ['mem1'])
    t.equal(notDown.status, 400)
    t.equal(notDown.body.code, 'GA_PARTNER_NOT_DOWNLINE')
    t.equal((await partners(tokens.admin, ['admin'])).status, 400, 'not the owner itself')
    t.equal((await partners(tokens.admin, ['nobody'])).status, 400, 'not an unknown user')
    t.equal((await partners(tokens.admin, [''])).status, 400, 'a user id is needed')
    t.equal((await partners(tokens.admin, ['ag1', 'ag1'])).status, 400, 'each once')
    const set = await partners(tokens.admin, ['ag1'])
    t.equal(set.status, 200)
    t.same(set.body.data, ['ag1'])
    const users = (await api(h, 'GET', `/api/v1/4d/distributors/users/${outlet}`, tokens.admin)).body.data as Array<{ UserId: string, Partner: boolean }>
    t.same(users[0], { UserId: 'ag1', UserName: 'ag1', Role: 'AG', Partner: true }, 'partners come first')
    t.same((await api(h, 'GET', `/api/v1/4d/distributors/byId/${outlet}`, tokens.admin)).body.data.Partners, ['ag1'], 'the owner\'s row names its partners')
    t.same((await api(h, 'GET', `/api/v1/4d/distributors/byId/${outlet}`, tokens.ag1)).body.data.Partners, [], 'a partner is not shown the others')
    const asPartner = await partners(tokens.ag1, [])
    t.equal(asPartner.status, 403, 'a partner may not change the list')
    t.equal(asPartner.body.code, 'GA_DISTRIBUTOR_NOT_OWNER')
    t.equal((await api(h, 'GET', `/api/v1/4d/distributors/users/${outlet}`, tokens.ag1)).status, 403)
    t.equal((await partners(tokens.ag2, [])).status, 404, 'a stranger is not told of it')
    // A staff admin keeps the company's outlets (server/docs/game-api.md, Staff admins): it reads the company's partners.
    t.same((await api(h, 'GET', `/api/v1/4d/distributors/byId/${outlet}`, tokens.ops)).body.data.Partners, ['ag1'], 'a staff admin sees the company\'s outlet as the company does')
    const own = (await api(h, 'POST', '/api/v1/4d/distributors', tokens.ag2, { Name: 'Ag2 Outlet' })).body.data.DistributorId as number
    t.equal((await partners(tokens.ag2, ['ag1'], own)).status, 400, 'an upline is not a downline')
    t.equal((await api(h, 'PUT', '/api/v1/4d/distributors', tokens.ag1, { DistributorId: outlet, Name: 'Taken Over' })).status, 403, 'a partner does not rename it')
    t.equal((await api(h, 'DELETE', `/api/v1/4d/distributors/${outlet}`, tokens.ag1)).status, 403, 'nor delete it')
  })

  t.test('a partner sees the outlet marked in its list and can throw to it; a stranger cannot', async (t) => {
    const ag1Own = (await api(h, 'POST', '/api/v1/4d/distributors', tokens.ag1, { Name: 'Ag1 Outlet' })).body.data.DistributorId as number
    t.ok(ag1Own > 0)
    const list = (await api(h, 'GET', '/api/v1/4d/distributors/total', tokens.ag1)).body.data as Array<{ Name: string, Shared: boolean, Owner: string }>
    t.match(list, [{ Name: 'Ag1 Outlet', Shared: false, Owner: 'ag1' }, { Name: 'Shared Outlet', Shared: true, Owner: 'admin' }], 'its own first, then the shared')
    t.match((await api(h, 'GET', `/api/v1/4d/distributors/byId/${outlet}`, tokens.ag1)).body.data, { Name: 'Shared Outlet', Shared: true })
    t.equal((await api(h, 'GET', `/api/v1/4d/distributors/byId/${outlet}`, tokens.ag2)).status, 404, 'not shown to a non-partner')
    t.equal((await api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DrawIds: [drawId], Lines: [{ Number: '5555', Big: 10 }] })).status, 200)
    const thrown = await throwTo(tokens.ag1, outlet)
    t.equal(thrown.status, 200, JSON.stringify(thrown.body))
    t.match(thrown.body.data, { Number: '5555', Big: 1, Distributor: 'Shared Outlet' })
    const stranger = await throwTo(tokens.ag2, outlet)
    t.equal(stranger.status, 404, 'ag2 (OutSet, not a partner) cannot pick it')
    t.equal(stranger.body.code, 'GA_DISTRIBUTOR_NOT_FOUND')
    t.match((await api(h, 'GET', `/api/v1/4d/distributors/byId/${outlet}`, tokens.admin)).body.data, { Throws: 1, Shared: false }, 'the owner sees the partner\'s throw counted')
    t.equal((await partners(tokens.admin, [])).status, 200)
    t.equal((await throwTo(tokens.ag1, outlet)).status, 404, 'once removed, the partner can no longer throw to it')
    t.same(((await api(h, 'GET', '/api/v1/4d/distributors/total', tokens.ag1)).body.data as Array<{ Name: string }>).map((d) => d.Name), ['Ag1 Outlet'])
  })
})
