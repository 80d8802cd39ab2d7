import fp from 'fastify-plugin'
import httpProxy from '@fastify/http-proxy'
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { errors, type GameApiFailureBody } from '../../errors.ts'
import { menuAllows } from '../../config/menu.ts'
import { sharedRuleContext } from '../../session/rule-context.ts'
import { assertPastGates } from '../../session/gate.ts'
import { endpointAllowed } from '../../proxy/allowlist.ts'
import { cacheKey } from '../../proxy/cache-key.ts'
import { pipeline } from 'node:stream'
import { projectionFor, type Projection } from '../../proxy/projection.ts'
import { projectJson, projectionStream } from '../../proxy/json-cutter.ts'
import { FIELDS_APPLIED_HEADER, FIELDS_HEADER } from '../../../shared/field-selection.ts'
import { safeEndpointPath } from '../../proxy/safe-path.ts'
import { MULTIPART_LIMITS, upstreamMultipart } from '../../proxy/multipart.ts'
import { upstreamBody, upstreamPath, upstreamQuery, withoutGamePrefix } from '../../proxy/upstream.ts'
import { upstreamHeaders } from './game-client.ts'
import { awaitKey, claimKey, fingerprint, keepAnswer, releaseKey, type KeyRef, type StoredAnswer } from '../../proxy/idempotency.ts'
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY } from '../../../../schemas/domain/idempotency.ts'
import { HELD_WRITE_WAIT_FACTOR, neverSent, sendHeldWrite, type WriteAnswer } from '../../proxy/held-write.ts'
import type { UiSession } from './session.ts'
import { invalidationsOf } from '../../caches/write-effects.ts'

/** Where a gated request goes upstream, decided by the gate before anything is forwarded. */
/** The users a mutating call names: UserId in its body or query, and its path's last segment (DELETE …/{UserId}). */
function namedUsers (request: FastifyRequest, body: unknown): string[] {
  const fromBody = body !== null && typeof body === 'object' ? (body as { UserId?: unknown }).UserId : undefined
  const fromQuery = (request.query as { UserId?: unknown } | undefined)?.UserId
  const last = decodeURIComponent((request.url.split('?')[0] ?? '').split('/').pop() ?? '')
  return [fromBody, fromQuery, last].filter((v): v is string => typeof v === 'string' && v !== '')
}

interface ProxyTarget {
  url: string
  body: unknown
  /** A multipart body rebuilt with the session's LocId, sent as it is. */
  multipart: { body: Buffer, contentType: string } | undefined
  session: UiSession | null
  /** The location the call is made at (the session's), none for a public call. */
  locId: string | undefined
  /** Set for a cacheable GET that missed: the answer is stored under it. */
  cacheKey: string | undefined
  /** The endpoint is Clear Cache (api.json clearsCaches): its success drops every cache on every instance. */
  clearsCaches: boolean
  /** The user's columns cut of the answer, when the endpoint is bound through column sets. */
  projection: Projection | null
  /** A server-sent-events stream (api.json stream): relayed as it comes, without the call timeout. */
  stream: boolean
  /** A write named by an Idempotency-Key this request claimed: its answer is kept for the key's repeats. */
  idempotency: KeyRef | undefined
}

/** The column cut's switch: on always in service; a benchmark turns it off to measure what it costs. */
export interface ColumnProjection { enabled: boolean }

declare module 'fastify' {
  interface FastifyRequest {
    proxyTarget: ProxyTarget | null
  }
  interface FastifyInstance {
    columnProjection: ColumnProjection
  }
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i

const PREFIX = '/api/v1'
/** Largest JSON body the proxy forwards. */
export const PROXY_BODY_LIMIT = 1024 * 1024

/** The gate: path check, allowlist, session, menu rules, LocId and game prefix, cache lookup, audit before effect. */
function gate (app: FastifyInstance) {
  const stale = staleKey(app.settings.PROXY_TIMEOUT_MS)
  return async function proxyGate (request: FastifyRequest, reply: FastifyReply) {
    // The route's wildcard, not a slice of the raw URL: /%61pi/v1/… matched this route too.
    const pathname = (request.params as { '*'?: string })['*'] ?? ''
    const query = request.url.indexOf('?')
    const search = query === -1 ? '' : request.url.slice(query + 1)
    const safe = safeEndpointPath(pathname)
    if (!safe.ok) throw errors.apiBadPath(safe.reason)
    const segments = withoutGamePrefix(safe.segments)
    const shown = `${PREFIX}/${segments.join('/')}`
    const config = app.configStore.current()
    const match = config.api.match(request.method, segments)
    if (match === 'not-found') throw errors.apiUnknownEndpoint(shown)
    if (match === 'method-not-allowed') throw errors.apiMethodNotAllowed(request.method, shown)
    const { endpoint } = match

    const session = endpoint.public ? null : app.sessions.read(request)
    if (!endpoint.public && !session) throw errors.notSignedIn()
    let url = upstreamPath(segments, endpoint.game ? '4d' : undefined) + (search ? `?${search}` : '')
    let body = request.body
    let rebuilt: ProxyTarget['multipart']
    let files: string[] = []
    const isMultipart = request.isMultipart()
    if (isMultipart && !endpoint.multipart) throw errors.apiNotMultipart(shown)
    let key: string | undefined
    let projection: Projection | null = null
    let locId: string | undefined
    if (session) {
      const user = await app.userContext.load(request, session)
      await assertPastGates(app, request, session, user)
      const ctx = sharedRuleContext(user, session.mobile)
      const menuHolds = (path: string) => menuAllows(config, ctx, path)
      if (!endpointAllowed(endpoint, menuHolds, ctx)) {
        app.events.emit('denied', { UserId: session.UserId, ip: request.ip, requestId: request.id, path: shown, LocId: user.location.LocId, reason: `${request.method} ${shown} is not reachable through any page or action the user holds` })
        throw errors.apiDenied(shown)
      }
      if (app.columnProjection.enabled) projection = projectionFor(endpoint, menuHolds, ctx)
      locId = user.location.LocId
      url = `${upstreamPath(segments, endpoint.game ? user.game : undefined)}?${upstreamQuery(search, locId)}`
      body = upstreamBody(request.body, locId)
      if (isMultipart) {
        const read = await readMultipart(request, locId)
        rebuilt = { body: read.body, contentType: read.contentType }
        files = read.files
      }
      if (request.method === 'GET' && endpoint.cache && request.headers['x-no-cache'] === undefined) {
        // A preview's answers are cut to the previewed user's columns: cached apart from the supporter's own.
        const owner = session.preview ? `${session.UserId}>${session.preview.UserId}` : session.UserId
        key = cacheKey(owner, locId, segments.join('/'), request.query as Record<string, unknown>)
        const hit = app.caches.answers.get(key)
        if (hit) {
          app.metrics.cacheHits.inc()
          return reply.code(hit.status).type(hit.contentType).header('x-cache', 'HIT').send(hit.body)
        }
        app.metrics.cacheMisses.inc()
      }
    }
    const idempotency = session && request.method !== 'GET' ? idempotencyRef(request, session.UserId) : undefined
    request.proxyTarget = { url, body, multipart: rebuilt, session, locId, cacheKey: key, clearsCaches: endpoint.clearsCaches === true, projection, stream: endpoint.stream === true, idempotency }
    const detail = { endpoint: `${request.method} ${endpoint.path}`, ...(files.length > 0 ? { files } : {}), ...(idempotency ? { idempotencyKey: idempotency.key } : {}) }
    if (request.method !== 'GET' && !(await app.audit.guard(request, reply, { action: 'api.call', detail }))) return reply
    if (idempotency && await answeredBefore(app, reply, idempotency, writePrint(request.method, request.proxyTarget), stale)) return reply
  }
}

/** The Idempotency-Key a signed-in user's write carries, if any; a malformed one is refused before anything is recorded. */
function idempotencyRef (request: FastifyRequest, userId: string): KeyRef | undefined {
  const key = request.headers[IDEMPOTENCY_HEADER]
  if (key === undefined) return undefined
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) throw errors.idempotencyKeyInvalid()
  return { userId, key }
}

/** What a repeat must match: method, upstream path and query, and the body as sent upstream (a multipart body without its random boundary). */
function writePrint (method: string, target: ProxyTarget): string {
  if (target.multipart) {
    const boundary = /boundary=([^;]+)/.exec(target.multipart.contentType)?.[1] ?? ''
    return fingerprint(method, target.url, target.multipart.body.toString('latin1').replaceAll(boundary, ''))
  }
  return fingerprint(method, target.url, Buffer.isBuffer(target.body) ? target.body : JSON.stringify(target.body ?? null))
}

type StaleKey = Parameters<typeof claimKey>[3]

/** Past every wait a held write may take, a running key's instance is gone: the answer its retries then get. */
function staleKey (timeoutMs: number): StaleKey {
  const unknown = errors.idempotencyOutcomeUnknown()
  return { afterMs: timeoutMs * (HELD_WRITE_WAIT_FACTOR + 1), unknown: { status: unknown.statusCode, contentType: 'application/json', body: Buffer.from(JSON.stringify(unknown.toBody())) } }
}

/**
 * Claims the key for this request, or answers a repeat: the kept answer once the first request has one (waiting for it up to
 * PROXY_TIMEOUT_MS), 409 while it still runs, 422 when the key was made for another request.
 */
async function answeredBefore (app: FastifyInstance, reply: FastifyReply, ref: KeyRef, print: string, stale: StaleKey): Promise<boolean> {
  let claim = await claimKey(app.store, ref, print, stale)
  if (claim.kind === 'running') claim = await awaitKey(app.store, ref, print, app.settings.PROXY_TIMEOUT_MS)
  if (claim.kind === 'claimed') return false
  if (claim.kind === 'mismatch') throw errors.idempotencyKeyReused(ref.key)
  if (claim.kind === 'running') throw errors.idempotencyKeyBusy().with({}, { 'retry-after': '2' })
  await reply.code(claim.answer.status).type(claim.answer.contentType).header('idempotent-replayed', 'true').send(claim.answer.body)
  return true
}

/** The client's multipart body rebuilt with the session's LocId; the parser's limit and format errors as catalogued errors. */
async function readMultipart (request: FastifyRequest, locId: string) {
  try {
    return await upstreamMultipart(request.parts(), locId)
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw errors.apiMultipartTooLarge('a file larger than 1024 KiB')
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw errors.apiMultipartTooLarge('too many parts')
    throw errors.apiBadMultipart((error as Error).message)
  }
}

/** Reads an upstream answer whole (cacheable GETs and failure envelopes, which are small JSON). */
async function readAll (stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
  return Buffer.concat(chunks)
}

/** The JSON of a failure answer, or null when it is not JSON. */
function parsed (body: Buffer): GameApiFailureBody | null {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'))
    return typeof value === 'object' && value !== null ? value as GameApiFailureBody : null
  } catch {
    return null
  }
}

/** What a write changes in the service's caches, dropped on every instance (caches/write-effects.ts). */
async function afterWrite (app: FastifyInstance, request: FastifyRequest, target: ProxyTarget, status: number): Promise<void> {
  const tokenKey = target.session ? app.caches.tokenKey(target.session.token) : undefined
  await app.caches.invalidate(...invalidationsOf({ status, url: target.url, clearsCaches: target.clearsCaches, tokenKey, locId: target.locId, namedUsers: namedUsers(request, target.body) }))
}

/** The column cut an answer still needs: a game API that cut it itself says so with the very selection asked for. */
function cutToApply (target: ProxyTarget, status: number, applied: unknown): Projection | null {
  return status === 200 && (target.projection?.header === undefined || applied !== target.projection.header) ? target.projection : null
}

/** A keyed write's upstream answer as the browser gets it (cut to its columns), with the service's caches and session brought up to date. */
async function keptAnswer (app: FastifyInstance, request: FastifyRequest, target: ProxyTarget, res: WriteAnswer, clientWaits: boolean): Promise<StoredAnswer> {
  await afterWrite(app, request, target, res.status)
  const contentType = String(res.headers['content-type'] ?? 'application/json')
  // A failure that ends the session ends it for the request still waiting; a later request meets the same failure itself.
  if (res.status >= 400) app.gameApi.failure(clientWaits ? request : undefined, target.session?.token, res.status, parsed(res.body))
  const projection = cutToApply(target, res.status, res.headers[FIELDS_APPLIED_HEADER])
  const body = projection && JSON_TYPE.test(contentType) ? projectJson(res.body, projection) : res.body
  return { status: res.status, contentType, body }
}

/**
 * A write named by an Idempotency-Key: sent upstream and waited for longer than the client waits (PROXY_TIMEOUT_MS, then
 * 504), so an answer that comes late is still kept for the key and a retry gets it instead of placing the write again.
 */
async function keyedWrite (app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, target: ProxyTarget, ref: KeyRef) {
  const timeoutMs = app.settings.PROXY_TIMEOUT_MS
  let clientWaits = true
  const fields = target.projection?.header
  const contentType = target.multipart?.contentType ?? 'application/json'
  const body = target.multipart?.body ?? (target.body === undefined || target.body === null ? undefined : Buffer.isBuffer(target.body) ? target.body : JSON.stringify(target.body))
  const headers = upstreamHeaders({ client: { 'accept-language': request.headers['accept-language'] }, token: target.session?.token, request, extra: { ...(body === undefined ? {} : { 'content-type': contentType }), ...(fields ? { [FIELDS_HEADER]: fields } : {}) } })
  const started = Date.now()
  // The write happened: a store that cannot keep its answer leaves the key running (a retry hears 409), never a lost answer.
  const kept = async (answer: StoredAnswer) => {
    await keepAnswer(app.store, ref, answer).catch((error: unknown) => { request.log.error({ err: error }, 'could not keep the answer of an Idempotency-Key') })
    // The client's 504 is already in the audit log; what the game API did after it is recorded as a further outcome.
    if (!clientWaits && request.auditId !== null) await app.audit.outcome(request.auditId, { status: answer.status, durationMs: Date.now() - started }).catch(() => { /* logged by the audit log */ })
    return answer
  }
  const settled = (async (): Promise<StoredAnswer> => {
    let res: WriteAnswer
    try {
      res = await sendHeldWrite(app.gameApi.dispatcher, { url: app.gameApiUrl + target.url, method: request.method as 'POST' | 'PUT' | 'DELETE', headers, body }, timeoutMs * HELD_WRITE_WAIT_FACTOR)
    } catch (error) {
      request.log.warn({ err: error }, 'game API write failed')
      const failure = app.gameApi.transportError(error)
      // Never sent: the key is free for a retry. Otherwise whether it took effect is unknown, and every retry hears so.
      if (neverSent(error)) {
        await releaseKey(app.store, ref)
        throw failure
      }
      return kept({ status: failure.statusCode, contentType: 'application/json', body: Buffer.from(JSON.stringify(failure.toBody())) })
    }
    return kept(await keptAnswer(app, request, target, res, clientWaits))
  })()
  settled.catch((error: unknown) => { if (!clientWaits) request.log.warn({ err: error }, 'a write the client stopped waiting for failed') })
  const late = new Promise<undefined>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs)
    settled.finally(() => { clearTimeout(timer) }).catch(() => {})
  })
  const answer = await Promise.race([settled, late])
  if (answer === undefined) {
    clientWaits = false
    throw errors.gameApiTimeout(timeoutMs)
  }
  return reply.code(answer.status).type(answer.contentType).send(answer.body)
}

/** /api/v1/*: the game API through @fastify/http-proxy, gated by the same rules as the menu, cached and audited. */
async function proxy (app: FastifyInstance) {
  app.decorateRequest('proxyTarget', null)
  app.decorate('columnProjection', { enabled: true } satisfies ColumnProjection)
  await app.register(async (scoped) => {
    scoped.setErrorHandler((error: Error & { code?: string }, request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send(errors.apiBodyTooLarge(Math.round(PROXY_BODY_LIMIT / 1024)).toBody())
      throw error
    })
    // Multipart bodies (bet files) are read here only for endpoints marked multipart, then rebuilt with LocId.
    await scoped.register(multipart, { limits: MULTIPART_LIMITS })
    await scoped.register(httpProxy, {
      upstream: app.gameApiUrl,
      prefix: PREFIX,
      rewritePrefix: PREFIX,
      httpMethods: ['GET', 'POST', 'PUT', 'DELETE'],
      // Fastify parses JSON and forms here, so the gate can set LocId in the body.
      proxyPayloads: false,
      // The game client's dispatcher: one connection pool and one timeout for every game API call.
      undici: app.gameApi.dispatcher,
      preHandler: gate(app),
      handler: (request, reply, _dest, options) => {
        const target = request.proxyTarget as ProxyTarget
        if (target.idempotency) return keyedWrite(app, request, reply, target, target.idempotency)
        if (target.multipart) return reply.from(target.url, { ...options, body: target.multipart.body, contentType: target.multipart.contentType })
        // A stream stays open as long as the browser watches: no call timeout (its heartbeats are not needed to keep it).
        if (target.stream) return reply.from(target.url, { ...options, timeout: 0 })
        const withBody = request.method !== 'GET' && target.body !== undefined && target.body !== null && !Buffer.isBuffer(target.body)
        return reply.from(target.url, withBody ? { ...options, body: target.body } : options)
      },
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => {
          const fields = request.proxyTarget?.projection?.header
          return upstreamHeaders({ client: headers, token: request.proxyTarget?.session?.token, request, ...(fields ? { extra: { [FIELDS_HEADER]: fields } } : {}) })
        },
        // Non-idempotent calls are never retried; a GET is not retried on a 503 either (maintenance answers pass at once).
        retryDelay: ({ req, res, err, attempt, getDefaultDelay }) => res?.statusCode === 503 ? null : getDefaultDelay(req, res, err, attempt),
        onError: (reply, { error }) => {
          const failure = app.gameApi.transportError(error)
          reply.request.log.warn({ err: error }, 'game API call failed')
          reply.code(failure.statusCode).send(failure.toBody())
        },
        onResponse: (rawRequest, reply, res) => {
          const request = rawRequest as FastifyRequest
          const target = request.proxyTarget as ProxyTarget
          const status = res.statusCode
          const settle = async () => {
            if (request.method !== 'GET') await afterWrite(app, request, target, status)
            if (status >= 400) {
              // The game client maps the failure (a dead token or maintenance ends the session); its body goes to the browser unchanged.
              const body = await readAll(res.stream)
              app.gameApi.failure(request, target.session?.token, status, parsed(body))
              return reply.send(body)
            }
            // A game API that cut the answer itself says so with the very selection asked for; then nothing is left to cut.
            const applied = reply.getHeader(FIELDS_APPLIED_HEADER)
            reply.removeHeader(FIELDS_APPLIED_HEADER)
            const projection = cutToApply(target, status, applied)
            if (projection) {
              // A cut answer must be JSON the cut can read: anything else is refused rather than relayed whole.
              const encoding = String(reply.getHeader('content-encoding') ?? 'identity').toLowerCase()
              if (encoding !== 'identity' || !JSON_TYPE.test(String(reply.getHeader('content-type') ?? ''))) {
                res.stream.resume()
                throw new Error(`an answer bound through column sets came as ${String(reply.getHeader('content-type'))} (${encoding})`)
              }
              reply.removeHeader('content-length')
            }
            if (target.cacheKey && status === 200) {
              // The cache holds the cut answer, under the same per-user key.
              const whole = await readAll(res.stream)
              const body = projection ? projectJson(whole, projection) : whole
              app.caches.answers.set(target.cacheKey, { status, contentType: String(reply.getHeader('content-type') ?? 'application/json'), body })
              return reply.header('x-cache', 'MISS').send(body)
            }
            if (projection) {
              // Cut as it streams: a large answer is never held whole.
              const cut = projectionStream(projection)
              pipeline(res.stream, cut, (error) => { if (error) request.log.error({ err: error }, 'could not cut the game API answer to the user\'s columns') })
              return reply.send(cut)
            }
            return reply.send(res.stream)
          }
          settle().catch((error: unknown) => {
            request.log.error({ err: error }, 'could not relay the game API answer')
            if (!reply.sent) reply.code(502).send(errors.gameApiBadAnswer(request.url).toBody())
          })
        }
      }
    })
  })
}

export default fp(proxy, { name: 'proxy', dependencies: ['config-store', 'session', 'user-context', 'caches', 'audit', 'metrics', 'events'] })
