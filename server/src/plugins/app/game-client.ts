import fp from 'fastify-plugin'
import { Agent, request as undiciRequest, type Dispatcher } from 'undici'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { MAINTENANCE_SUBCODE } from '../../../../schemas/game-api.ts'
import { errors, gameApiFailure, type CataloguedError, type GameApiFailureBody } from '../../errors.ts'
import type { UpstreamEndReason } from './events.ts'

/** One call to the game API. */
export interface GameCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** Path from the game API root, e.g. /api/v1/profile or /api/captcha. */
  path: string
  /** Sent as Authorization: Bearer. */
  token?: string
  query?: Record<string, string | number | boolean | undefined>
  /** A JSON body. */
  body?: unknown
  /** A form-urlencoded body (undefined values left out). */
  form?: Record<string, string | undefined>
  headers?: Record<string, string>
  /** Aborts the call before PROXY_TIMEOUT_MS (readiness checks). */
  signal?: AbortSignal
  /** The browser request this call serves: its id travels as x-request-id, its address as x-forwarded-for, and an answer that ends the session ends its session. */
  request?: FastifyRequest
}

/** A game API answer with its envelope. */
export interface GameEnvelope<T> {
  status: number
  body: { success: true, data: T, message?: string }
}

/** The one client of the game API: the service's own calls and the proxy share its dispatcher, headers, timeout and answer mapping. */
export interface GameApi {
  /** The undici dispatcher of every game API call (the proxy's included), with the PROXY_TIMEOUT_MS timeouts. */
  dispatcher: Dispatcher
  /** The raw answer (captcha image); fails only on timeout or an unreachable game API. */
  fetch: (call: GameCall) => Promise<Dispatcher.ResponseData>
  /** The success envelope; a failure envelope throws its catalogued error (see failure). */
  send: <T = unknown>(call: GameCall) => Promise<GameEnvelope<T>>
  /** The unwrapped data of a successful call. */
  call: <T = unknown>(call: GameCall) => Promise<T>
  /** Maps a failure answer: emits 'upstream-ended' for the request when it ends the session (a 401 to a call with a token, maintenance) and returns the error to answer. */
  failure: (request: FastifyRequest | undefined, token: string | undefined, status: number, body: GameApiFailureBody | null) => CataloguedError
  /** Reports to this request an error that ended the session of another request sharing the same game API read. */
  shared: (request: FastifyRequest, error: unknown) => void
  /** A transport failure (undici or reply-from) as its catalogued error: too slow 504, unreachable 502. */
  transportError: (error: unknown) => CataloguedError
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Client of the game API at app.gameApiUrl (envelope unwrapped, timeout PROXY_TIMEOUT_MS). */
    gameApi: GameApi
  }
}

/** Client request headers the proxy passes upstream; nothing else the browser sent (Cookie, CSRF, Connection, Authorization) goes. */
const PASSED_HEADERS = ['content-type', 'content-length', 'accept-language', 'transfer-encoding'] as const

/** What a header value may hold (RFC 9110 field-value): tab, visible ASCII, space and obs-text, never a control character. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/

/** Where the upstream headers come from. */
export interface HeaderSource {
  token?: string | undefined
  /** The browser request served: its id and address. */
  request?: { id: string, ip: string } | undefined
  /** The browser's headers (the proxy): only PASSED_HEADERS go on. */
  client?: Record<string, string | string[] | undefined>
  /** Headers the service sets for this call (the captcha's token, an accept). */
  extra?: Record<string, string> | undefined
}

/** Headers sent upstream, built afresh; a value no header may carry is the caller's bad input (400 naming the header), never a failed call. */
export function upstreamHeaders (from: HeaderSource): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' }
  for (const name of PASSED_HEADERS) {
    const value = from.client?.[name]
    if (typeof value === 'string') headers[name] = value
  }
  Object.assign(headers, from.extra)
  if (from.request) {
    headers['x-request-id'] = from.request.id
    headers['x-forwarded-for'] = from.request.ip
  }
  if (from.token) headers.authorization = `Bearer ${from.token}`
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_VALUE.test(value)) throw errors.badRequest(`The value for the ${name} header holds a control character`)
  }
  return headers
}

/** Why an answer ends the session it was made for: a 401 to a call with a token, or maintenance (subCode 8000) on any call. */
export function sessionEndOf (status: number, body: GameApiFailureBody | null | undefined, withToken: boolean): UpstreamEndReason | undefined {
  if (body?.subCode === MAINTENANCE_SUBCODE) return 'maintenance'
  if (status === 401 && withToken) return 'expired'
  return undefined
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'FST_REPLY_FROM_GATEWAY_TIMEOUT'])

function urlOf (base: string, call: GameCall): string {
  const url = new URL(base + call.path)
  for (const [k, v] of Object.entries(call.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v))
  return url.toString()
}

/** Decorates app.gameApi over one undici Agent; cookies and the CSRF header are never forwarded: only the headers upstreamHeaders builds go upstream. */
async function gameClient (app: FastifyInstance) {
  const base = app.gameApiUrl
  const timeoutMs = app.settings.PROXY_TIMEOUT_MS
  const dispatcher = new Agent({ headersTimeout: timeoutMs, bodyTimeout: timeoutMs, connect: { timeout: timeoutMs } })
  app.addHook('onClose', async () => { await dispatcher.close() })

  const transportError = (error: unknown): CataloguedError => {
    const e = error as { code?: string, statusCode?: number, cause?: { code?: string } }
    const failure = e.statusCode === 504 || TIMEOUT_CODES.has(e.code ?? '') || TIMEOUT_CODES.has(e.cause?.code ?? '') ? errors.gameApiTimeout(timeoutMs) : errors.gameApiUnreachable(base)
    // The transport's reason (ECONNREFUSED) stays readable for logs and /readyz.
    failure.cause = error
    return failure
  }

  const failure: GameApi['failure'] = (request, token, status, body) => {
    const reason = sessionEndOf(status, body, Boolean(token))
    if (reason && request) app.events.emit('upstream-ended', { request, reason })
    return reason === 'expired' ? errors.sessionExpired() : gameApiFailure(status, body ?? {})
  }

  const fetchRaw = async (call: GameCall): Promise<Dispatcher.ResponseData> => {
    let body: string | undefined
    let contentType: Record<string, string> = {}
    if (call.form) {
      contentType = { 'content-type': 'application/x-www-form-urlencoded' }
      body = new URLSearchParams(Object.entries(call.form).filter((e): e is [string, string] => e[1] !== undefined)).toString()
    } else if (call.body !== undefined) {
      contentType = { 'content-type': 'application/json' }
      body = JSON.stringify(call.body)
    }
    const headers = upstreamHeaders({ token: call.token, request: call.request, extra: { ...call.headers, ...contentType } })
    try {
      return await undiciRequest(urlOf(base, call), { dispatcher, method: call.method, headers, body, signal: call.signal })
    } catch (err) {
      call.request?.log.warn({ err: (err as Error).message, path: call.path }, 'game API call failed')
      throw transportError(err)
    }
  }

  const send = async <T>(call: GameCall): Promise<GameEnvelope<T>> => {
    const res = await fetchRaw(call)
    let parsed: unknown
    try {
      parsed = await res.body.json()
    } catch (err) {
      if (TIMEOUT_CODES.has((err as { code?: string }).code ?? '')) throw errors.gameApiTimeout(timeoutMs)
      throw errors.gameApiBadAnswer(call.path)
    }
    const body = parsed as { success?: unknown, data?: T, message?: string }
    if (typeof body !== 'object' || body === null || typeof body.success !== 'boolean') throw errors.gameApiBadAnswer(call.path)
    const ok = res.statusCode >= 200 && res.statusCode < 300
    if (body.success && ok) return { status: res.statusCode, body: body as GameEnvelope<T>['body'] }
    throw failure(call.request, call.token, res.statusCode, body)
  }

  app.decorate('gameApi', {
    dispatcher,
    fetch: fetchRaw,
    send,
    call: async <T>(call: GameCall) => (await send<T>(call)).body.data,
    failure,
    shared: (request: FastifyRequest, error: unknown) => {
      if (error instanceof errors.sessionExpired) app.events.emit('upstream-ended', { request, reason: 'expired' })
      else if (error instanceof errors.maintenance) app.events.emit('upstream-ended', { request, reason: 'maintenance' })
    },
    transportError
  })
}

export default fp(gameClient, { name: 'game-client', dependencies: ['events', 'session'] })
