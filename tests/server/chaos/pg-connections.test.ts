import t, { type Test } from 'tap'
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openDb } from '../../../server/shared/db.ts'
import { verifyAuditLog } from '../../../server/src/audit/store.ts'
import { buildGameApi } from '../../helpers/build.ts'
import { postgresReachable, testPostgresUrl } from '../../helpers/db.ts'
import { Browser, type Answer } from '../../helpers/http-browser.ts'
import { startRelay } from '../proxy/relay.ts'
import { startTcpGate } from './tcp-gate.ts'
import { bundled } from '../../helpers/bundled.ts'

// Started from one bundle, without the test hooks (tests/helpers/bundled.ts).
const serviceStart = await bundled(new URL('../../../server/src/start.ts', import.meta.url).pathname)

/** The service as a child process, so that an exit is seen as one; its log lines are kept. */
function startServiceProcess (t: Test, env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [serviceStart], { env: { ...process.env, ...env, PORT: '0', LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] })
  t.teardown(() => { if (child.exitCode === null) child.kill('SIGKILL') })
  const log = { text: '' }
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      log.text += chunk.toString()
      const match = /listening on (http:\/\/\S+)/.exec(log.text)
      if (match?.[1]) resolve(match[1])
    })
    child.stderr.on('data', (chunk: Buffer) => { log.text += chunk.toString() })
    child.once('exit', (code) => reject(new Error(`the service exited (${code}) before listening:\n${log.text}`)))
  })
  return { child, url, log }
}

/** Polls until check passes or the bound runs out (then the test's own assertion reports the failure). */
async function until (check: () => Promise<boolean>, bound = 200): Promise<void> {
  for (let i = 0; i < bound && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 50))
}

const noPostgres = await postgresReachable() ? false : `PostgreSQL at ${testPostgresUrl} is not reachable: skipped the chaos test (it needs a real server to drop connections)`

t.test('the service and the game API live through dropped PostgreSQL connections and a store that goes away', { skip: noPostgres }, async (t) => {
  const name = `chaos_${randomBytes(5).toString('hex')}`
  const dba = new pg.Client({ connectionString: testPostgresUrl })
  await dba.connect()
  await dba.query(`CREATE DATABASE ${name}`)
  t.teardown(async () => {
    await dba.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await dba.end()
  })
  const server = new URL(testPostgresUrl)
  const serviceApp = `${name}_service`
  const gameApp = `${name}_game`

  // The game API in this process, on its own connections, named so that only they are terminated.
  const gameUrl = new URL(server)
  gameUrl.pathname = `/${name}`
  const gameDb = await openDb({ url: gameUrl.toString(), schema: 'game', applicationName: gameApp })
  t.teardown(() => gameDb.close())
  const { gameApiUrl } = await buildGameApi(t, { db: gameDb })
  const relay = await startRelay(t, gameApiUrl)

  // The service's store sits behind a gate that can take it away.
  const gate = await startTcpGate(t, { host: server.hostname, port: Number(server.port || 5432) })
  const storeUrl = new URL(gameUrl)
  storeUrl.port = String(gate.port)
  storeUrl.searchParams.set('application_name', serviceApp)
  const { child, url, log } = startServiceProcess(t, { DATABASE_URL: storeUrl.toString(), GAME_API_URL: relay.url, SESSION_SECRET: randomBytes(24).toString('hex'), DATA_DIR: 'memory://' })
  const admin = new Browser(await url)
  t.equal((await admin.login('admin')).status, 200, 'admin signs in')

  const write = (i: number) => admin.post('/api/v1/announcements', { Content: `chaos ${i}`, Color: 'red', PopUp: 'N' })
  const readSession = () => admin.get('/ui/session')
  const readProxied = () => admin.get('/api/v1/announcements', { 'x-no-cache': '1' })
  const posted = () => relay.seen.filter((r) => r.method === 'POST' && r.url.includes('/announcements'))

  await t.test('connections terminated during a burst of reads and writes', async (t) => {
    const answers: Array<{ kind: string, status: number }> = []
    const run = { stop: false }
    let n = 0
    const loop = async (kind: string, call: () => Promise<Answer>) => {
      while (!run.stop) answers.push({ kind, status: await call().then((a) => a.status, () => 0) })
    }
    const workers = [loop('write', () => write(n++)), loop('write', () => write(n++)), loop('session', readSession), loop('proxied read', readProxied)]
    for (let round = 1; round <= 5; round++) {
      await until(async () => answers.length >= round * 25)
      await dba.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name IN ($1, $2)', [serviceApp, gameApp])
    }
    await until(async () => answers.length >= 150)
    run.stop = true
    await Promise.all(workers)

    t.equal(child.exitCode, null, 'the service is still running')
    t.equal((await admin.get('/healthz')).status, 200, 'and still answers')
    const bad = answers.filter((a) => a.status !== 200 && a.status !== 503)
    t.same(bad, [], 'every answer during the chaos was 200 or 503: no 500, no refused connection')
    t.ok(answers.filter((a) => a.kind === 'write' && a.status === 200).length > 0, 'writes went on')
    t.ok(answers.filter((a) => a.kind !== 'write' && a.status === 200).length > 0, 'reads went on')
    await until(async () => /connection was lost|store unavailable/.test(log.text))
    t.match(log.text, /connection was lost|store unavailable/, 'the lost connections are logged')
    t.equal((await write(-1)).status, 200, 'a write after the chaos succeeds')
  })

  await t.test('the store goes away and comes back', async (t) => {
    gate.down()
    const ready = await admin.get('/readyz')
    t.equal(ready.status, 503, '/readyz says not ready')
    t.ok(ready.json?.failed?.includes('store'), 'and names the store')
    const before = posted().length
    const refused = await write(-2)
    t.equal(refused.status, 503, 'a write answers 503 while the store is down')
    t.equal(posted().length, before, 'and is not forwarded: no effect without its audit record')
    t.equal((await readSession()).status, 200, 'the shell still reads the session')
    t.equal((await readProxied()).status, 200, 'proxied reads go on')

    gate.up()
    t.equal((await write(-3)).status, 200, 'writes succeed once the store is back')
    await until(async () => (await admin.get('/readyz')).status === 200)
    t.equal((await admin.get('/readyz')).status, 200, '/readyz says ready again')
    t.equal(child.exitCode, null, 'the service never exited')
  })

  const store = await openDb({ url: gameUrl.toString() })
  t.teardown(() => store.close())
  const { rows } = await store.query<{ request_id: string }>("SELECT request_id FROM audit_log WHERE action = 'api.call'")
  const audited = new Set(rows.map((r) => r.request_id))
  const forwarded = posted().map((r) => String(r.headers['x-request-id']))
  t.ok(forwarded.length > 0, `${forwarded.length} writes reached the game API`)
  t.same(forwarded.filter((id) => !audited.has(id)), [], 'every forwarded call has its audit record')
  t.ok((await verifyAuditLog(store)).ok, 'the audit chain is intact')
})
