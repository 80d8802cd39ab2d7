import t, { type Test } from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { eventually } from '../../../helpers/eventually.ts'
import { gameApiHarness } from '../../harness.ts'
import { api } from '../../betting/support.ts'

// Distributor rules (GET, PUT distributors/rule/{id}), the per-distributor outset job and outsettingProcess2 (every rule, in priority order).
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = { admin: await h.signIn('admin'), ag1: await h.signIn('ag1'), ag2: await h.signIn('ag2'), mem1: await h.signIn('mem1') }
  const draws = (await api(h, 'GET', '/api/v1/4d/draw/activeLatest', tokens.mem1)).body.data as Array<{ DrawId: number, Series: string }>
  const drawId = draws.find((d) => d.Series === 'SG4D')!.DrawId
  const outlet = async (Name: string) => (await api(h, 'POST', '/api/v1/4d/distributors', tokens.admin, { Name })).body.data.DistributorId as number
  const [a, b, c] = [await outlet('A 11 only'), await outlet('B any'), await outlet('C first')]
  const rules = (id: number, Rules: unknown[], token = tokens.admin) => api(h, 'PUT', `/api/v1/4d/distributors/rule/${id}`, token, { Rules })
  const waitFor = (statusUrl: string) => eventually(async () => {
    const s = (await api(h, 'GET', statusUrl, tokens.admin)).body.data
    return s?.Status === 'done' || s?.Status === 'failed' ? s : undefined
  }, { within: 20_000, what: `${statusUrl} to end` })
  const outsetA = async (t: Test) => {
    const started = await api(h, 'PUT', `/api/v1/4d/distributors/rule/${a}/outset`, tokens.admin, { DrawId: drawId })
    t.equal(started.status, 200, JSON.stringify(started.body))
    t.equal(started.body.data.DistributorId, a)
    const s = await waitFor(`/api/v1/4d/distributors/rule/${a}/outset/status`)
    t.equal(s.JobId, started.body.data.JobId, 'the status is the newest job\'s')
    return s
  }
  const process2 = async (t: Test) => {
    const started = await api(h, 'POST', '/api/v1/4d/outsettingProcess2', tokens.admin, { DrawId: drawId })
    t.equal(started.status, 200, JSON.stringify(started.body))
    return waitFor(`/api/v1/4d/outsettingProcess2/${started.body.data.JobId}/status`)
  }
  // Per distributor and number, what admin threw to it.
  const thrown = async () => {
    const list = (await api(h, 'GET', `/api/v1/4d/bet/throw?DrawId=${drawId}`, tokens.admin)).body.data as Array<{ DistributorId: number, Number: string, Big: number }>
    const sums: Record<string, number> = {}
    for (const r of list) {
      const key = `${r.DistributorId === a ? 'A' : r.DistributorId === b ? 'B' : 'C'} ${r.Number}`
      sums[key] = Math.round(((sums[key] ?? 0) + r.Big) * 100) / 100
    }
    return sums
  }
  const excess = async () => ((await api(h, 'GET', `/api/v1/4d/outSetting2Exceed?DrawId=${drawId}`, tokens.admin)).body.data.rows as Array<{ Number: string, Excess: number }>).map((r) => [r.Number, r.Excess])

  t.test('rules: checked, normalised, replaced as a list; the owner changes them', async (t) => {
    const refused = async (rule: Record<string, unknown>, code: string | undefined, why: string) => {
      const answer = await rules(a, [rule])
      t.equal(answer.status, 400, why)
      if (code !== undefined) t.equal(answer.body.code, code, why)
    }
    await refused({ Game: '4D', Priority: 1 }, 'GA_RULE_NO_CAP', 'a rule takes something')
    await refused({ Game: '4D', Big: 0, Small: 0, Priority: 1 }, 'GA_RULE_NO_CAP', 'caps of 0 take nothing')
    await refused({ Game: '4D', Big: 1.234, Priority: 1 }, 'GA_RULE_BAD_AMOUNT', 'cents')
    await refused({ Game: '4D', Units: 5, Priority: 1 }, 'GA_RULE_WRONG_FIELD', 'Units is TOTO\'s')
    await refused({ Game: 'TOTO', Big: 5, Priority: 1 }, 'GA_RULE_WRONG_FIELD', 'Big is 4D\'s')
    await refused({ Game: '4D', Number: '12x4', Big: 5, Priority: 1 }, 'GA_RULE_BAD_PATTERN', 'digits and *')
    await refused({ Game: 'TOTO', Number: '1 2 3 4 5 60', Units: 5, Priority: 1 }, 'GA_BAD_OUT_NUMBER', 'TOTO numbers 1 to 49')
    await refused({ Game: '4D', Big: -1, Priority: 1 }, undefined, 'non-negative')
    await refused({ Game: '4D', Big: 1, Priority: -1 }, undefined, 'a priority of 0 or more')
    await refused({ Game: '5D', Big: 1, Priority: 1 }, undefined, 'a known game')
    t.equal((await rules(a, [{ Game: '4D', Big: 1, Priority: 1 }], tokens.ag2)).status, 404, 'another level\'s outlet')
    t.equal((await rules(999999, [])).status, 404)
    const saved = await rules(a, [{ Game: '4D', Number: '11**', Big: 3, Priority: 1 }, { Game: 'TOTO', Number: '6 5 4 3 2 1', Units: 2, Priority: 1 }])
    t.equal(saved.status, 200)
    t.match(saved.body.data, [{ Game: '4D', Number: '11**', Big: 3, Small: 0, Units: 0, Priority: 1 }, { Game: 'TOTO', Number: '01 02 03 04 05 06', Units: 2 }])
    t.same((await api(h, 'GET', `/api/v1/4d/distributors/rule/${a}`, tokens.admin)).body.data, saved.body.data)
    t.equal((await api(h, 'GET', `/api/v1/4d/distributors/byId/${a}`, tokens.admin)).body.data.Rules, 'P1 4D 11** Big 3.00 Small 0.00; P1 TOTO 01 02 03 04 05 06 Units 2.00', 'the table\'s one-line summary')
    t.equal((await api(h, 'PUT', `/api/v1/4d/distributors/rule/${b}`, tokens.admin, { Replace: true, Rules: [{ Game: '4D', Big: 4, Priority: 2 }] })).status, 200, 'as Out Setting 3\'s dialog sends it')
    t.equal((await rules(c, [])).status, 200, 'an empty list clears')
    t.same((await api(h, 'GET', `/api/v1/4d/distributors/rule/${c}`, tokens.admin)).body.data, [])
    t.equal((await api(h, 'GET', `/api/v1/4d/distributors/rule/${a}`, tokens.ag1)).status, 403, 'OutSet is needed')
  })

  t.test('bets leave admin keeping $10 above its limit of 1111 and $5 of 2222', async (t) => {
    for (const n of ['1111', '2222']) t.equal((await api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DrawIds: [drawId], Lines: [{ Number: n, Big: 20 }] })).status, 200)
    // admin keeps $15 of each (ag1 kept its $5); limits lowered afterwards leave the excess.
    t.equal((await api(h, 'POST', '/api/v1/4d/outSetting6', tokens.admin, { Number: '1111', Big: 5 })).status, 200)
    t.equal((await api(h, 'POST', '/api/v1/4d/outSetting6', tokens.admin, { Number: '2222', Big: 10 })).status, 200)
    t.same(await excess(), [['1111', 10], ['2222', 5]])
  })

  t.test('the per-distributor outset throws up to its rules\' caps, to that distributor only', async (t) => {
    const none = await api(h, 'GET', `/api/v1/4d/distributors/rule/${a}/outset/status`, tokens.admin)
    t.equal(none.status, 404, 'no job yet')
    t.equal(none.body.code, 'GA_RULE_JOB_NONE')
    const noRules = await api(h, 'PUT', `/api/v1/4d/distributors/rule/${c}/outset`, tokens.admin, { DrawId: drawId })
    t.equal(noRules.status, 409, 'a distributor without a rule of the game')
    t.equal(noRules.body.code, 'GA_DISTRIBUTOR_NO_RULES')
    t.equal((await api(h, 'PUT', `/api/v1/4d/distributors/rule/${a}/outset`, tokens.admin, { DrawId: 999999 })).status, 404)
    t.equal((await api(h, 'PUT', `/api/v1/4d/distributors/rule/${a}/outset`, tokens.ag2, { DrawId: drawId })).status, 404, 'not ag2\'s')
    t.match(await outsetA(t), { Status: 'done', Progress: 100, Message: '2 numbers had excess: made 1 throw by the rules; 2 numbers keep excess no rule takes.' })
    t.same(await thrown(), { 'A 1111': 3 }, 'A takes $3 of 1111 (its 11** cap) and nothing of 2222')
    t.match(await outsetA(t), { Status: 'done', Message: '2 numbers had excess: made 0 throws by the rules; 2 numbers keep excess no rule takes.' }, 'a rerun throws nothing more')
    t.same(await thrown(), { 'A 1111': 3 })
  })

  t.test('outsettingProcess2: every rule in priority order, caps counted with earlier throws, the rest kept', async (t) => {
    t.equal((await rules(c, [{ Game: '4D', Big: 0.5, Priority: 0 }])).status, 200)
    // Two runs at once: the level's intake and the distributors are locked, so together they throw no more than one would.
    const [first, second] = await Promise.all([process2(t), process2(t)])
    t.equal(first.Status, 'done')
    t.equal(second.Status, 'done')
    // 1111: C $0.50 (priority 0), A full already, B $4 (priority 2), $2.50 kept. 2222: C $0.50, B $4, $0.50 kept.
    t.same(await thrown(), { 'A 1111': 3, 'C 1111': 0.5, 'B 1111': 4, 'C 2222': 0.5, 'B 2222': 4 })
    t.same(await excess(), [['1111', 2.5], ['2222', 0.5]], 'what no rule takes stays kept, never more thrown than the excess')
    t.match(await process2(t), { Status: 'done', Progress: 100, Message: '2 numbers had excess: made 0 throws by the rules; 2 numbers keep excess no rule takes.' }, 'a rerun throws nothing more')
    t.equal((await rules(b, [{ Game: '4D', Big: 100, Priority: 2 }])).status, 200, 'B takes more now')
    t.match(await process2(t), { Status: 'done', Message: '2 numbers had excess: made 2 throws by the rules; no excess is left kept.' })
    t.same(await excess(), [])
    t.match(await process2(t), { Message: 'No number is kept above its limit: nothing to throw.' })
  })

  t.test('a partner\'s outsettingProcess2 applies the shared distributor\'s rules, its cap counting what the owner threw', async (t) => {
    t.equal((await api(h, 'POST', '/api/v1/4d/permissions', tokens.admin, { UserId: 'ag1', Attribute: 'OutSet' })).status, 200)
    t.equal((await api(h, 'PUT', `/api/v1/4d/distributors/${b}/partners`, tokens.admin, { UserIds: ['ag1'] })).status, 200)
    t.equal((await api(h, 'PUT', `/api/v1/4d/distributors/rule/${c}/outset`, tokens.ag1, { DrawId: drawId })).status, 404, 'C is not shared with ag1')
    // B took $6.50 of 1111 from admin; a cap of $8 leaves $1.50 for ag1, which keeps $3 above its lowered $2 limit.
    t.equal((await rules(b, [{ Game: '4D', Big: 8, Priority: 2 }])).status, 200)
    t.equal((await api(h, 'POST', '/api/v1/4d/outSetting6', tokens.admin, { UserId: 'ag1', Number: '1111', Big: 2 })).status, 200)
    const started = await api(h, 'POST', '/api/v1/4d/outsettingProcess2', tokens.ag1, { DrawId: drawId })
    t.equal(started.status, 200, JSON.stringify(started.body))
    const done = await eventually(async () => {
      const s = (await api(h, 'GET', `/api/v1/4d/outsettingProcess2/${started.body.data.JobId}/status`, tokens.ag1)).body.data
      return s?.Status === 'done' || s?.Status === 'failed' ? s : undefined
    }, { within: 20_000, what: 'ag1\'s processing to end' })
    t.match(done, { Status: 'done', Message: '1 number had excess: made 1 throw by the rules; 1 number keeps excess no rule takes.' })
    t.match((await api(h, 'GET', `/api/v1/4d/bet/throw?DrawId=${drawId}`, tokens.ag1)).body.data, [{ Number: '1111', Big: 1.5, DistributorId: b }], 'the throw is ag1\'s own')
    t.equal((await api(h, 'GET', `/api/v1/4d/outsettingProcess2/${started.body.data.JobId}/status`, tokens.admin)).status, 404, 'another level\'s job is not shown')
  })

  t.test('TOTO: a rule of units on one entry, at a TOTO location', async (t) => {
    const placed = await api(h, 'POST', '/api/v1/tt/bet/t', tokens.mem1, { DayCode: '4', Lines: [{ Type: 'ORDINARY', Numbers: [1, 2, 3, 4, 5, 6], Units: 10 }] })
    t.equal(placed.status, 200, JSON.stringify(placed.body))
    const totoDraw = placed.body.data.Draws[0].DrawId as number
    t.equal((await api(h, 'POST', '/api/v1/tt/outSetting6', tokens.admin, { Number: '1 2 3 4 5 6', Units: 1 })).status, 200)
    const above = async () => ((await api(h, 'GET', `/api/v1/tt/outSetting2Exceed?DrawId=${totoDraw}`, tokens.admin)).body.data.rows as Array<{ Number: string, Excess: number }>)
    const [before] = await above()
    t.equal(before?.Number, '01 02 03 04 05 06')
    const excessBefore = before!.Excess
    t.ok(excessBefore > 0, 'admin keeps units above its lowered limit')
    // A's TOTO rule takes up to 2 units of this entry.
    const started = await api(h, 'POST', '/api/v1/tt/outsettingProcess2', tokens.admin, { DrawId: totoDraw })
    t.equal(started.status, 200, JSON.stringify(started.body))
    t.match(await waitFor(`/api/v1/tt/outsettingProcess2/${started.body.data.JobId}/status`), { Status: 'done' })
    const taken = Math.min(excessBefore, 2)
    t.match((await api(h, 'GET', `/api/v1/tt/bet/throwT?DrawId=${totoDraw}`, tokens.admin)).body.data, [{ Number: '01 02 03 04 05 06', Units: taken, DistributorId: a }])
    const after = await above()
    t.same(after.map((r) => r.Excess), excessBefore > 2 ? [Math.round((excessBefore - 2) * 100) / 100] : [], 'the rest stays kept')
  })

  t.test('refusals', async (t) => {
    t.equal((await api(h, 'GET', '/api/v1/4d/outsettingProcess2/999999/status', tokens.admin)).body.code, 'GA_OUTSET2_JOB_NOT_FOUND')
    t.equal((await api(h, 'POST', '/api/v1/4d/outsettingProcess2', tokens.admin, { DrawId: 999999 })).status, 404)
    t.equal((await api(h, 'POST', '/api/v1/4d/outsettingProcess2', tokens.admin, { DrawId: 'x' })).status, 400)
    t.equal((await api(h, 'POST', '/api/v1/4d/outsettingProcess2', tokens.mem1, { DrawId: drawId })).status, 403, 'OutSet is needed')
    t.equal((await api(h, 'GET', `/api/v1/4d/distributors/rule/${a}/outset/status`, tokens.ag2)).status, 404, 'ag2 started none')
  })
})
