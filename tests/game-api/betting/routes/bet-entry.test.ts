import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { api } from '../support.ts'

// What Place Bets and Fixed Bets read before a bet: bet/perm, bet/settings, fixed/view and fixed/settings.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = { admin: await h.signIn('admin'), ag1: await h.signIn('ag1'), ag2: await h.signIn('ag2'), mem1: await h.signIn('mem1') }

  t.test('bet/perm: the user\'s switches, forms and limits; off when its upline disables placing', async (t) => {
    const mine = await api(h, 'GET', '/api/v1/4d/bet/perm', tokens.mem1)
    t.equal(mine.status, 200, JSON.stringify(mine.body))
    const { rows: [u] } = await h.db.query<{ max_line_stake: string, credit_left: string }>("SELECT max_line_stake, credit_left FROM users WHERE user_id = 'mem1'")
    t.match(mine.body.data, { UserId: 'mem1', Game: '4D', MayPlaceBet: true, Suspended: false, Forms: ['straight', 'roll', 'ibet', 'kbet'], MaxLines: 200, MaxLineStake: Number(u?.max_line_stake), CreditLeft: Number(u?.credit_left) })
    t.same((await api(h, 'GET', '/api/v1/tt/bet/perm', tokens.mem1)).body.data.Forms, ['ORDINARY', 'SYSTEM', 'ROLL', '2*', '3*', '4*', '*2', '*3', '*4', 'TO', 'TE', 'TT'], 'TOTO: the bet types')
    await h.db.query("UPDATE users SET disable_place_bet_and_fixed_bet = 1 WHERE user_id = 'mem1'")
    const off = (await api(h, 'GET', '/api/v1/4d/bet/perm?UserId=mem1', tokens.ag1)).body.data
    t.match(off, { MayPlaceBet: false, MayPlaceFixedBet: false, MayUpload: false, DisablePlaceBetAndFixedBet: true }, 'its upline reads it off')
    const placing = await api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DayCode: '3', Lines: [{ Number: '1234', Big: 1 }] })
    t.equal(placing.status, 403, 'and placing is refused, as bet/perm said')
    await h.db.query("UPDATE users SET disable_place_bet_and_fixed_bet = 0 WHERE user_id = 'mem1'")
    t.match(await api(h, 'GET', '/api/v1/4d/bet/perm?UserId=ag1', tokens.mem1), { status: 403, body: { code: 'GA_NOT_YOUR_DOWNLINE' } })
    t.match(await api(h, 'GET', '/api/v1/4d/bet/perm?UserId=nobody', tokens.admin), { status: 404, body: { code: 'GA_USER_NOT_FOUND' } })
    t.match(await api(h, 'GET', `/api/v1/4d/bet/perm?UserId=${'x'.repeat(51)}`, tokens.admin), { status: 400, body: { code: 'GA_FIELD_TOO_LONG', params: ['querystring/UserId', '50'] } })
  })

  t.test('bet/settings: forms, day codes, bounds and the draws that take bets now', async (t) => {
    const four = (await api(h, 'GET', '/api/v1/4d/bet/settings', tokens.mem1)).body.data
    t.match(four, { Game: '4D', Forms: ['straight', 'roll', 'ibet', 'kbet'], MaxLines: 200, BigStep: 0.25 })
    t.ok(four.DayCodes.some((d: { Code: string, Days: string }) => d.Code === '3' && /Wednesday/.test(d.Days)), 'day code 3 is Wednesday')
    t.ok(four.Draws.length > 0 && four.Draws.every((d: { Status: string, Game: string }) => d.Status === 'open' && d.Game === '4D'), 'open 4D draws')
    t.same(four.Draws.map((d: { DrawId: number }) => d.DrawId), (await api(h, 'GET', '/api/v1/4d/draw/activeLatest', tokens.mem1)).body.data.map((d: { DrawId: number }) => d.DrawId), 'the draws draw/activeLatest lists')
    const toto = (await api(h, 'GET', '/api/v1/tt/bet/settings', tokens.mem1)).body.data
    t.ok(toto.Draws.every((d: { Series: string }) => d.Series === 'TOTO') && toto.DayCodes.length === 2, 'TOTO draws and codes')
    t.match(await api(h, 'GET', `/api/v1/4d/bet/settings?LocId=${'x'.repeat(21)}`, tokens.mem1), { status: 400, body: { code: 'GA_FIELD_TOO_LONG' } })
  })

  t.test('fixed/view: one user\'s own standing bets (page3 holds its group\'s); fixed/settings: its setting', async (t) => {
    for (const [token, body] of [[tokens.ag1, { DayCode: '3', Lines: [{ Number: '1111', Big: 1 }] }], [tokens.ag1, { UserId: 'mem1', DayCode: '6', Lines: [{ Number: '2222', Small: 2 }] }]] as const) {
      const made = await api(h, 'POST', '/api/v1/4d/bet/fixed', token, body)
      t.equal(made.status, 200, JSON.stringify(made.body))
    }
    const own = (await api(h, 'GET', '/api/v1/4d/fixed/view', tokens.ag1)).body.data as Array<{ UserId: string }>
    t.ok(own.length === 1 && own[0]!.UserId === 'ag1', 'ag1\'s own only')
    const group = (await api(h, 'GET', '/api/v1/4d/fixed/page3', tokens.ag1)).body.data as Array<{ UserId: string }>
    t.same(group.map((f) => f.UserId).sort(), ['ag1', 'mem1'], 'page3: the group\'s')
    const mem1 = (await api(h, 'GET', '/api/v1/4d/fixed/view?UserId=mem1', tokens.ag1)).body.data as Array<{ UserId: string, LinesText: string }>
    t.match(mem1, [{ UserId: 'mem1', LinesText: '2222 -2' }], 'a downline\'s, asked by its upline')
    t.match(await api(h, 'GET', '/api/v1/4d/fixed/view?UserId=ag1', tokens.mem1), { status: 403, body: { code: 'GA_NOT_YOUR_DOWNLINE' } })

    const setting = (await api(h, 'GET', '/api/v1/4d/fixed/settings?UserId=mem1', tokens.ag1)).body.data
    t.match(setting, { UserId: 'mem1', FixedBets: 1, StakePerDraw: 2, Enabled: true, AllDays: true, Sat: true })
    await api(h, 'PUT', '/api/v1/4d/updateFixedSetting', tokens.admin, { UserId: 'mem1', Enabled: true, Sat: true })
    t.match((await api(h, 'GET', '/api/v1/4d/fixed/settings', tokens.mem1)).body.data, { UserId: 'mem1', AllDays: false, Sat: true, Wed: false }, 'the member reads its own, as the admin set it')
    t.match((await api(h, 'GET', '/api/v1/4d/fixed/settings', tokens.ag2)).body.data, { UserId: 'ag2', FixedBets: 0, Enabled: true, AllDays: true }, 'no order, no setting: the defaults')
    t.match(await api(h, 'GET', '/api/v1/4d/fixed/settings?UserId=ag1', tokens.ag2), { status: 403, body: { code: 'GA_NOT_YOUR_DOWNLINE' } })
  })
})
