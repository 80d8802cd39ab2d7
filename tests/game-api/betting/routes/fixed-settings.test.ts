import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { eventually } from '../../../helpers/eventually.ts'
import { gameApiHarness, type GameApiHarness } from '../../harness.ts'
import { api, moveTo } from '../support.ts'

// Fixed Setting and Fixed Process: standing orders placed once per draw by a durable job, per the users' settings, each failure with its reason.
async function runJob (h: GameApiHarness, token: string): Promise<{ Status: string, Placed: number, Failed: Array<{ UserId: string, DrawId: number, Message: string }>, seen: number[] }> {
  const started = await api(h, 'POST', '/api/v1/4d/updateProcessJob', token, {})
  if (started.status !== 200) throw new Error(JSON.stringify(started.body))
  const seen: number[] = []
  const last = await eventually(async () => {
    const { body } = await api(h, 'GET', `/api/v1/4d/selectProcessJob/${started.body.data.JobId}`, token)
    seen.push(body.data.Progress)
    return ['done', 'failed'].includes(body.data.Status) && body.data
  }, { within: 60_000, what: 'the fixed process job' })
  return { ...last, seen }
}

onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  // Wednesday 2030-01-02 10:00 GMT+8: day code 0 covers Wednesday, Saturday and Sunday's SG4D draws.
  const tokens = await moveTo(h, '2030-01-02T02:00:00Z', ['admin', 'ops', 'mem1', 'mem2', 'mem3'])
  const fixed = async (user: 'mem1' | 'mem2' | 'mem3', dayCode: string, number: string) => {
    const made = await api(h, 'POST', '/api/v1/4d/bet/fixed', tokens[user], { DayCode: dayCode, Lines: [{ Number: number, Form: 'straight', Big: 1 }] })
    if (made.status !== 200) throw new Error(JSON.stringify(made.body))
    return made.body.data.FixedId as number
  }
  await fixed('mem1', '0', '1234')
  await fixed('mem2', '3', '5678')
  await fixed('mem3', '0', '9012')
  const fixedTickets = async (user: string) => (await h.db.query<{ n: number }>("SELECT count(*)::int AS n FROM tickets WHERE user_id = $1 AND source = 'fixed'", [user])).rows[0]?.n

  t.test('settings: every user with a standing order, enabled on every day until set; FixedSetting holders only', async (t) => {
    const rows = (await api(h, 'GET', '/api/v1/4d/selectFixedSetting', tokens.admin)).body.data as Array<{ UserId: string, Enabled: boolean, AllDays: boolean, FixedBets: number }>
    t.match(rows.find((r) => r.UserId === 'mem1'), { Enabled: true, AllDays: true, FixedBets: 1, StakePerDraw: 1 })
    t.equal((await api(h, 'GET', '/api/v1/4d/selectFixedSetting', tokens.ops)).status, 403, 'ops lacks FixedSetting')
    t.match(await api(h, 'PUT', '/api/v1/4d/updateFixedSetting', tokens.admin, { UserId: 'mem1', Enabled: true, Sun: false, Mon: false, Tue: false, Wed: false, Thu: false, Fri: false, Sat: false }),
      { status: 400, body: { code: 'GA_FIXED_NO_DAY', message: /Tick at least one draw day/ } })
    t.match(await api(h, 'PUT', '/api/v1/4d/updateFixedSetting', tokens.admin, { UserId: 'mem1', Enabled: true, Sun: true, Mon: false, Tue: false, Wed: true, Thu: false, Fri: false, Sat: false }),
      { status: 200, body: { data: { DrawDays: [0, 3] } } })
    t.equal((await api(h, 'PUT', '/api/v1/4d/updateFixedSetting', tokens.admin, { UserId: 'mem3', Enabled: false })).status, 200)
    t.equal((await api(h, 'PUT', '/api/v1/4d/updateFixedSetting', tokens.admin, { UserId: 'nobody', Enabled: false })).status, 404)
    const after = (await api(h, 'GET', '/api/v1/4d/selectFixedSetting', tokens.admin)).body.data as Array<Record<string, unknown>>
    t.match(after.find((r) => r.UserId === 'mem1'), { AllDays: false, Sun: true, Wed: true, Sat: false })
    t.match(after.find((r) => r.UserId === 'mem3'), { Enabled: false })
  })

  t.test('the job: placed on the draw days set, each failure named with its reason, and never twice on one draw', async (t) => {
    await h.db.query("UPDATE users SET credit_left = 0 WHERE user_id = 'mem2'")
    const first = await runJob(h, tokens.admin)
    t.equal(first.Status, 'done')
    t.equal(first.seen.at(-1), 100)
    t.equal(await fixedTickets('mem1'), 2, 'mem1: Wednesday and Sunday, not Saturday')
    t.equal(await fixedTickets('mem3'), 0, 'mem3 is disabled')
    t.match(first.Failed, [{ UserId: 'mem2', Message: /Not enough credit: the bet costs 1\.00 but mem2 has 0\.00 credit left/ }], 'mem2 fails with the reason')
    t.equal(first.Placed, 2)
    const second = await runJob(h, tokens.admin)
    t.equal(second.Placed, 0, 'a second run places nothing already placed')
    t.equal(await fixedTickets('mem1'), 2)
    t.equal(second.Failed.length, 1, 'a failed order is tried again')
    const days = await h.db.query<{ d: string }>("SELECT to_char(d.draw_date, 'Dy') AS d FROM tickets t JOIN bets b ON b.ticket_id = t.ticket_id JOIN draws d ON d.draw_id = b.draw_id WHERE t.user_id = 'mem1' AND t.source = 'fixed' ORDER BY d.draw_date")
    t.same(days.rows.map((r) => r.d), ['Wed', 'Sun'])
    const latest = (await api(h, 'GET', '/api/v1/4d/selectProcessJob', tokens.admin)).body.data
    t.match(latest, { Status: 'done', Placed: 0 }, 'the latest run without an id')
    t.equal((await api(h, 'POST', '/api/v1/4d/updateProcessJob', tokens.ops, {})).status, 403)
  })
})
