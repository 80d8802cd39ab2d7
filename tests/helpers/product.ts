import type { Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { loadSettings, type ResolvedSettings } from '../../server/shared/env.ts'
import { buildGameApi } from '../../server/game-api/app.ts'
import { buildService } from '../../server/src/app.ts'
import { freshDb, type DbKind } from './db.ts'
import type { Db } from '../../server/shared/db.ts'

/** Learns each captcha's answer by its x-token (the game API's test hook), so a browser test can type it. */
export type CaptchaAnswerSink = (xToken: string, answer: string) => void

export interface TestProduct {
  gameApi: FastifyInstance
  gameApiUrl: string
  service: FastifyInstance
  serviceUrl: string
  settings: ResolvedSettings
}

/** Builds the reference game API on a fresh database; listening on a free port when listen is set. */
export async function startGameApi (t: Test, { kind = 'pglite', listen = true, captchaAnswerSink, now }: { kind?: DbKind, listen?: boolean, captchaAnswerSink?: CaptchaAnswerSink, now?: () => Date } = {}) {
  const db = await freshDb(t, kind)
  const gameApi = await buildGameApi({ db, ...(captchaAnswerSink ? { captchaAnswerSink } : {}), ...(now ? { now } : {}) })
  t.teardown(() => gameApi.close())
  const url = listen ? await gameApi.listen({ port: 0, host: '127.0.0.1' }) : ''
  return { gameApi, gameApiUrl: url, db }
}

/** The whole product for one test: game API and service on free ports, closed when the test ends; now, when given, is the game API's clock (draw closes, token expiry). */
export async function startProduct (t: Test, { kind = 'pglite', env = {}, captchaAnswerSink, store, now }: { kind?: DbKind, env?: NodeJS.ProcessEnv, captchaAnswerSink?: CaptchaAnswerSink, store?: Db, now?: () => Date } = {}): Promise<TestProduct> {
  const { gameApi, gameApiUrl } = await startGameApi(t, { kind, ...(captchaAnswerSink ? { captchaAnswerSink } : {}), ...(now ? { now } : {}) })
  const settings = loadSettings({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://', ...env })
  // An already open store skips the service's own open, which can outlast Fastify's plugin timeout on a busy machine.
  const service = await buildService({ settings, gameApiUrl, ...(store ? { store } : {}) })
  t.teardown(() => service.close())
  const serviceUrl = await service.listen({ port: 0, host: '127.0.0.1' })
  return { gameApi, gameApiUrl, service, serviceUrl, settings }
}
