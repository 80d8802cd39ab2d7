import t from 'tap'
import { openDb, type DbOptions } from '../../../../server/shared/db.ts'
import { settingKeys, writeSetting } from '../../../../server/game-api/lib/store/settings.ts'
import { startStandInGateway, type StandInGateway } from '../../../../server/game-api/messaging/stand-ins/sms-gateway.ts'
import { exited, onEachStore, signInTo, startGameApiProcess, type KillTest } from '../../jobs/kill-harness.ts'

// Send Result killed half-way: the game API is a child process killed with SIGKILL while the result messages leave at the gateway's rate,
// then started again. Every subscriber gets the result exactly once: the unique message per subscriber and draw, the durable jobs that
// resume, and the Idempotency-Key the stand-in gateway honours for the one call that may have been in flight.
const SUBSCRIBERS = 60
const ACCOUNT = 'AC0000000000000000000000000000kill'
const TOKEN = 'kill-test-token'

// Each batch of messages slowed so the kill lands in the middle of the job.
const SLOW = { GAME_API_SMS_BATCH_DELAY_MS: '200' }

/** Sixty members with phones subscribed to 4D results, and the gateway (the stand-in, at 20 messages a second) set, written while no process runs. */
async function prepare (store: DbOptions, gateway: StandInGateway): Promise<number> {
  const db = await openDb(store)
  try {
    await db.query(
      `INSERT INTO users SELECT (jsonb_populate_record(u, jsonb_build_object('user_id', 'kill' || g, 'login_id', 'kill' || g, 'alias_id', 'kill' || g))).*
       FROM users u, generate_series(1, $1) g WHERE u.user_id = 'mem1'`, [SUBSCRIBERS])
    await db.query("INSERT INTO sms_phones (phone, user_id, created_by, created_at) SELECT '658' || lpad(g::text, 7, '0'), 'kill' || g, 'admin', now() FROM generate_series(1, $1) g", [SUBSCRIBERS])
    await db.query("INSERT INTO sms_subscriptions (user_id, game, kind, created_by, created_at) SELECT 'kill' || g, '4D', 'result', 'admin', now() FROM generate_series(1, $1) g", [SUBSCRIBERS])
    for (const [key, value] of [[settingKeys.smsGatewayUrl, gateway.url], [settingKeys.smsAccountSid, ACCOUNT], [settingKeys.smsInboundSecret, TOKEN],
      [settingKeys.smsSenderId, 'Results'], [settingKeys.smsRatePerSecond, '20'], [settingKeys.smsEnabled, 'true']] as const) await writeSetting(db, key, value)
    const { rows: [draw] } = await db.query<{ draw_id: number }>("SELECT draw_id FROM draws WHERE series = 'SG4D' AND is_finalised ORDER BY draw_date DESC LIMIT 1")
    return Number(draw?.draw_id)
  } finally {
    await db.close()
  }
}

const killMidSend: KillTest = async (t, env, store) => {
  const gateway = await startStandInGateway({ accountSid: ACCOUNT, authToken: TOKEN })
  t.teardown(() => gateway.close())
  // The store comes seeded; the subscribers are added before any process runs.
  const drawId = await prepare(store, gateway)

  const first = await startGameApiProcess(t, { ...env, ...SLOW })
  const call = await signInTo(first.url, 'admin')
  const started = await call('POST', 'sendSmsResult', { DrawId: drawId })
  t.equal(started.status, 200, JSON.stringify(started.body))
  const jobId = started.body.data.JobId as number
  const deadline = Date.now() + 60_000
  while (gateway.messages.length < SUBSCRIBERS / 3) {
    if (Date.now() > deadline) throw new Error(`the gateway took only ${gateway.messages.length} messages`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  first.child.kill('SIGKILL')
  await exited(first.child)
  const atKill = gateway.messages.length
  t.ok(atKill < SUBSCRIBERS, `killed half-way: ${atKill} of ${SUBSCRIBERS} sent`)

  const second = await startGameApiProcess(t, { ...env, ...SLOW })
  const again = await signInTo(second.url, 'admin')
  let last: any
  while (Date.now() < deadline + 60_000) {
    last = (await again('GET', `sendSmsResult/${jobId}/status`)).body.data
    if (last.Status === 'done' || last.Status === 'failed') break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  t.match(last, { Status: 'done', Subscribers: SUBSCRIBERS, Sent: SUBSCRIBERS, Queued: 0, Failed: 0, NoPhone: 0 }, 'the restarted game API finished sending')
  const perPhone = new Map<string, number>()
  for (const m of gateway.messages) perPhone.set(m.to, (perPhone.get(m.to) ?? 0) + 1)
  t.equal(perPhone.size, SUBSCRIBERS, 'every subscriber got the result')
  t.same([...perPhone.values()].filter((n) => n !== 1), [], 'each exactly once')
  t.ok(gateway.messages.every((m) => /^SG4D \d{4}-\d\d-\d\d \w{3} 1\)\d{4} /.test(m.body)), 'the result text')
  second.child.kill('SIGTERM')
  await exited(second.child)

  const db = await openDb(store)
  t.teardown(() => db.close())
  const { rows: [outbound] } = await db.query<{ n: string, users: string, sent: string }>(
    "SELECT count(*) AS n, count(DISTINCT user_id) AS users, count(*) FILTER (WHERE status = 'sent') AS sent FROM sms_outbound WHERE kind = 'result' AND draw_id = $1", [drawId])
  t.same(outbound, { n: String(SUBSCRIBERS), users: String(SUBSCRIBERS), sent: String(SUBSCRIBERS) }, 'one message row per subscriber, each sent')
}

await onEachStore(t, 'SIGKILL in the middle of Send Result: every subscriber gets the result exactly once', killMidSend)
