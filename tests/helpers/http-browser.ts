import { randomInt } from 'node:crypto'
import type { Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import type { ResolvedSettings } from '../../server/shared/env.ts'
import { SESSION_COOKIE } from '../../server/src/plugins/external/secure-session.ts'
import type { DbKind } from './db.ts'
import { buildProduct } from './build.ts'

/** Every demo account's password (fixtures/demo-users.json). */
export const DEMO_PASSWORD = 'Demo#1234'

/** One HTTP answer as a test reads it. */
export interface Answer {
  status: number
  headers: Headers
  text: string
  json: any
  setCookies: string[]
}

/** A browser stand-in over real HTTP: keeps the session cookie and the CSRF token, comes from its own address (X-Forwarded-For), records every body it saw. */
export class Browser {
  cookie = ''
  csrf = ''
  readonly bodies: string[] = []
  constructor (readonly base: string, readonly ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`) {}

  async request (method: string, path: string, options: { body?: unknown, headers?: Record<string, string>, csrf?: boolean } = {}): Promise<Answer> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip }
    if (this.cookie) headers.cookie = this.cookie
    if (options.csrf !== false && this.csrf && method !== 'GET') headers['x-csrf-token'] = this.csrf
    let body: string | undefined
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json'
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
    }
    Object.assign(headers, options.headers)
    const res = await fetch(this.base + path, { method, headers, body })
    const setCookies = res.headers.getSetCookie()
    for (const line of setCookies) {
      const pair = line.split(';')[0] ?? ''
      const at = pair.indexOf('=')
      if (pair.slice(0, at) === SESSION_COOKIE) this.cookie = pair.slice(at + 1) === '' ? '' : pair
    }
    const text = await res.text()
    this.bodies.push(text)
    let json: unknown
    try { json = JSON.parse(text) } catch { json = undefined }
    return { status: res.status, headers: res.headers, text, json, setCookies }
  }

  get (path: string, headers?: Record<string, string>) { return this.request('GET', path, { headers }) }
  post (path: string, body?: unknown, options: { headers?: Record<string, string>, csrf?: boolean } = {}) { return this.request('POST', path, { ...options, body: body ?? {} }) }
  put (path: string, body?: unknown, options: { headers?: Record<string, string>, csrf?: boolean } = {}) { return this.request('PUT', path, { ...options, body: body ?? {} }) }

  /** Signs in; keeps the CSRF token of the answer. */
  async login (UserId: string, Password = DEMO_PASSWORD, extra: Record<string, string> = {}) {
    const answer = await this.post('/ui/login', { UserId, Password, Lang: 'en', ...extra })
    if (typeof answer.json?.csrfToken === 'string' && answer.json.csrfToken !== '') this.csrf = answer.json.csrfToken
    return answer
  }
}

/** A browser signed in as a demo user on the service at base; throws (failing the test) when the sign-in is refused. */
export async function signedIn (base: string, userId: string): Promise<Browser> {
  const browser = new Browser(base)
  const answer = await browser.login(userId)
  if (answer.status !== 200) throw new Error(`${userId} could not sign in: ${answer.text}`)
  return browser
}

/** The product for a session test: the reference game API (telling captcha answers to the test) and the service, both on free ports. */
export interface SessionProduct {
  gameApi: FastifyInstance
  gameApiUrl: string
  service: FastifyInstance
  serviceUrl: string
  settings: ResolvedSettings
  /** Captcha answers by x-token, as the game API issued them. */
  captchas: Map<string, string>
  browser: (ip?: string) => Browser
  /** The game API token held by a browser's session cookie (decrypted the way the service does). */
  tokenOf: (browser: Browser) => string
}

/** buildProduct with the game API's captcha answers kept for the test. */
export async function startSessionProduct (t: Test, { kind, env = {} }: { kind?: DbKind, env?: NodeJS.ProcessEnv } = {}): Promise<SessionProduct> {
  const captchas = new Map<string, string>()
  const { gameApi, gameApiUrl, service, serviceUrl, settings } = await buildProduct(t, { ...(kind ? { kind } : {}), env, captchaAnswerSink: (xToken, answer) => captchas.set(xToken, answer) })
  return {
    gameApi,
    gameApiUrl,
    service,
    serviceUrl,
    settings,
    captchas,
    browser: (ip?: string) => new Browser(serviceUrl, ip),
    tokenOf: (browser) => {
      const value = decodeURIComponent(browser.cookie.slice(SESSION_COOKIE.length + 1))
      const session = service.decodeSecureSession(value)
      const token = (session?.get('ui') as { token?: string } | undefined)?.token
      if (!token) throw new Error('this browser holds no session')
      return token
    }
  }
}

/** Fetches a captcha through the service and answers it with what the game API issued. */
export async function solvedCaptcha (product: SessionProduct, browser: Browser): Promise<{ xToken: string, Token: string }> {
  const image = await browser.get('/ui/captcha')
  const xToken = image.headers.get('x-token') ?? ''
  const Token = product.captchas.get(xToken)
  if (!Token) throw new Error(`no captcha answer for x-token ${xToken} (status ${image.status})`)
  return { xToken, Token }
}

/** Parses one Set-Cookie line into its name, value and attributes (lower-cased keys). */
export function parseSetCookie (line: string): { name: string, value: string, attributes: Record<string, string | true> } {
  const [pair = '', ...rest] = line.split(';').map((s) => s.trim())
  const at = pair.indexOf('=')
  const attributes: Record<string, string | true> = {}
  for (const part of rest) {
    const eq = part.indexOf('=')
    if (eq === -1) attributes[part.toLowerCase()] = true
    else attributes[part.slice(0, eq).toLowerCase()] = part.slice(eq + 1)
  }
  return { name: pair.slice(0, at), value: pair.slice(at + 1), attributes }
}
