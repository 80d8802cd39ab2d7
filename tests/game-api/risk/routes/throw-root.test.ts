import t from 'tap'
import { gameApiHarness } from '../../harness.ts'
import { api } from '../../betting/support.ts'

// POST throw, the legacy root form of bet/throw: the same call (same checks, same rows) at the root path.
const h = await gameApiHarness(t, 'pglite')
const tokens = { admin: await h.signIn('admin'), ag1: await h.signIn('ag1'), mem1: await h.signIn('mem1') }
const draws = (await api(h, 'GET', '/api/v1/4d/draw/activeLatest', tokens.mem1)).body.data as Array<{ DrawId: number, Series: string }>
const drawId = draws.find((d) => d.Series === 'SG4D')!.DrawId

t.test('admin throws part of what it keeps of a number, at the root path', async (t) => {
  t.equal((await api(h, 'POST', '/api/v1/4d/outSetting6', tokens.admin, { UserId: 'ag1', Number: '4321', Big: 50 })).status, 200)
  t.equal((await api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DrawIds: [drawId], Lines: [{ Number: '4321', Big: 80 }] })).status, 200)
  const outlet = await api(h, 'POST', '/api/v1/4d/distributors', tokens.admin, { Name: 'Root Outlet' })
  const distributorId = outlet.body.data.DistributorId as number
  const thrown = await api(h, 'POST', '/api/v1/4d/throw', tokens.admin, { DrawId: drawId, Number: '4321', Big: 15, DistributorId: distributorId })
  t.equal(thrown.status, 200, JSON.stringify(thrown.body))
  t.match(thrown.body.data, { DrawId: drawId, Number: '4321', Big: 15, Distributor: 'Root Outlet', Game: '4D' })
  const listed = (await api(h, 'GET', `/api/v1/4d/bet/throw?DrawId=${drawId}`, tokens.admin)).body.data as Array<{ ThrowId: number }>
  t.ok(listed.some((r) => r.ThrowId === thrown.body.data.ThrowId), 'listed by bet/throw: the same throws')
  const over = await api(h, 'POST', '/api/v1/4d/throw', tokens.admin, { DrawId: drawId, Number: '4321', Big: 1000, DistributorId: distributorId })
  t.equal(over.status, 409, 'never more than is kept')
  const bad = await api(h, 'POST', '/api/v1/4d/throw', tokens.admin, { DrawId: drawId, Big: 1, DistributorId: distributorId })
  t.match(bad, { status: 400, body: { message: 'body/Number is required' } })
  t.equal((await api(h, 'POST', '/api/v1/4d/throw', tokens.ag1, { DrawId: drawId, Number: '4321', Big: 1, DistributorId: distributorId })).status, 403, 'OutSet is needed')
})
