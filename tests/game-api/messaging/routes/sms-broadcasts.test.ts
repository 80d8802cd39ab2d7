import t from 'tap'
import { buildGameApi } from '../../../helpers/build.ts'
import { enqueueJob } from '../../../../server/game-api/jobs/runner.ts'
import { SMS_BROADCAST_JOB } from '../../../../server/game-api/messaging/jobs/broadcast.ts'
import { startStandInGateway } from '../../../../server/game-api/messaging/stand-ins/sms-gateway.ts'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness, type GameApiHarness } from '../../harness.ts'

// SMS Subscribe, Send Result and Send Strike: subscriptions by the hierarchy, a preview of who gets what, and a durable job that writes
// exactly one message per subscriber per draw (a rerun, a second instance, two jobs at once), sent through the stand-in gateway.
const ACCOUNT = 'AC00000000000000000000000000000077'
const TOKEN = 'broadcast-test-token'

async function until<T> (what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const gateway = await startStandInGateway({ accountSid: ACCOUNT, authToken: TOKEN })
  t.teardown(() => gateway.close())
  const admin = await h.signIn('admin')
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>, app: GameApiHarness['app'] = h.app) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${admin}`, 'x-forwarded-for': '192.0.2.9' }, ...(payload ? { payload } : {}) })
  const saved = await call('POST', '/api/v1/4d/addSMSAgent', { UserId: 'mem1', Phone: '81110001' })
  t.equal(saved.statusCode, 200, saved.body)
  await call('POST', '/api/v1/4d/addSMSAgent', { UserId: 'ag2', Phone: '81110002' })
  await h.db.query("INSERT INTO user_mobiles (user_id, mobile) VALUES ('mem3', '8111 0003') ON CONFLICT (user_id) DO UPDATE SET mobile = EXCLUDED.mobile")
  const gw = await h.app.inject({
    method: 'PUT',
    url: '/api/v1/4d/updateSMSGateway',
    headers: { authorization: `Bearer ${admin}` },
    payload: { Provider: 'twilio', Endpoint: gateway.url, AccountSid: ACCOUNT, SenderId: 'Results', Enabled: true, RatePerSecond: 200, CostPerMessage: 0.05, AuthToken: TOKEN }
  })
  t.equal(gw.statusCode, 200, gw.body)
  const phones: Record<string, string> = { mem1: '+6581110001', ag2: '+6581110002', mem3: '+6581110003' }
  const sentTo = (phone: string, date: string, what: RegExp) => gateway.messages.filter((m) => m.to === phone && m.body.includes(` ${date} `) && what.test(m.body))
  // A results SMS string (4D "1)1234 …", TOTO "… +07"), not a strike message.
  const RESULT = / 1\)\d{4} | \+\d\d$/

  t.test('many subscribed at once through the hierarchy, shown node by node, one removed', async (t) => {
    const added = await call('POST', '/api/v1/4d/insertMultiSMSSubscribe', { UserIds: ['ag1'], Kinds: ['result', 'strike'], IncludeDownline: true })
    t.equal(added.statusCode, 200, added.body)
    t.same(added.json().data, { Added: 10, Already: 0, Users: 5, NoPhone: ['ag1', 'mem2'] }, 'ag1 and its four below, for both kinds; two without a phone')
    t.match((await call('POST', '/api/v1/4d/insertMultiSMSSubscribe', { UserIds: 'ag1', Kinds: 'result', IncludeDownline: true })).json().data, { Added: 0, Already: 5 }, 'again: nothing new')
    const roots = (await call('GET', '/api/v1/4d/mSMSSubscribeTree')).json().data as Array<{ UserId: string, Subscribers: number, Subscribed: boolean }>
    t.same(roots.map((r) => [r.UserId, r.Subscribed, r.Subscribers]), [['ag1', true, 5], ['clerk', false, 0], ['ops', false, 0]])
    const below = (await call('GET', '/api/v1/4d/mSMSSubscribeStrikeTree?UserId=ag1')).json().data as Array<{ UserId: string, Phone: string, Kind: string, SubscriptionId: number, Children: number, Subscribers: number }>
    t.same(below.map((r) => [r.UserId, r.Phone, r.Kind, r.Children, r.Subscribers]), [['ag2', '+6581110002', 'strike', 1, 2], ['mem1', '+6581110001', 'strike', 0, 1], ['mem3', '+6581110003', 'strike', 0, 1]])
    const group = (await call('GET', '/api/v1/4d/dSMSSubscribeStrikeTree?UserId=ag1')).json().data as Array<{ UserId: string, ParentId: string, Depth: number, Phone: string, Subscribed: boolean }>
    t.same(group.map((r) => [r.UserId, r.ParentId, r.Depth, r.Phone, r.Subscribed]), [['ag2', 'ag1', 1, '+6581110002', true], ['mem1', 'ag1', 1, '+6581110001', true], ['mem3', 'ag1', 1, '+6581110003', true], ['mem2', 'ag2', 2, '', true]],
      'the whole group below ag1 at once, by depth, each with its strike subscription and where its messages go')
    const everyone = (await call('GET', '/api/v1/4d/dSMSSubscribeStrikeTree')).json().data as Array<{ UserId: string }>
    t.same(everyone.map((r) => r.UserId), ['ag1', 'clerk', 'ops', 'ag2', 'mem1', 'mem3', 'mem2'], 'everyone below the caller by default, the caller not among them')
    const mem3 = below.find((r) => r.UserId === 'mem3')
    const one = await call('GET', `/api/v1/4d/SMSSubscribeById?SubscriptionId=${mem3?.SubscriptionId}`)
    t.match(one.json().data, { UserId: 'mem3', Game: '4D', Kind: 'strike', CreatedBy: 'admin' })
    t.same((await call('DELETE', `/api/v1/4d/SMSSubscribe?SubscriptionId=${mem3?.SubscriptionId}`)).json().data, { Removed: 1 })
    t.equal((await call('DELETE', `/api/v1/4d/SMSSubscribe?SubscriptionId=${mem3?.SubscriptionId}`)).statusCode, 404)
    t.equal((await call('POST', '/api/v1/4d/insertMultiSMSSubscribe', { UserIds: 'mem3', Kinds: 'strike' })).json().data.Added, 1, 'a row\'s Subscribe takes one id as text')
    t.equal((await call('POST', '/api/v1/4d/insertMultiSMSSubscribe', { UserIds: 'nobody', Kinds: 'strike' })).statusCode, 404)
    const agent = await h.signIn('ag1')
    t.equal((await h.call('GET', '/api/v1/4d/mSMSSubscribeTree', { token: agent })).statusCode, 403, 'ADMIN only')
  })

  const { rows: [fourD] } = await h.db.query<{ draw_id: number }>(
    `SELECT d.draw_id FROM draws d WHERE d.series = 'SG4D' AND d.is_finalised
       AND EXISTS (SELECT 1 FROM strikes s WHERE s.draw_id = d.draw_id AND s.user_id = 'mem1')
     ORDER BY (SELECT count(DISTINCT s.user_id) FROM strikes s WHERE s.draw_id = d.draw_id AND s.user_id IN ('mem1', 'mem2', 'mem3', 'ag2')) DESC, d.draw_date DESC LIMIT 1`)
  const drawId = Number(fourD?.draw_id)
  const date = await drawDate(h, drawId)

  t.test('the preview says who gets what; a draw not finalised or of the other game is refused', async (t) => {
    const preview = await call('GET', `/api/v1/4d/sendSmsResult?DrawId=${drawId}`)
    t.equal(preview.statusCode, 200, preview.body)
    const data = preview.json().data
    t.match(data.Text, /^SG4D \d{4}-\d\d-\d\d \w{3} 1\)\d{4} 2\)\d{4} 3\)\d{4} S:(\d{4} ){9}\d{4} C:/)
    t.same(data.rows.map((r: { UserId: string, Status: string }) => [r.UserId, r.Status]), [['ag1', 'noPhone'], ['ag2', 'pending'], ['mem1', 'pending'], ['mem2', 'noPhone'], ['mem3', 'pending']])
    t.ok(data.rows.every((r: { Text: string }) => r.Text === data.Text), 'every subscriber gets the result text')
    t.match(data.totals, { Subscribers: 5, Pending: 3, NoPhone: 2, Sent: 0 })
    const strikes = (await call('GET', `/api/v1/4d/sendSmsStrike?DrawId=${drawId}`)).json().data
    t.ok(strikes.rows.length >= 1 && strikes.rows.length <= 5, `only winners are listed (${strikes.rows.map((r: { UserId: string }) => r.UserId).join(', ')})`)
    const mem1 = strikes.rows.find((r: { UserId: string }) => r.UserId === 'mem1')
    t.match(mem1?.Text, /^mem1, 4D SG4D \d{4}-\d\d-\d\d strikes: \d{4} (1st|2nd|3rd|Starter|Consolation)( Big [\d,.]+)?( Small [\d,.]+)? pays [\d,]+\.\d\d.*\. Total [\d,]+\.\d\d\.$/)
    const { rows: [open] } = await h.db.query<{ draw_id: number }>("SELECT draw_id FROM draws WHERE game = '4D' AND NOT is_finalised LIMIT 1")
    const notFinal = await call('GET', `/api/v1/4d/sendSmsResult?DrawId=${open?.draw_id}`)
    t.equal(notFinal.statusCode, 409)
    t.equal(notFinal.json().code, 'GA_SMS_DRAW_NOT_FINAL')
    const { rows: [toto] } = await h.db.query<{ draw_id: number }>("SELECT draw_id FROM draws WHERE game = 'TOTO' AND is_finalised LIMIT 1")
    t.equal((await call('POST', '/api/v1/4d/sendSmsResult', { DrawId: toto?.draw_id })).statusCode, 404, 'a TOTO draw is sent from a TT location')
    t.match((await call('GET', `/api/v1/4d/result/SMSString?DrawId=${drawId}`)).json().data, { DrawId: drawId, SMSString: data.Text })
  })

  t.test('Send Result reaches every subscriber with a phone once; a second run sends nothing more', async (t) => {
    const started = await call('POST', '/api/v1/4d/sendSmsResult', { DrawId: drawId })
    t.equal(started.statusCode, 200, started.body)
    const jobId = started.json().data.JobId as number
    const done = await until('the result to be sent', async () => (await call('GET', `/api/v1/4d/sendSmsResult/${jobId}/status`)).json().data, (s) => s.Status === 'done')
    t.match(done, { Status: 'done', Progress: 100, Subscribers: 5, Sent: 3, Queued: 0, Failed: 0, NoPhone: 2 })
    t.same(done.Failures.map((f: { UserId: string }) => f.UserId), ['ag1', 'mem2'], 'the subscribers without a phone are listed')
    for (const [user, phone] of Object.entries(phones)) t.equal(sentTo(phone, date, RESULT).length, 1, `${user} got the result once`)
    const again = await call('POST', '/api/v1/4d/sendSmsResult', { DrawId: drawId })
    await until('the second run to end', async () => (await call('GET', `/api/v1/4d/sendSmsResult/${again.json().data.JobId}/status`)).json().data, (s) => s.Status === 'done')
    const { rows: [job] } = await h.db.query<{ message: string }>('SELECT message FROM jobs WHERE job_id = $1', [again.json().data.JobId])
    t.match(job?.message, /^Wrote 0 result messages for 5 subscribers/)
    for (const [user, phone] of Object.entries(phones)) t.equal(sentTo(phone, date, RESULT).length, 1, `${user} still once`)
    const { rows: [cost] } = await h.db.query<{ n: string, cost: string }>("SELECT count(*) AS n, sum(cost) AS cost FROM sms_outbound WHERE kind = 'result' AND draw_id = $1", [drawId])
    t.match(cost, { n: '3' })
    t.equal(Number(cost?.cost), 0.15, 'each priced at the gateway\'s cost')
  })

  t.test('Send Strike sends each winner their own strikes, once', async (t) => {
    const preview = (await call('GET', `/api/v1/4d/sendSmsStrike?DrawId=${drawId}`)).json().data
    const started = await call('POST', '/api/v1/4d/sendSmsStrike', { DrawId: drawId })
    const done = await until('the strikes to be sent', async () => (await call('GET', `/api/v1/4d/sendSmsStrike/${started.json().data.JobId}/status`)).json().data, (s) => s.Status === 'done')
    t.equal(done.Subscribers, preview.rows.length)
    for (const row of preview.rows as Array<{ UserId: string, Phone: string, Text: string }>) {
      if (row.Phone === '') continue
      const got = gateway.messages.filter((m) => m.to === row.Phone && m.body.startsWith(`${row.UserId}, `))
      t.same(got.map((m) => m.body), [row.Text], `${row.UserId} got their strikes once, as previewed`)
    }
    t.equal(gateway.messages.filter((m) => m.to === phones.mem1 && / strikes: /.test(m.body) && !m.body.startsWith('mem1, ')).length, 0, 'nobody gets another\'s strikes')
  })

  t.test('two instances, two jobs at once: still one message per subscriber', async (t) => {
    // Another instance: its own connections to the same store (PGlite: the one connection).
    const store = await h.db.fork(4)
    t.teardown(() => store.close())
    const { gameApi: second } = await buildGameApi(t, { db: store, listen: false, now: h.clock.now })
    await second.ready()
    const { rows: [draw] } = await h.db.query<{ draw_id: number }>(
      "SELECT draw_id FROM draws WHERE series = 'SG4D' AND is_finalised AND draw_id <> $1 ORDER BY draw_date DESC LIMIT 1", [drawId])
    const other = Number(draw?.draw_id)
    // Both instances asked at the same moment: one job (the advisory lock), answered to both.
    const [a, b] = await Promise.all([call('POST', '/api/v1/4d/sendSmsResult', { DrawId: other }), call('POST', '/api/v1/4d/sendSmsResult', { DrawId: other }, second)])
    const [ja, jb] = [a.json().data.JobId as number, b.json().data.JobId as number]
    if (ja !== jb) {
      // PGlite answers one call at a time: the first job may have ended before the second call looked for an active one.
      const { rows: [first] } = await h.db.query<{ status: string }>('SELECT status FROM jobs WHERE job_id = $1', [Math.min(ja, jb)])
      t.equal(first?.status, 'done', `a second job (${Math.max(ja, jb)}) only after the first (${Math.min(ja, jb)}) ended`)
    } else t.pass('one job for both calls')
    // And two jobs forced past that lock, run by the two runners together: the unique index keeps it to one each.
    await h.db.transaction(async (tx) => {
      for (let i = 0; i < 2; i++) await enqueueJob(tx, { kind: SMS_BROADCAST_JOB, subjectId: other, userId: 'admin', payload: { drawId: other, kind: 'result', game: '4D' } })
    })
    h.app.jobs.wake()
    second.jobs.wake()
    await until('every job to end', async () => (await h.db.query<{ n: string }>("SELECT count(*) AS n FROM jobs WHERE kind IN ('sms.broadcast', 'sms.send') AND status IN ('queued', 'running')")).rows[0]?.n, (n) => Number(n) === 0)
    for (const [user, phone] of Object.entries(phones)) t.equal(sentTo(phone, await drawDate(h, other), RESULT).length, 1, `${user} got draw ${other}'s result once`)
    const { rows } = await h.db.query<{ user_id: string, n: string }>("SELECT user_id, count(*) AS n FROM sms_outbound WHERE kind = 'result' AND draw_id = $1 GROUP BY user_id ORDER BY user_id", [other])
    t.same(rows.map((r) => [r.user_id, Number(r.n)]), [['ag2', 1], ['mem1', 1], ['mem3', 1]])
  })
})

const drawDate = async (h: GameApiHarness, drawId: number) => (await h.db.query<{ d: string }>("SELECT to_char(draw_date, 'YYYY-MM-DD') AS d FROM draws WHERE draw_id = $1", [drawId])).rows[0]?.d ?? ''
