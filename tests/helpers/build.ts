import { loadSettings } from '../../server/shared/env.ts'
import type { Db } from '../../server/shared/db.ts'
import { buildGameApi as buildGameApiApp, type GameApiOptions } from '../../server/game-api/app.ts'
import { buildService as buildServiceApp } from '../../server/src/app.ts'
import { freshDb, productDbKind, type DbKind, type Owner } from './db.ts'

/** Learns each captcha's answer by its x-token (the game API's test hook), so a test can type it. */
export type CaptchaAnswerSink = (xToken: string, answer: string) => void

export interface GameApiBuildOptions extends Pick<GameApiOptions, 'jobs' | 'demoSmsGateway'> {
  /** Default: productDbKind() (PostgreSQL when it answers). */
  kind?: DbKind
  /** Listen on a free port (default); otherwise gameApiUrl is '' and the test injects. */
  listen?: boolean
  captchaAnswerSink?: CaptchaAnswerSink
  /** The game API's clock (draw closes, token expiry); the seed runs at its first reading. */
  now?: () => Date
  /** An already open database (benchmarks: a PGlite data dir, a PostgreSQL schema) instead of a fresh one; the caller closes it. */
  db?: Db
  /** Which proxies' X-Forwarded-For the game API believes (GAME_API_TRUST_PROXY; default loopback). */
  trustProxy?: false | number | string
}

/** The reference game API, migrated and seeded on a fresh database (copied from a snapshot), closed when t ends. */
export async function buildGameApi (t: Owner, { kind, listen = true, captchaAnswerSink, now, db = undefined, trustProxy, ...appOptions }: GameApiBuildOptions = {}) {
  const seedAt = now?.()
  // A clock that reads real time shares the 'now' snapshot; a fixed test clock has one of its own.
  const seededAt = seedAt === undefined || Math.abs(seedAt.getTime() - Date.now()) < 60_000 ? 'now' : seedAt
  db ??= await freshDb(t, kind ?? await productDbKind(), { of: 'game-api', seededAt })
  const gameApi = await buildGameApiApp({ db, ...appOptions, ...(captchaAnswerSink ? { captchaAnswerSink } : {}), ...(now ? { now } : {}), ...(trustProxy !== undefined ? { trustProxy } : {}) })
  t.teardown(() => gameApi.close())
  const gameApiUrl = listen ? await gameApi.listen({ port: 0, host: '127.0.0.1' }) : ''
  return { gameApi, gameApiUrl, db }
}

export interface ServiceBuildOptions {
  gameApiUrl: string
  /** Default: productDbKind() (PostgreSQL when it answers). */
  kind?: DbKind
  /** Settings over the test defaults (silent log, memory DATA_DIR); DATABASE_URL here makes the service open its own store. */
  env?: NodeJS.ProcessEnv
  /** Listen on a free port (default); otherwise serviceUrl is '' and the test injects. */
  listen?: boolean
  /** An already open store instead of a fresh one; the caller closes it. */
  store?: Db
}

/** The service on a fresh store (copied from the migrated snapshot), closed when t ends; it trusts loopback (TRUST_PROXY), as test browsers name their address in X-Forwarded-For. */
export async function buildService (t: Owner, { gameApiUrl, kind, env = {}, listen = true, store = undefined }: ServiceBuildOptions) {
  const settings = loadSettings({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://', TRUST_PROXY: 'loopback', ...env })
  // Opened here rather than by the service: a store the test holds is one it can read, and its start never counts against a plugin timeout.
  store ??= settings.DATABASE_URL ? undefined : await freshDb(t, kind ?? await productDbKind(), { of: 'service' })
  const service = await buildServiceApp({ settings, gameApiUrl, ...(store ? { store } : {}) })
  t.teardown(() => service.close())
  const serviceUrl = listen ? await service.listen({ port: 0, host: '127.0.0.1' }) : ''
  if (!listen) await service.ready()
  return { service, serviceUrl, settings, store: service.store }
}

/** The whole product for one test: the game API and the service on free ports, on fresh databases of that kind. */
export async function buildProduct (t: Owner, { env = {}, store, ...gameApiOptions }: Omit<GameApiBuildOptions, 'listen'> & Pick<ServiceBuildOptions, 'env' | 'store'> = {}) {
  const { gameApi, gameApiUrl, db: gameDb } = await buildGameApi(t, gameApiOptions)
  const { service, serviceUrl, settings, store: serviceStore } = await buildService(t, { gameApiUrl, env, ...(gameApiOptions.kind ? { kind: gameApiOptions.kind } : {}), ...(store ? { store } : {}) })
  return { gameApi, gameApiUrl, gameDb, service, serviceUrl, settings, store: serviceStore }
}

/** What buildProduct answers. */
export type TestProduct = Awaited<ReturnType<typeof buildProduct>>
