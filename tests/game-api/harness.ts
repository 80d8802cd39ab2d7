import { randomInt } from 'node:crypto'
import type { Test } from 'tap'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import type { Db } from '../../server/shared/db.ts'
import type { DbKind } from '../helpers/db.ts'
import { buildGameApi } from '../helpers/build.ts'
import { testClock, type TestClock } from '../helpers/clock.ts'

/** Every demo account's password (seed/demo-users.json). */
export const demoPassword = 'Demo#1234'

export interface CallOptions {
  token?: string
  payload?: InjectOptions['payload']
  headers?: Record<string, string>
  /** Sent as X-Forwarded-For: the address failures are counted under. */
  address?: string
}

export interface GameApiHarness {
  app: FastifyInstance
  db: Db
  kind: DbKind
  clock: TestClock
  /** Fetches a captcha through GET /api/captcha and reads its answer from the sink, as the e2e suite does. */
  captcha(): Promise<{ xToken: string, answer: string }>
  /** Signs in through POST oauth/token and answers the access token (fails the test on any other answer). */
  signIn(username: string, password?: string): Promise<string>
  call(method: InjectOptions['method'], url: string, options?: CallOptions): Promise<LightMyRequestResponse>
}

/** A fresh address per caller, so that failures counted by address in one test do not leak into another. */
export const freshAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`

/** One game API on a fresh database of that kind, with a hand-moved clock and a captcha answer sink; closed when t ends. */
export async function gameApiHarness (t: Test, kind: DbKind, options: { trustProxy?: false | number | string } = {}): Promise<GameApiHarness> {
  const clock = testClock()
  const answers = new Map<string, string>()
  const { gameApi: app, db } = await buildGameApi(t, { kind, listen: false, now: clock.now, captchaAnswerSink: (xToken, answer) => answers.set(xToken, answer), ...options })
  const call: GameApiHarness['call'] = (method, url, options = {}) => app.inject({
    method,
    url,
    headers: {
      'x-forwarded-for': options.address ?? '192.0.2.1',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers
    },
    ...(options.payload !== undefined ? { payload: options.payload } : {})
  })
  return {
    app,
    db,
    kind,
    clock,
    call,
    async captcha () {
      const response = await app.inject({ method: 'GET', url: `/api/captcha?_=${Date.now()}` })
      const xToken = String(response.headers['x-token'])
      const answer = answers.get(xToken)
      if (response.statusCode !== 200 || !answer) throw new Error(`captcha failed: ${response.statusCode} ${response.body}`)
      return { xToken, answer }
    },
    async signIn (username, password = demoPassword) {
      const response = await call('POST', '/api/v1/oauth/token', { payload: { username, password }, address: freshAddress() })
      const body = response.json()
      if (response.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${response.statusCode} ${response.body}`)
      return body.data.access_token as string
    }
  }
}
