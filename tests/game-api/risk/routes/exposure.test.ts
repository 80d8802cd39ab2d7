import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { eventually } from '../../../helpers/eventually.ts'
import { gameApiHarness } from '../../harness.ts'
import { api } from '../../betting/support.ts'

interface Row { Number: string, Form: string, Bets: number, Intake: number, Kept: number, PassedOn: number, Thrown: number, First: number, Second: number, Third: number, Starter: number, Consolation: number, Liability: number, LimitBig: number | null, OverLimit: boolean, Over: string }

// GET exposure and exposure/stream: the open draw per played number at the viewer's level, from the aggregates, and a live stream of changes.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = { admin: await h.signIn('admin'), ag1: await h.signIn('ag1'), ag2: await h.signIn('ag2'), mem1: await h.signIn('mem1') }
  const draws = (await api(h, 'GET', '/api/v1/4d/draw/activeLatest', tokens.mem1)).body.data as Array<{ DrawId: number, Series: string }>
  const drawId = draws.find((d) => d.Series === 'SG4D')!.DrawId
  const bet = (Lines: unknown[]) => api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DrawIds: [drawId], Lines })
  const exposure = async (token: string, query = '') => {
    const answer = await api(h, 'GET', `/api/v1/4d/exposure?DrawId=${drawId}${query}`, token)
    if (answer.status !== 200) throw new Error(`exposure answered ${answer.status}: ${JSON.stringify(answer.body)}`)
    return answer.body.data as { DrawId: number, UserId: string, Count: number, Totals: { Intake: number, Kept: number, PassedOn: number }, rows: Row[] }
  }
  const rowOf = (rows: Row[], number: string, form = 'straight') => rows.find((r) => r.Number === number && r.Form === form)

  t.test("per number: intake, kept, passed on and each tier's worst case at the viewer's level, largest liability first", async (t) => {
    t.equal((await bet([{ Number: '1111', Big: 20 }, { Number: '2222', Big: 4 }, { Number: '5670', Form: 'roll', Big: 1 }])).status, 200)
    t.equal((await api(h, 'POST', '/api/v1/4d/permissions', tokens.admin, { UserId: 'ag1', Attribute: 'OutSet' })).status, 200, 'ag1 granted OutSet')
    const ag1 = await exposure(await h.signIn('ag1'))
    const big = rowOf(ag1.rows, '1111')!
    // ag1's $5 default limit: it keeps $5 of the $20 and passes $15 up; 1st prize pays 2000 per $1 Big kept.
    t.match(big, { Bets: 1, Intake: 20, Kept: 5, PassedOn: 15, First: 10000, Second: 5000, Third: 2450, Starter: 1250, Consolation: 300, Liability: 10000, LimitBig: 5, OverLimit: true, Over: 'over' })
    t.match(rowOf(ag1.rows, '2222'), { Intake: 4, OverLimit: false, Over: '' }, 'under its limit')
    const rolled = ag1.rows.filter((r) => r.Form === 'roll')
    t.same(rolled.map((r) => r.Number).sort(), ['5670', '5671', '5672', '5673', '5674', '5675', '5676', '5677', '5678', '5679'], 'a roll plays its ten numbers')
    t.ok(rolled.every((r) => r.Intake === 1), 'each takes an equal part of the line')
    for (const r of ag1.rows) t.equal(Math.round((r.Kept + r.PassedOn) * 100) / 100, r.Intake, `${r.Number} ${r.Form}: kept and passed on make the intake`)
    t.same(ag1.rows.map((r) => r.Liability), [...ag1.rows.map((r) => r.Liability)].sort((a, b) => b - a), 'largest liability first')
    t.equal(ag1.rows[0]?.Number, '1111')

    const admin = await exposure(tokens.admin)
    t.match(rowOf(admin.rows, '1111'), { Intake: 15, Kept: 15, PassedOn: 0, First: 30000 }, 'what ag1 passed on reached admin')
    t.equal(admin.Totals.Intake, ag1.Totals.PassedOn, 'admin takes exactly what ag1 passes on')
    t.match((await exposure(tokens.admin, '&UserId=ag1')).rows, ag1.rows, 'an upline may look at a downline\'s level')
  })

  t.test('a void takes the bet out again', async (t) => {
    const placed = await bet([{ Number: '3333', Big: 2 }])
    t.ok(rowOf((await exposure(tokens.admin)).rows, '3333'))
    t.equal((await api(h, 'DELETE', `/api/v1/4d/bet?TicketNo=${placed.body.data.TicketNo}`, tokens.mem1)).status, 200)
    t.notOk(rowOf((await exposure(tokens.admin)).rows, '3333'), 'gone with its ticket')
  })

  t.test('a throw leaves the level: kept and each tier\'s pay net of it, at the ordinary table', async (t) => {
    const outlet = await api(h, 'POST', '/api/v1/4d/distributors', tokens.admin, { Name: 'Exposure outlet' })
    t.equal(outlet.status, 200, JSON.stringify(outlet.body))
    const thrown = await api(h, 'POST', '/api/v1/4d/bet/throw', tokens.admin, { DrawId: drawId, Number: '1111', Big: 5, DistributorId: outlet.body.data.DistributorId })
    t.equal(thrown.status, 200, JSON.stringify(thrown.body))
    t.match(rowOf((await exposure(tokens.admin)).rows, '1111'), { Intake: 15, Thrown: 5, Kept: 10, PassedOn: 0, First: 20000, Second: 10000, Liability: 20000 }, '$5 of the $15 kept went to the distributor')
    t.equal(rowOf((await exposure(tokens.admin, '&UserId=ag1')).rows, '1111')?.Kept, 5, 'another level\'s figures do not move')
  })

  t.test('the stream says when a bet is accepted or voided', async (t) => {
    const base = await h.app.listen({ port: 0, host: '127.0.0.1' })
    const controller = new AbortController()
    t.teardown(() => controller.abort())
    const response = await fetch(`${base}/api/v1/4d/exposure/stream?DrawId=${drawId}`, { headers: { authorization: `Bearer ${tokens.admin}` }, signal: controller.signal })
    t.equal(response.status, 200)
    t.match(response.headers.get('content-type'), /^text\/event-stream/)
    t.match(response.headers.get('cache-control'), /no-cache/)
    let text = ''
    const reader = response.body!.getReader()
    const decoder = new TextDecoder()
    const readUntil = async (pattern: RegExp) => {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read()
        if (done) throw new Error(`the stream ended before ${pattern}`)
        text += decoder.decode(value, { stream: true })
      }
    }
    await readUntil(/event: ready/)
    const placed = await bet([{ Number: '4444', Big: 1 }])
    await readUntil(/event: change\ndata: \{"Kind":"placed","DrawIds":\[\d+\]\}/)
    t.pass('a placement arrives')
    await api(h, 'DELETE', `/api/v1/4d/bet?TicketNo=${placed.body.data.TicketNo}`, tokens.mem1)
    await readUntil(/"Kind":"voided"/)
    t.pass('a void arrives')
    await eventually(async () => (await exposure(tokens.admin)).rows.every((r) => r.Number !== '4444'), { what: 'the voided bet to leave the exposure' })
  })

  t.test('TOTO: an entry is one row, its worst case the stored best-case payout of what the level keeps', async (t) => {
    const placed = await api(h, 'POST', '/api/v1/tt/bet/t', tokens.mem1, { DayCode: '4', Lines: [{ Type: 'ORDINARY', Numbers: [6, 5, 4, 3, 2, 1], Units: 2 }] })
    t.equal(placed.status, 200, JSON.stringify(placed.body).slice(0, 300))
    const totoDraw = placed.body.data.Draws[0].DrawId
    const answer = await api(h, 'GET', `/api/v1/tt/exposure?DrawId=${totoDraw}`, tokens.admin)
    t.equal(answer.status, 200)
    const row = (answer.body.data.rows as Row[]).find((r) => r.Number === '01 02 03 04 05 06' && r.Form === 'ORDINARY')
    t.ok(row && row.Intake > 0 && row.Liability > 0, `the entry reached admin with a worst case (${JSON.stringify(row)})`)
    t.match(row, { First: 0, Second: 0, Consolation: 0 }, 'no 4D tiers')
    const levels = (await api(h, 'GET', `/api/v1/tt/bet/view?TicketNo=${placed.body.data.TicketNo}`, tokens.admin)).body.data.Levels as Array<{ UserId: string, ttMaxPayout: number }>
    const kept = levels.filter((l) => l.UserId === 'admin').reduce((sum, l) => sum + l.ttMaxPayout, 0)
    t.ok(row!.Liability >= kept, `admin's worst case counts this ticket's (${kept})`)
  })

  t.test('refusals', async (t) => {
    t.equal((await api(h, 'GET', '/api/v1/4d/exposure', tokens.mem1)).status, 403, 'OutSet is needed')
    t.equal((await api(h, 'GET', '/api/v1/4d/exposure/stream', tokens.mem1)).status, 403, 'for the stream too')
    t.equal((await api(h, 'GET', '/api/v1/4d/exposure?UserId=ag1', tokens.ag2)).status, 403, 'not an upline\'s')
    t.equal((await api(h, 'GET', '/api/v1/4d/exposure?DrawId=999999', tokens.admin)).status, 404)
    t.equal((await api(h, 'GET', '/api/v1/4d/exposure?DrawId=abc', tokens.admin)).status, 400)
  })
  t.test('half-cents round as every money figure does, and what is kept and passed on adds up to the intake', async (t) => {
    // An iBet of 10.12 Big over 3334's 4 permutations: 2.53 of each reaches ag1, which keeps half (1.265) and passes 1.265 up to admin.
    const placed = await api(h, 'POST', '/api/v1/4d/bet/text', tokens.mem1, { Text: 'mem1 0 3334i 10.12-', AcceptDecimals: true })
    t.equal(placed.status, 200, JSON.stringify(placed.body))
    const of = async (query: string) => (await api(h, 'GET', `/api/v1/4d/exposure?DrawId=${placed.body.data.Draws[0].DrawId as number}${query}`, tokens.admin)).body.data as { rows: Row[] }
    const [company, agent] = [await of(''), await of('&UserId=ag1')]
    t.match(rowOf(company.rows, '3433', 'ibet'), { Intake: 1.27, Kept: 1.27, PassedOn: 0 }, 'admin: an intake of 1.265 shows 1.27, half away from zero')
    t.match(rowOf(agent.rows, '3433', 'ibet'), { Intake: 2.53, Kept: 1.27, PassedOn: 1.26 }, 'ag1: kept and passed on add up to what reached it')
    const cents = (v: number) => Math.round(v * 100)
    for (const r of [...company.rows, ...agent.rows]) t.equal(cents(r.Kept) + cents(r.PassedOn) + cents(r.Thrown), cents(r.Intake), `${r.Number} ${r.Form}: kept + passed on + thrown = intake`)
  })
})
