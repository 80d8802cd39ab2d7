import t from 'tap'
import { gameApiHarness } from '../../harness.ts'
import { api } from '../../betting/support.ts'

// Full report per draw, over dates, from the upline side; the 4D statement summary; Group Report settings. Totals are checked against reportFull's.
const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100)
type Answer = { rows: Array<Record<string, unknown>>, totals: Record<string, number> }
const RANGE = 'DrawFrom=2029-12-20&DrawTo=2029-12-28'

const h = await gameApiHarness(t, 'pglite')
const tokens = { admin: await h.signIn('admin'), ops: await h.signIn('ops'), ag1: await h.signIn('ag1'), ag2: await h.signIn('ag2'), mem1: await h.signIn('mem1') }
const get = async (url: string, token: string): Promise<Answer> => {
  const r = await api(h, 'GET', url, token)
  if (r.status !== 200) throw new Error(`${url}: ${r.status} ${JSON.stringify(r.body)}`)
  return r.body.data as Answer
}

t.test('reportBreakdownFull: reportFull\'s rows per draw; each draw\'s rows are that draw\'s reportFull', async (t) => {
  for (const game of ['4d', 'tt']) {
    const breakdown = await get(`/api/v1/${game}/reportBreakdownFull?${RANGE}`, tokens.ag1)
    const full = await get(`/api/v1/${game}/reportFull?${RANGE}`, tokens.ag1)
    for (const column of ['Bets', 'Stake', 'Commission', 'Strike', 'Net', 'Intake', 'IntakeStrike', 'MyIntake', 'MyOut']) {
      t.equal(cents(breakdown.totals[column]), cents(full.totals[column]), `${game} ${column}: per draw adds up to the range`)
    }
    const drawIds = [...new Set(breakdown.rows.map((r) => r.DrawId as number))]
    t.ok(drawIds.length > 1, `${game}: several draws in the range`)
    const one = await get(`/api/v1/${game}/reportFull?DrawId=${drawIds[0]}`, tokens.ag1)
    const rows = breakdown.rows.filter((r) => r.DrawId === drawIds[0])
    for (const row of rows) {
      const same = one.rows.find((r) => r.UserId === row.UserId)
      t.equal(row.Tickets, same?.Tickets, `${game}: ${String(row.UserId)}'s tickets on draw ${drawIds[0]}`)
      t.equal(cents(row.Stake), cents(same?.Stake), `${game}: ${String(row.UserId)}'s stake on draw ${drawIds[0]}`)
    }
  }
  t.match(await api(h, 'GET', '/api/v1/4d/reportBreakdownFull?UserId=mem1', tokens.ag2), { status: 403, body: { code: 'GA_NOT_YOUR_DOWNLINE' } })
})

t.test('reportFull2: reportFull over both dates; without them 400', async (t) => {
  const full2 = await get(`/api/v1/4d/reportFull2?${RANGE}`, tokens.ag1)
  t.same(full2, await get(`/api/v1/4d/reportFull?${RANGE}`, tokens.ag1))
  t.match(await api(h, 'GET', '/api/v1/4d/reportFull2?DrawFrom=2029-12-20', tokens.ag1), { status: 400, body: { code: 'GA_REPORT_RANGE_REQUIRED' } })
  t.match(await api(h, 'GET', '/api/v1/4d/reportFull2?DrawFrom=2029-12-28&DrawTo=2029-12-20', tokens.ag1), { status: 400, body: { code: 'GA_PERIOD_REVERSED' } })
})

t.test('reportUplineFull: the levels above the user up to the caller; with the user\'s own intake they hold the whole stake', async (t) => {
  for (const game of ['4d', 'tt']) {
    const up = await get(`/api/v1/${game}/reportUplineFull?UserId=ag2`, tokens.admin)
    t.same(up.rows.map((r) => r.UserId), ['ag1', 'admin'], `${game}: ag2's uplines, nearest first`)
    const own = await get(`/api/v1/${game}/reportFull?UserId=ag2`, tokens.admin)
    t.equal(cents(up.totals.Intake) + cents(own.totals.Intake), cents(own.totals.Stake), `${game}: the intakes above and inside ag2's group add up to its stake`)
    t.equal(cents(up.totals.IntakeStrike) + cents(own.totals.IntakeStrike), cents(own.totals.Strike), `${game}: and so do the strikes`)
    t.same((await get(`/api/v1/${game}/reportUplineFull?UserId=ag2`, tokens.ag1)).rows.map((r) => r.UserId), ['ag1'], `${game}: ag1 sees its own level, never admin's`)
    t.same((await get(`/api/v1/${game}/reportUplineFull?UserId=ag2`, tokens.ops)).rows.map((r) => r.UserId), ['ag1', 'admin'], `${game}: a staff admin sees up to the company`)
  }
  t.same((await get('/api/v1/4d/reportUplineFull', tokens.ag2)).rows, [], 'nothing above oneself')
  t.match(await api(h, 'GET', '/api/v1/4d/reportUplineFull?UserId=ag1', tokens.ag2), { status: 403, body: { code: 'GA_NOT_YOUR_DOWNLINE' } })
})

t.test('dSelectStatementSummary: the 4D full report per downline over a statement period, under either prefix', async (t) => {
  const full = await get(`/api/v1/4d/reportFull?${RANGE}`, tokens.ag1)
  for (const game of ['4d', 'tt']) {
    const summary = await get(`/api/v1/${game}/dSelectStatementSummary?${RANGE}`, tokens.ag1)
    t.same(summary.rows.map((r) => r.UserId), full.rows.map((r) => r.UserId), `${game}: the rows of reportFull`)
    for (const column of ['Tickets', 'Stake', 'Commission', 'Strike', 'Net', 'IntakeNet']) t.equal(cents(summary.totals[column]), cents(full.totals[column]), `${game}: 4D ${column}`)
    t.ok(summary.rows.every((r) => r.DrawFrom === '2029-12-20' && r.DrawTo === '2029-12-28'), `${game}: the period on each row`)
  }
  const week = await get('/api/v1/4d/dSelectStatementSummary', tokens.ag1)
  t.ok(week.rows.every((r) => r.DrawFrom === '2029-12-31' && r.DrawTo === '2030-01-06'), 'by default the draw week of now (Wednesday 2030-01-02)')
  t.match(await api(h, 'GET', '/api/v1/4d/dSelectStatementSummary?DrawFrom=2029-13-01', tokens.ag1), { status: 400, body: { code: 'GA_FIELD_NOT_DATE' } })
})

t.test('reportGroupSetting: save, list, use on reportGroupFull, delete; only direct downlines, only one\'s own', async (t) => {
  const saved = await api(h, 'POST', '/api/v1/4d/reportGroupSetting', tokens.ag1, { Name: 'Agents and one', Groups: [{ Name: 'Team A', UserIds: ['ag2', 'mem1'] }] })
  t.equal(saved.status, 200, JSON.stringify(saved.body))
  t.match(saved.body.data, { UserId: 'ag1', Name: 'Agents and one', Groups: [{ Name: 'Team A', UserIds: ['ag2', 'mem1'] }] })
  const settingId = saved.body.data.SettingId as number
  t.same((await api(h, 'GET', '/api/v1/4d/reportGroupSetting', tokens.ag1)).body.data.map((s: { SettingId: number }) => s.SettingId), [settingId])

  const plain = await get('/api/v1/4d/reportGroupFull', tokens.ag1)
  const grouped = await get(`/api/v1/4d/reportGroupFull?SettingId=${settingId}`, tokens.ag1)
  t.same(grouped.totals, plain.totals, 'the same totals')
  const team = grouped.rows.find((r) => r.UserName === 'Team A')
  t.match(team, { UserId: null, Role: 'GROUP', Members: 'ag2, mem1' })
  const part = plain.rows.filter((r) => r.UserId === 'ag2' || r.UserId === 'mem1')
  t.equal(cents(team?.Stake), part.reduce((s, r) => s + cents(r.Stake), 0), 'the group row sums its members')
  t.equal(grouped.rows.length, plain.rows.length - 1, 'two rows became one')

  const resaved = await api(h, 'POST', '/api/v1/4d/reportGroupSetting', tokens.ag1, { Name: 'Agents and one', Groups: [{ Name: 'Solo', UserIds: ['mem3'] }] })
  t.match(resaved.body.data, { SettingId: settingId, Groups: [{ Name: 'Solo', UserIds: ['mem3'] }] }, 'the same name replaces the groups')

  t.match(await api(h, 'POST', '/api/v1/4d/reportGroupSetting', tokens.ag1, { Name: 'x', Groups: [{ Name: 'G', UserIds: ['mem2'] }] }), { status: 400, body: { code: 'GA_REPORT_GROUP_SETTING_NOT_DIRECT', params: ['mem2', 'ag1'] } })
  t.match(await api(h, 'POST', '/api/v1/4d/reportGroupSetting', tokens.ag1, { Name: 'x', Groups: [{ Name: 'G', UserIds: ['mem1'] }, { Name: 'H', UserIds: ['mem1'] }] }), { status: 400, body: { code: 'GA_REPORT_GROUP_SETTING_TWICE' } })
  t.match(await api(h, 'POST', '/api/v1/4d/reportGroupSetting', tokens.ag1, { Name: 'x', Groups: [] }), { status: 400, body: { params: ['body/Groups'] } })
  t.match(await api(h, 'POST', '/api/v1/4d/reportGroupSetting', tokens.ag2, { UserId: 'ag1', Name: 'x', Groups: [{ Name: 'G', UserIds: ['ag2'] }] }), { status: 403, body: { code: 'GA_NOT_YOUR_DOWNLINE' } })
  t.match(await api(h, 'GET', `/api/v1/4d/reportGroupFull?SettingId=${settingId}`, tokens.ag2), { status: 404, body: { code: 'GA_REPORT_GROUP_SETTING_NOT_FOUND' } }, 'another\'s setting')
  t.match(await api(h, 'DELETE', `/api/v1/4d/reportGroupSetting?SettingId=${settingId}`, tokens.ag2), { status: 404, body: { code: 'GA_REPORT_GROUP_SETTING_NOT_FOUND' } })
  t.match(await api(h, 'DELETE', '/api/v1/4d/reportGroupSetting?SettingId=abc', tokens.ag1), { status: 400, body: { params: ['querystring/SettingId'] } })

  t.match(await api(h, 'DELETE', `/api/v1/4d/reportGroupSetting?SettingId=${settingId}`, tokens.ag1), { status: 200, body: { data: true } })
  t.same((await api(h, 'GET', '/api/v1/4d/reportGroupSetting', tokens.ag1)).body.data, [])
  const { rows: audits } = await h.db.query<{ action: string }>("SELECT action FROM audits WHERE action LIKE 'report.groupSetting.%' ORDER BY 1")
  t.same(audits.map((a) => a.action), ['report.groupSetting.delete', 'report.groupSetting.save', 'report.groupSetting.save'], 'each write audited')
})
