import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'

// POST agents / players (and ?Simple=true), then the lists and the profile (demo tree: admin > ag1 > ag2 > mem2; ag1 > mem1, mem3).
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = { admin: await h.signIn('admin'), ag1: await h.signIn('ag1'), ag2: await h.signIn('ag2'), mem1: await h.signIn('mem1') }
  type Who = keyof typeof tokens
  const post = (as: Who, path: string, payload: Record<string, unknown>) => h.call('POST', `/api/v1/4d/${path}`, { token: tokens[as], payload })
  const get = (as: Who, path: string) => h.call('GET', `/api/v1/4d/${path}`, { token: tokens[as] })
  const creditLeft = async (id: string) => Number((await h.db.query<{ c: string }>('SELECT credit_left AS c FROM users WHERE user_id = $1', [id])).rows[0]?.c)

  t.test('an agent creates an agent with credit, share, commission, flags and locations; the new user has a one-time password', async (t) => {
    const before = await creditLeft('ag1')
    const res = await post('ag1', 'agents', { UserId: 'ag1sub', UserName: 'Sub agent', Credit: 5000, dShare: 0.3, dCommission: 0.05, tCommission: 0.1, Tax: 0, EnableCreateDownline: 1, EnablePlaceBet: 1, Locations: ['SG', 'TT'] })
    t.equal(res.statusCode, 200, res.body)
    const { Password, updatePassword } = res.json().data as { Password: string, updatePassword: boolean }
    t.equal(updatePassword, true)
    t.match(Password, /^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z0-9])\S{8,15}$/, 'within the password rules')
    t.equal(await creditLeft('ag1'), before - 5000, 'the credit came out of ag1\'s credit left')
    const profile = (await get('ag1', 'agents/profile?UserId=ag1sub')).json().data
    t.match(profile, { UserId: 'ag1sub', UserName: 'Sub agent', Role: 'AG', ParentId: 'ag1', Credit: 5000, CreditLeft: 5000, AccBal: 0, dShare: 0.3, dCommission: 0.05, tCommission: 0.1, EnableCreateDownline: 1, EnableCreateAgent: 0, Locations: ['SG', 'TT'], Status: 'Active', updatePassword: true })
    const signIn = await h.call('POST', '/api/v1/oauth/token', { payload: { username: 'AG1SUB', password: Password }, address: '10.9.9.9' })
    t.equal(signIn.statusCode, 200)
    t.equal(signIn.json().data.updatePassword, true, 'the forced change runs at first sign-in')
    const audit = await h.db.query<{ detail: { UserId: string } }>("SELECT detail FROM audits WHERE action = 'agents.create' ORDER BY audit_id DESC LIMIT 1")
    t.equal(audit.rows[0]?.detail.UserId, 'ag1sub', 'audited')
  })

  t.test('?Simple=true takes only id, name and credit; the rest is inherited defaults', async (t) => {
    const res = await h.call('POST', '/api/v1/4d/players?Simple=true', { token: tokens.ag1, payload: { UserId: 'simple1', Credit: 100, dShare: 0.5, EnableUpload: 1 } })
    t.equal(res.statusCode, 200, res.body)
    t.match((await get('ag1', 'players/profile?UserId=simple1')).json().data, { Role: 'MEM', UserName: 'simple1', Credit: 100, dShare: 0, EnableUpload: 0, EnablePlaceBet: 1, Locations: ['SG', 'TT', 'MG'] })
  })

  t.test('refusals name the field and the limit', async (t) => {
    const cases: Array<[Who, string, Record<string, unknown>, number, string]> = [
      ['ag1', 'players', { UserId: 'big1', Credit: 60000 }, 409, "Credit 60,000.00 is more than ag1's credit left, "],
      ['ag1', 'agents', { UserId: 'share1', dShare: 0.6 }, 409, 'dShare 0.6 is more than ag1 has, 0.5.'],
      ['ag1', 'agents', { UserId: 'comm1', dCommission: 0.15 }, 409, 'dCommission 0.15 is more than ag1 has, 0.1.'],
      ['ag1', 'agents', { UserId: 'comm2', dCommission: 0.012 }, 400, 'dCommission 0.012 must be a multiple of 0.005.'],
      ['ag1', 'agents', { UserId: 'tax1', Tax: 0.02 }, 400, 'body/Tax must be <= 0.01'],
      ['ag2', 'players', { UserId: 'flag1', EnableUpload: 1 }, 409, 'EnableUpload cannot be given: ag2 does not have it.'],
      ['ag1', 'players', { UserId: 'loc1', Locations: ['IN'] }, 409, "Locations IN are not among ag1's locations (SG, TT, MG)."],
      ['ag2', 'agents', { UserId: 'noagent' }, 403, 'ag2 may not create agents: EnableCreateAgent is off; ask your upline to turn it on.'],
      ['mem1', 'players', { UserId: 'nodown' }, 409, 'mem1 is a player and cannot have a downline.'],
      ['ag1', 'players', { UserId: '1bad' }, 400, 'User ID "1bad" must be a letter followed by 2 to 19 letters, digits or underscores.'],
      ['ag1', 'players', { UserId: 'MEM1' }, 409, 'User ID MEM1 is taken: mem1 exists, and user IDs that differ only in capitals count as the same; choose another.'],
      ['ag1', 'players', {}, 400, 'body/UserId is required'],
      ['ag2', 'players', { UserId: 'under1', ParentId: 'ag1' }, 403, 'User ag1 is not in your downline; choose yourself or a user below you.']
    ]
    for (const [as, path, payload, status, message] of cases) {
      const res = await post(as, path, payload)
      t.equal(res.statusCode, status, `${as} ${path} ${JSON.stringify(payload)}: ${res.body}`)
      t.ok((res.json().message as string).startsWith(message), message)
    }
    t.equal((await h.db.query("SELECT 1 FROM users WHERE user_id IN ('big1', 'share1', 'flag1', 'noagent')")).rows.length, 0, 'nothing refused was written')
  })

  t.test('ADMIN creates under a user of its tree, and gives credit from the company', async (t) => {
    const res = await post('admin', 'players', { UserId: 'adm_mem', ParentId: 'ag2', Credit: 200 })
    t.equal(res.statusCode, 200, res.body)
    t.equal((await get('ag2', 'players/profile?UserId=adm_mem')).json().data.ParentId, 'ag2')
    t.equal((await post('admin', 'agents', { UserId: 'company1', Credit: 1_000_000 })).statusCode, 200, 'the company is not bounded by its own credit')
  })

  t.test('direct downline, search and profile stay inside the caller\'s tree', async (t) => {
    const agents = (await get('ag1', 'agents/directDownLine')).json().data as Array<{ UserId: string, Role: string }>
    t.ok(agents.some((a) => a.UserId === 'ag2') && agents.every((a) => a.Role === 'AG'), 'only agents')
    const players = (await get('ag1', 'players/directDownLine')).json().data as Array<{ UserId: string }>
    t.ok(players.some((p) => p.UserId === 'mem1') && !players.some((p) => p.UserId === 'mem2'), 'only the direct level')
    const found = (await get('ag1', 'players/search?txtSearch=MEM')).json().data as Array<{ UserId: string }>
    t.ok(found.some((p) => p.UserId === 'mem2'), 'search covers the whole tree, ignoring case')
    t.same((await get('ag1', 'players/search?txtSearch=%25')).json().data, [], 'LIKE wildcards are plain text')
    t.equal((await get('ag2', 'players/profile?UserId=mem1')).statusCode, 403)
    t.equal((await get('ag1', 'agents/profile?UserId=mem1')).json().message, 'User mem1 is not one of the agents; find it among the players.')
    t.equal((await get('ag1', 'agents/directDownLine?UserId=ag2')).statusCode, 200)
    t.equal((await get('ag2', 'agents/directDownLine?UserId=ag1')).statusCode, 403)
  })
})
