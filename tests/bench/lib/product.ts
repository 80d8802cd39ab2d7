import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { openDb, type DbOptions } from '../../../server/shared/db.ts'
import pg from 'pg'
import { postgresReachable, testPostgresUrl } from '../../helpers/db.ts'
import { buildProduct, buildService } from '../../helpers/build.ts'

/**
 * The product in process for a benchmark, built by the tests' own helper (helpers/build.ts): game API and service on free
 * ports, PGlite in memory; the service store in a PostgreSQL schema with storeOn, the game API's database elsewhere
 * (a PGlite data dir, a PostgreSQL schema) with gameOn.
 */
export async function startBenchProduct (env: NodeJS.ProcessEnv = {}, storeOn?: { url: string, schema: string }, gameOn: DbOptions = {}, { gameApiProcess = false } = {}) {
  // What the helper opened, closed last first when the benchmark is done.
  const opened: Array<() => unknown> = []
  const owner = { teardown: (fn: () => unknown) => { opened.push(fn) } }
  // On a server, the game API may run as its own process, as deployed: it migrates and seeds before the benchmark reads its store.
  const child = gameApiProcess && gameOn.url ? await startGameApiProcess(gameOn.url, gameOn.schema ?? 'public') : undefined
  if (child) opened.push(() => stopped(child.process))
  const gameDb = await openDb(gameOn)
  opened.push(() => gameDb.close())
  const store = storeOn ? await openDb(storeOn) : undefined
  if (store) opened.push(() => store.close())
  const { service, gameApiUrl, serviceUrl } = child
    ? { ...await buildService(owner, { gameApiUrl: child.url, env, ...(store ? { store } : {}) }), gameApiUrl: child.url }
    : await buildProduct(owner, { env, kind: 'pglite', db: gameDb, ...(store ? { store } : {}) })
  return {
    service,
    /** The game API's database, for measuring its SQL directly and checking what the calls left in it. */
    gameDb,
    gameApiUrl,
    serviceUrl,
    /** Signs in through the service; answers the cookie header and the CSRF token. */
    async signIn (UserId: string) {
      const login = await fetch(`${serviceUrl}/ui/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ UserId, Password: 'Demo#1234', Lang: 'en' }) })
      const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
      if (login.status !== 200 || !cookie) throw new Error(`sign-in failed: HTTP ${login.status} ${await login.text()}`)
      return { cookie, csrf: ((await login.json()) as { csrfToken: string }).csrfToken }
    },
    /** Signs in at the game API directly; answers its bearer token. */
    async gameToken (username: string) {
      const answer = await fetch(`${gameApiUrl}/api/v1/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'Demo#1234' }) })
      return ((await answer.json()) as { data: { access_token: string } }).data.access_token
    },
    async close () {
      for (const close of opened.reverse()) await close()
    }
  }
}

/** Starts lib/game-api-process.ts on the schema; resolves with its address once it listens. */
async function startGameApiProcess (url: string, schema: string): Promise<{ process: ChildProcess, url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./game-api-process.ts', import.meta.url))], {
    env: { ...process.env, BENCH_GAME_DATABASE_URL: url, BENCH_GAME_SCHEMA: schema }, stdio: ['ignore', 'pipe', 'pipe']
  })
  const address = await new Promise<string>((resolve, reject) => {
    let out = ''
    const read = (chunk: Buffer) => {
      out += chunk.toString()
      const match = /listening on (http:\/\/\S+)/.exec(out)
      if (match?.[1]) resolve(match[1])
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.once('exit', (code, signal) => reject(new Error(`the game API process exited (${code ?? signal}) before listening:\n${out}`)))
  })
  return { process: child, url: address }
}

/** Stops the child and waits for it to end. */
const stopped = (child: ChildProcess) => new Promise<void>((resolve) => {
  if (child.exitCode !== null || child.signalCode !== null) return resolve()
  child.once('exit', () => resolve())
  child.kill('SIGTERM')
})

/** A PostgreSQL schema of the test server. */
export interface PgSchema { url: string, schema: string }

/**
 * Runs fn with two fresh PostgreSQL schemas (the game API's and the service store's), dropped afterwards; when
 * PostgreSQL does not answer, says so and returns undefined.
 */
export async function onPostgres<T> (name: string, fn: (game: PgSchema, store: PgSchema) => Promise<T>): Promise<T | undefined> {
  if (!await postgresReachable()) {
    console.log(`PostgreSQL at ${testPostgresUrl} is not reachable: skipped the PostgreSQL run (PGlite only)`)
    return undefined
  }
  const game = { url: testPostgresUrl, schema: `bench_${name}_game_${process.pid}` }
  const store = { url: testPostgresUrl, schema: `bench_${name}_store_${process.pid}` }
  try {
    return await fn(game, store)
  } finally {
    const admin = new pg.Client({ connectionString: testPostgresUrl })
    await admin.connect()
    await admin.query(`DROP SCHEMA IF EXISTS ${game.schema} CASCADE; DROP SCHEMA IF EXISTS ${store.schema} CASCADE`)
    await admin.end()
  }
}
