import t, { type Test } from 'tap'
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { openDb, type DbOptions } from '../../../server/shared/db.ts'
import { postgresReachable, testPostgresUrl } from '../../helpers/db.ts'
import { demoPassword } from '../harness.ts'

const script = new URL('./game-api-process.ts', import.meta.url).pathname
const LINES = 150

/** Starts the game API as a child process on that data (so it can be killed outright); resolves its URL once it listens. */
async function startProcess (t: Test, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess, url: string }> {
  // GAME_API_UPLOAD_LINE_DELAY_MS slows each line so that the kill lands in the middle of the job (and PGlite's one connection answers polls).
  const child = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, ...env, GAME_API_UPLOAD_LINE_DELAY_MS: '20' }, stdio: ['ignore', 'pipe', 'pipe'] })
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

/** One signed-in caller of a running game API. */
async function signIn (url: string, username: string) {
  const response = await fetch(`${url}/api/v1/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${randomBytes(1)[0]}.7` }, body: JSON.stringify({ username, password: demoPassword }) })
  const body = await response.json() as { data: { access_token: string } }
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(body)}`)
  const headers = { authorization: `Bearer ${body.data.access_token}` }
  return {
    async call (method: string, path: string, body?: FormData): Promise<{ status: number, body: any }> {
      const r = await fetch(`${url}/api/v1/4d/${path}`, { method, headers, ...(body ? { body } : {}) })
      return { status: r.status, body: await r.json() }
    }
  }
}

/** Uploads a file of LINES good lines and one bad one, starts its job, kills the process mid-job, starts it again, and checks the outcome. */
async function killMidUpload (t: Test, env: NodeJS.ProcessEnv, store: DbOptions) {
  const first = await startProcess(t, env)
  const ag1 = await signIn(first.url, 'ag1')
  const lines = Array.from({ length: LINES }, (_, i) => `mem1 3 ${String(5000 + i)} 1-`)
  lines.splice(70, 0, 'mem1 3 12x4 1-')
  const form = new FormData()
  form.set('StrictNumber', 'true')
  form.set('file', new Blob([lines.join('\n')], { type: 'text/plain' }), 'kill.txt')
  const up = await ag1.call('POST', 'files/upload', form)
  t.equal(up.status, 200, JSON.stringify(up.body))
  const fileId = up.body.data.FileId as number
  t.equal((await ag1.call('POST', `files/processUpload/${fileId}`)).status, 200)

  let atKill: { Status: string, Progress: number } | undefined
  while (!atKill) {
    const { body } = await ag1.call('GET', `files/processUpload/${fileId}/status`)
    if (body.data.Status === 'done' || body.data.Status === 'failed') throw new Error(`the job ended before the kill: ${JSON.stringify(body.data)}`)
    if (body.data.Status === 'running' && body.data.Progress >= 10) atKill = body.data
    else await new Promise((resolve) => setTimeout(resolve, 20))
  }
  first.child.kill('SIGKILL')
  await exited(first.child)
  t.comment(`killed at ${atKill.Progress} %`)

  const second = await startProcess(t, env)
  const again = await signIn(second.url, 'ag1')
  let last: any
  const deadline = Date.now() + 60_000
  const seen: number[] = []
  while (Date.now() < deadline) {
    const { body } = await again.call('GET', `files/processUpload/${fileId}/status`)
    last = body.data
    seen.push(last.Progress)
    if (last.Status === 'done' || last.Status === 'failed') break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  t.match(last, { Status: 'done', FileStatus: 'processed', Lines: LINES + 1, Placed: LINES, Failed: 1, Errors: [{ Line: 71 }] }, 'the job resumed after the restart and finished')
  t.ok(seen.every((p) => p >= atKill.Progress), `progress resumed where it stopped (${atKill.Progress} % at the kill; after: ${seen[0]} … ${seen[seen.length - 1]})`)
  second.child.kill('SIGTERM')
  await exited(second.child)

  const db = await openDb(store)
  t.teardown(() => db.close())
  const { rows: [tickets] } = await db.query<{ n: string, texts: string }>('SELECT count(*) AS n, count(DISTINCT text) AS texts FROM tickets WHERE file_id = $1', [fileId])
  t.equal(Number(tickets?.n), LINES, 'one ticket per good line')
  t.equal(Number(tickets?.texts), LINES, 'no line placed twice')
  const { rows: [job] } = await db.query<{ attempts: number, status: string }>("SELECT attempts, status FROM jobs WHERE kind = 'upload' AND subject_id = $1", [fileId])
  t.match(job, { status: 'done', attempts: 2 }, 'the second attempt, in the restarted process, finished the job')
}

t.test('SIGKILL in the middle of an upload job on PGlite: the restarted game API resumes it, placing no line twice', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'upload-kill-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  await killMidUpload(t, { CHILD_DATA_DIR: dir }, { dataDir: dir })
})

const noPostgres = await postgresReachable() ? false : `PostgreSQL at ${testPostgresUrl} is not reachable: skipped the PostgreSQL run`
t.test('SIGKILL in the middle of an upload job on PostgreSQL: the restarted game API resumes it, placing no line twice', { skip: noPostgres }, async (t) => {
  const schema = `kill_${randomBytes(5).toString('hex')}`
  t.teardown(async () => {
    const admin = new pg.Client({ connectionString: testPostgresUrl })
    await admin.connect()
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    await admin.end()
  })
  await killMidUpload(t, { CHILD_DATABASE_URL: testPostgresUrl, CHILD_SCHEMA: schema }, { url: testPostgresUrl, schema })
})
