import t from 'tap'
import { gameApiHarness } from '../../harness.ts'

// dMemberAllRole/tMemberAllRole, dMemberProfile/mMemberProfile, profile(T)EditFull, profile(T)NewFull, dShareTypeSelect: one side's view of the downline.
const h = await gameApiHarness(t, 'pglite')
const tokens = { admin: await h.signIn('admin'), ops: await h.signIn('ops'), ag1: await h.signIn('ag1'), ag2: await h.signIn('ag2'), mem1: await h.signIn('mem1') }
type Who = keyof typeof tokens
const get = (as: Who, path: string) => h.call('GET', `/api/v1/4d/${path}`, { token: tokens[as] })

t.test('dMemberAllRole / tMemberAllRole: every role below, by depth, with the side\'s share', async (t) => {
  const d = (await get('ag1', 'dMemberAllRole')).json().data as Array<{ UserId: string, Role: string, Depth: number, Share: number }>
  t.same(d.map((m) => m.UserId), ['ag2', 'mem1', 'mem3', 'mem2'])
  t.same(new Set(d.map((m) => m.Role)), new Set(['AG', 'MEM']))
  t.equal(d.find((m) => m.UserId === 'mem2')?.Depth, 2)
  const tt = (await get('ag1', 'tMemberAllRole')).json().data as Array<{ UserId: string, Share: number }>
  t.equal(tt.find((m) => m.UserId === 'ag2')?.Share, 0.3, 'TOTO share')
  t.equal(d.find((m) => m.UserId === 'ag2')?.Share, 0, '4D share')
  const ops = (await get('ops', 'dMemberAllRole')).json().data as Array<{ UserId: string }>
  t.ok(ops.some((m) => m.UserId === 'ag1'), 'a staff admin sees the company\'s downline')
  t.equal((await get('ag2', 'dMemberAllRole?UserId=ag1')).statusCode, 403, 'not above one\'s own tree')
  t.equal((await get('ag1', 'dMemberAllRole?UserId=')).statusCode, 400, 'an empty UserId is refused')
})

t.test('dMemberProfile / mMemberProfile: the 4D profile of an agent, of a member', async (t) => {
  const ag2 = await get('ag1', 'dMemberProfile?UserId=ag2')
  t.equal(ag2.statusCode, 200, ag2.body)
  t.match(ag2.json().data, { UserId: 'ag2', Role: 'AG', Game: '4D', dShare: 0, Credit: 10000 })
  t.match((await get('ag1', 'mMemberProfile?UserId=mem1')).json().data, { UserId: 'mem1', Role: 'MEM', CreditLeft: 879.5 })
  t.equal((await get('ag1', 'dMemberProfile?UserId=mem1')).json().code, 'GA_WRONG_ACCOUNT_KIND')
  t.equal((await get('ag2', 'mMemberProfile?UserId=mem1')).statusCode, 403, 'outside the tree')
  t.equal((await get('ag1', 'mMemberProfile')).json().message, 'querystring/UserId is required')
})

t.test('profileEditFull / profileTEditFull: the profile and the parent\'s bounds, in the side\'s field names', async (t) => {
  const d = (await get('ag1', 'profileEditFull?UserId=ag2')).json().data
  t.match(d, { UserId: 'ag2', Game: '4D', dShare: 0, dCommission: 0.08, MaxLineStake: Number })
  t.notOk('tShare' in d, 'only the 4D side')
  t.match(d.Bounds, { dShare: { Min: 0, Max: 0.5, Step: 0.01 }, dCommission: { Max: 0.1, Step: 0.005 }, Tax: { Max: 0.01 }, MaxLineStake: { Min: 1 } })
  const tt = (await get('ag1', 'profileTEditFull?UserId=ag2')).json().data
  t.match(tt, { Game: 'TOTO', tShare: 0.3, tCommission: 0.12 })
  t.notOk('dShare' in tt || 'Share' in tt, 'only the TOTO side, under its own names')
  t.match(tt.Bounds, { tShare: { Max: 0 }, tCommission: { Max: 0.15, Step: 0.01 } }, 'ag1 holds no TOTO share; its TOTO commission caps')
  const underAdmin = (await get('admin', 'profileTEditFull?UserId=ag1')).json().data
  t.match(underAdmin.Bounds, { tShare: { Max: 1 }, tCommission: { Max: 0.2 }, MaxLineStake: { Max: 1e9 } }, 'the company gives any line maximum')
  t.equal((await get('ag1', 'profileEditFull?UserId=ag1')).json().code, 'GA_NOT_OWN_ACCOUNT')
  t.equal((await get('mem1', 'profileTEditFull?UserId=mem3')).statusCode, 403)
})

t.test('profileNewFull / profileTNewFull: defaults and bounds under the parent, in the create form\'s field names', async (t) => {
  const d = (await get('ag1', 'profileNewFull')).json().data
  t.match(d, { ParentId: 'ag1', Game: '4D', ParentCreditLeft: 39450.5, Locations: ['SG', 'TT', 'MG'], dShare: 0, dCommission: 0, Tax: 0, Credit: 0, Bounds: { dShare: { Max: 0.5 } } })
  const tt = (await get('ag1', 'profileTNewFull?ParentId=ag2')).json().data
  t.match(tt, { ParentId: 'ag2', Game: 'TOTO', tShare: 0, tCommission: 0, Bounds: { tShare: { Max: 0.3 } } })
  t.match(d, { tShare: 0, tCommission: 0, Bounds: { tShare: { Max: 0 }, tCommission: { Max: 0.15, Step: 0.01 } } }, 'at 4D the TOTO terms too, for an account ticked for TOTO')
  t.match(tt.Bounds, { dShare: { Max: 0 }, dCommission: { Step: 0.005 } }, 'at TOTO the 4D terms too')
  t.equal((await get('ag1', 'profileNewFull?ParentId=mem1')).json().code, 'GA_WRONG_ACCOUNT_KIND', 'a player has no downline')
  t.equal((await get('ag2', 'profileNewFull?ParentId=ag1')).statusCode, 403)
})

t.test('dShareTypeSelect: 0 up to the parent\'s own 4D share', async (t) => {
  const choices = (await get('ag1', 'dShareTypeSelect')).json().data as Array<{ Value: number, Label: string }>
  t.equal(choices.length, 51)
  t.same(choices.at(-1), { Value: 0.5, Label: '50%' })
  t.same((await get('ag2', 'dShareTypeSelect')).json().data, [{ Value: 0, Label: '0%' }])
  t.equal((await get('ag2', 'dShareTypeSelect?UserId=admin')).statusCode, 403)
})

t.test('a new agent created from the 4D dialog with both games ticked keeps both games\' shares and commissions as fractions', async (t) => {
  const body = { UserId: 'both39', Credit: 0, dShare: 0.45, dCommission: 0.035, tShare: 0.07, tCommission: 0.12, Locations: ['SG', 'TT'] }
  const created = await h.call('POST', '/api/v1/4d/agents', { token: tokens.admin, payload: body })
  t.equal(created.statusCode, 200, created.body)
  t.match((await get('admin', 'profileEditFull?UserId=both39')).json().data, { dShare: 0.45, dCommission: 0.035 })
  t.match((await get('admin', 'profileTEditFull?UserId=both39')).json().data, { tShare: 0.07, tCommission: 0.12 })
})
