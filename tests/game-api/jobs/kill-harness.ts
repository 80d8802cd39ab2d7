// The kill tests' harness: the game API as a child process (so SIGKILL ends it outright), a signed-in caller of it over HTTP, and each
// test run once on a PGlite data dir and once on a PostgreSQL database of its own.
import type { Test } from 'tap'
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDb, type DbOptions } from '../../../server/shared/db.ts'
import { postgresReachable, templateCopy, testPostgresUrl } from '../../helpers/db.ts'
import { snapshot } from '../../helpers/snapshot.ts'
import { bundled } from '../../helpers/bundled.ts'
import { demoPassword } from '../harness.ts'

// Started from one bundle, without the test hooks (tests/helpers/bundled.ts).
const script = new URL('./game-api-process.ts', import.meta.url).pathname

/** Starts the game API as a child process on that data; resolves its URL once it listens. `env` also carries the job's slowing delay. */
export async function startGameApiProcess (t: Test, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess, url: string }> {
  const child = spawn(process.execPath, [await bundled(script)], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
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

/** Resolves once the child has exited (at once if it already has). */
export const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null
  ? Promise.resolve()
  : new Promise<void>((resolve) => child.once('exit', () => resolve()))

export type GameApiCall = (method: string, path: string, body?: FormData | object) => Promise<{ status: number, body: any }>

/** Signs a demo user in to a running game API; answers a caller of its 4d/ routes (a FormData body as is, any other as JSON). */
export async function signInTo (url: string, username: string): Promise<GameApiCall> {
  // A fresh address per sign-in, so the per-address sign-in limit never refuses a test's restarts.
  const response = await fetch(`${url}/api/v1/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${randomBytes(1)[0]}.7` }, body: JSON.stringify({ username, password: demoPassword }) })
  const answer = await response.json() as { data: { access_token: string } }
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(answer)}`)
  const authorization = `Bearer ${answer.data.access_token}`
  return async (method, path, body) => {
    const json = body !== undefined && !(body instanceof FormData)
    const headers: Record<string, string> = json ? { authorization, 'content-type': 'application/json' } : { authorization }
    const r = await fetch(`${url}/api/v1/4d/${path}`, { method, headers, ...(body === undefined ? {} : { body: json ? JSON.stringify(body) : body as FormData }) })
    return { status: r.status, body: await r.json() }
  }
}

/** The child's environment and the test's own view of one store. */
export type KillTest = (t: Test, env: NodeJS.ProcessEnv, store: DbOptions) => Promise<void>

/** Where the child's clock stands (game-api-process.ts): the seed the stores are copied from was made at the same instant. */
const SEEDED_AT = new Date('2030-01-02T02:00:00Z')

/**
 * Runs a kill test on a PGlite data dir, then on a PostgreSQL database of its own (skipped, saying so, when PostgreSQL does not
 * answer): each already migrated and seeded, copied from the tests' snapshot and template instead of a first start that seeds.
 */
export async function onEachStore (t: Test, name: string, run: KillTest): Promise<void> {
  t.test(`${name} on PGlite`, async (t) => {
    const dir = await mkdtemp(join(tmpdir(), 'kill-'))
    t.teardown(() => rm(dir, { recursive: true, force: true }))
    await (await openDb({ dataDir: dir, loadDataDir: await snapshot({ of: 'game-api', seededAt: SEEDED_AT }) })).close()
    await run(t, { CHILD_DATA_DIR: dir, CHILD_NOW: SEEDED_AT.toISOString() }, { dataDir: dir })
  })
  const noPostgres = await postgresReachable() ? false : `PostgreSQL at ${testPostgresUrl} is not reachable: skipped the PostgreSQL run`
  t.test(`${name} on PostgreSQL`, { skip: noPostgres }, async (t) => {
    const store = await templateCopy(t, { of: 'game-api', seededAt: SEEDED_AT })
    await run(t, { CHILD_DATABASE_URL: store.url, CHILD_SCHEMA: store.schema, CHILD_NOW: SEEDED_AT.toISOString() }, store)
  })
}
