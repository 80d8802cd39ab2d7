import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { errors, GameApiFailure } from '../../errors.ts'

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
  /** The browser request this call serves: its id travels as x-request-id, its address as x-forwarded-for, and a 401 ends its session. */
  request?: FastifyRequest
}

/** A game API answer with its envelope. */
export interface GameEnvelope<T> {
  status: number
  body: { success: true, data: T, message?: string }
}

/** The game API client. */
export interface GameApi {
  /** The raw answer (captcha image); fails only on timeout or an unreachable game API. */
  fetch: (call: GameCall) => Promise<Response>
  /** The success envelope; a failure envelope throws GameApiFailure (a 401 first ends the request's session). */
  send: <T = unknown>(call: GameCall) => Promise<GameEnvelope<T>>
  /** The unwrapped data of a successful call. */
  call: <T = unknown>(call: GameCall) => Promise<T>
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Client of the game API at app.gameApiUrl (envelope unwrapped, timeout PROXY_TIMEOUT_MS). */
    gameApi: GameApi
  }
}

function urlOf (base: string, call: GameCall): string {
  const url = new URL(base + call.path)
  for (const [k, v] of Object.entries(call.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v))
  return url.toString()
}

/** Decorates app.gameApi; cookies and the CSRF header are never forwarded: only the headers named here go upstream. */
async function gameClient (app: FastifyInstance) {
  const base = app.gameApiUrl
  const timeoutMs = app.settings.PROXY_TIMEOUT_MS

  const fetchRaw = async (call: GameCall): Promise<Response> => {
    const headers: Record<string, string> = { accept: 'application/json', ...call.headers }
    if (call.token) headers.authorization = `Bearer ${call.token}`
    if (call.request) {
      headers['x-request-id'] = call.request.id
      headers['x-forwarded-for'] = call.request.ip
    }
    let body: string | undefined
    if (call.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(Object.entries(call.form).filter((e): e is [string, string] => e[1] !== undefined)).toString()
    } else if (call.body !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(call.body)
    }
    try {
      return await fetch(urlOf(base, call), { method: call.method, headers, body, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' })
    } catch (err) {
      if ((err as Error).name === 'TimeoutError') throw errors.gameApiTimeout(timeoutMs)
      call.request?.log.warn({ err: (err as Error).message, path: call.path }, 'game API unreachable')
      throw errors.gameApiUnreachable(base)
    }
  }

  const send = async <T>(call: GameCall): Promise<GameEnvelope<T>> => {
    const res = await fetchRaw(call)
    let parsed: unknown
    try {
      parsed = await res.json()
    } catch {
      throw errors.gameApiBadAnswer(call.path)
    }
    const body = parsed as { success?: unknown, data?: T, message?: string }
    if (typeof body !== 'object' || body === null || typeof body.success !== 'boolean') throw errors.gameApiBadAnswer(call.path)
    if (body.success && res.ok) return { status: res.status, body: body as GameEnvelope<T>['body'] }
    // The game API no longer knows this token: the session it belongs to is over.
    if (res.status === 401 && call.token) {
      if (call.request) app.sessions.end(call.request, 'expired')
      throw errors.sessionExpired()
    }
    throw new GameApiFailure(res.status, body as ConstructorParameters<typeof GameApiFailure>[1])
  }

  app.decorate('gameApi', {
    fetch: fetchRaw,
    send,
    call: async <T>(call: GameCall) => (await send<T>(call)).body.data
  })
}

export default fp(gameClient, { name: 'game-client', dependencies: ['session'] })
