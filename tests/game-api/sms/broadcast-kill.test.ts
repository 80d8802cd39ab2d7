import t, { type Test } from 'tap'
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { openDb, type DbOptions } from '../../../server/shared/db.ts'
import { settingKeys, writeSetting } from '../../../server/game-api/lib/settings-store.ts'
import { startStandInGateway, type StandInGateway } from '../../../server/game-api/sms/stand-in-gateway.ts'
import { postgresReachable, testPostgresUrl } from '../../helpers/db.ts'
import { demoPassword } from '../harness.ts'

// Send Result killed half-way: the game API is a child process killed with SIGKILL while the result messages leave at the gateway's rate,
// then started again. Every subscriber gets the result exactly once: the unique message per subscriber and draw, the durable jobs that
// resume, and the Idempotency-Key the stand-in gateway honours for the one call that may have been in flight.
const script = new URL('../jobs/game-api-process.ts', import.meta.url).pathname
const SUBSCRIBERS = 60
const ACCOUNT = 'AC0000000000000000000000000000kill'
const TOKEN = 'kill-test-token'

async function startProcess (t: Test, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess, url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, ...env, GAME_API_SMS_BATCH_DELAY_MS: '200' }, stdio: ['ignore', 'pipe', 'pipe'] })
  t.teardown(() => { if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL') })
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /listening on (http:\/\/\S+)/.exec(out)
      if (match?.[1]) resolve(match[1])
    })
    child.stderr?.on('data', (chunk: Buffer) => { out += chunk.toString() })
    child.once('exit', (code, signal) => reject(new Error(`the game API exited (${code ?? signal}) before listening:\n${out}`)))
  })
  return { child, url }
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null
  ? Promise.resolve()
  : new Promise<void>((resolve) => child.once('exit', () => resolve()))

async function admin (url: string) {
  const response = await fetch(`${url}/api/v1/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.8.${randomBytes(1)[0]}.7` }, body: JSON.stringify({ username: 'admin', password: demoPassword }) })
  const body = await response.json() as { data: { access_token: string } }
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(body)}`)
  const headers = { authorization: `Bearer ${body.data.access_token}`, 'content-type': 'application/json' }
  return async (method: string, path: string, body?: unknown): Promise<{ status: number, body: any }> => {
    const r = await fetch(`${url}/api/v1/4d/${path}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) })
    return { status: r.status, body: await r.json() }
  }
}

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

async function killMidSend (t: Test, env: NodeJS.ProcessEnv, store: DbOptions) {
  const gateway = await startStandInGateway({ accountSid: ACCOUNT, authToken: TOKEN })
  t.teardown(() => gateway.close())
  // A first start migrates and seeds the store; the subscribers are added while it is down.
  const seeding = await startProcess(t, env)
  seeding.child.kill('SIGTERM')
  await exited(seeding.child)
  const drawId = await prepare(store, gateway)

  const first = await startProcess(t, env)
  const call = await admin(first.url)
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

  const second = await startProcess(t, env)
  const again = await admin(second.url)
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

t.test('SIGKILL in the middle of Send Result on PGlite: every subscriber gets the result exactly once', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'sms-kill-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  await killMidSend(t, { CHILD_DATA_DIR: dir }, { dataDir: dir })
})

const noPostgres = await postgresReachable() ? false : `PostgreSQL at ${testPostgresUrl} is not reachable: skipped the PostgreSQL run`
t.test('SIGKILL in the middle of Send Result on PostgreSQL: every subscriber gets the result exactly once', { skip: noPostgres }, async (t) => {
  const schema = `smskill_${randomBytes(5).toString('hex')}`
  t.teardown(async () => {
    const client = new pg.Client({ connectionString: testPostgresUrl })
    await client.connect()
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    await client.end()
  })
  await killMidSend(t, { CHILD_DATABASE_URL: testPostgresUrl, CHILD_SCHEMA: schema }, { url: testPostgresUrl, schema })
})
