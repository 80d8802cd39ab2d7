import t, { type Test } from 'tap'
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openDb } from '../../../server/shared/db.ts'
import { verifyAuditLog } from '../../../server/src/audit/store.ts'
import { postgresReachable, testPostgresUrl } from '../../helpers/db.ts'
import { buildGameApi } from '../../helpers/build.ts'
import { Browser } from '../../helpers/http-browser.ts'
import { startRelay } from './relay.ts'
import { eventually } from '../../helpers/eventually.ts'
import { bundled } from '../../helpers/bundled.ts'

// Started from one bundle, without the test hooks (tests/helpers/bundled.ts).
const serviceStart = await bundled(new URL('../../../server/src/start.ts', import.meta.url).pathname)

/** Starts the service as a child process (so it can be killed outright) and resolves its URL once it listens. */
function startServiceProcess (t: Test, env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [serviceStart], { env: { ...process.env, ...env, PORT: '0', LOG_LEVEL: 'silent' }, stdio: ['ignore', 'pipe', 'pipe'] })
  t.teardown(() => { if (child.exitCode === null) child.kill('SIGKILL') })
  return {
    child,
    url: new Promise<string>((resolve, reject) => {
      let out = ''
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const match = /listening on (http:\/\/\S+)/.exec(out)
        if (match?.[1]) resolve(match[1])
      })
      child.stderr.on('data', (chunk: Buffer) => { out += chunk.toString() })
      child.once('exit', (code) => reject(new Error(`the service exited (${code}) before listening:\n${out}`)))
    })
  }
}

/** Kills the service in the middle of a burst of mutating calls, then checks every call the game API received against the audit log. */
async function burstAndKill (t: Test, store: { env: NodeJS.ProcessEnv, open: () => ReturnType<typeof openDb> }) {
  const { gameApiUrl } = await buildGameApi(t)
  const relay = await startRelay(t, gameApiUrl)
  const { child, url } = startServiceProcess(t, { ...store.env, GAME_API_URL: relay.url, SESSION_SECRET: randomBytes(24).toString('hex') })
  const admin = new Browser(await url)
  t.equal((await admin.login('admin')).status, 200)

  const exited = new Promise((resolve) => child.once('exit', resolve))
  const posted = () => relay.seen.filter((r) => r.method === 'POST' && r.url.includes('/announcements'))
  const burst = Array.from({ length: 200 }, (_, i) => admin.post('/api/v1/announcements', { Content: `burst ${i}`, Color: 'red', PopUp: 'N' }).catch(() => null))
  await eventually(() => posted().length >= 8, { within: 60_000, every: 5, what: 'eight POSTs reaching the game API' })
  child.kill('SIGKILL')
  await Promise.all(burst)
  await exited

  const forwarded = posted().map((r) => String(r.headers['x-request-id']))
  t.ok(forwarded.length >= 8, `${forwarded.length} mutating calls reached the game API before the kill`)
  const db = await store.open()
  t.teardown(() => db.close())
  const { rows } = await db.query<{ request_id: string }>("SELECT request_id FROM audit_log WHERE action = 'api.call'")
  const audited = new Set(rows.map((r) => r.request_id))
  const missing = forwarded.filter((id) => !audited.has(id))
  t.same(missing, [], 'every forwarded call has its audit record')
  const verdict = await verifyAuditLog(db)
  t.ok(verdict.ok, 'the chain is intact after the kill')
}

t.test('SIGKILL mid-burst on PGlite: no forwarded call without its audit record', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'sigkill-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  await burstAndKill(t, { env: { DATA_DIR: dir }, open: () => openDb({ dataDir: join(dir, 'service') }) })
})

const noPostgres = await postgresReachable() ? false : `PostgreSQL at ${testPostgresUrl} is not reachable: skipped the PostgreSQL run`
t.test('SIGKILL mid-burst on PostgreSQL: no forwarded call without its audit record', { skip: noPostgres }, async (t) => {
  const name = `sigkill_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: testPostgresUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  const url = new URL(testPostgresUrl)
  url.pathname = `/${name}`
  t.teardown(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
  })
  const dir = await mkdtemp(join(tmpdir(), 'sigkill-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  await burstAndKill(t, { env: { DATA_DIR: dir, DATABASE_URL: url.toString() }, open: () => openDb({ url: url.toString() }) })
})
