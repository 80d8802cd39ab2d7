import fp from 'fastify-plugin'
import httpProxy from '@fastify/http-proxy'
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { errors, ServiceError } from '../../errors.ts'
import { menuAllows } from '../../config/menu.ts'
import { ruleContextOf } from '../../session/rule-context.ts'
import { endpointAllowed } from '../../proxy/allowlist.ts'
import { cacheKey } from '../../proxy/cache-key.ts'
import { proxyErrors } from '../../proxy/errors.ts'
import { safeEndpointPath } from '../../proxy/safe-path.ts'
import { MULTIPART_LIMITS, upstreamMultipart } from '../../proxy/multipart.ts'
import { upstreamBody, upstreamHeaders, upstreamPath, upstreamQuery, withoutGamePrefix } from '../../proxy/upstream.ts'
import type { UiSession } from './session.ts'

/** Where a gated request goes upstream, decided by the gate before anything is forwarded. */
interface ProxyTarget {
  url: string
  body: unknown
  /** A multipart body rebuilt with the session's LocId, sent as it is. */
  multipart: { body: Buffer, contentType: string } | undefined
  session: UiSession | null
  /** Set for a cacheable GET that missed: the answer is stored under it. */
  cacheKey: string | undefined
}

declare module 'fastify' {
  interface FastifyRequest {
    proxyTarget: ProxyTarget | null
  }
}

const PREFIX = '/api/v1'
/** Largest JSON body the proxy forwards. */
export const PROXY_BODY_LIMIT = 1024 * 1024

/** The gate: path check, allowlist, session, menu rules, LocId and game prefix, cache lookup, audit before effect. */
function gate (app: FastifyInstance) {
  return async function proxyGate (request: FastifyRequest, reply: FastifyReply) {
    const [pathname = '', search = ''] = request.url.slice(PREFIX.length + 1).split(/\?(.*)/s)
    const safe = safeEndpointPath(pathname)
    if (!safe.ok) throw proxyErrors.badPath(safe.reason)
    const segments = withoutGamePrefix(safe.segments)
    const shown = `${PREFIX}/${segments.join('/')}`
    const config = app.configStore.current()
    const match = config.api.match(request.method, segments)
    if (match === 'not-found') throw proxyErrors.unknownEndpoint(shown)
    if (match === 'method-not-allowed') throw proxyErrors.methodNotAllowed(request.method, shown)
    const { endpoint } = match

    const session = endpoint.public ? null : app.sessions.read(request)
    if (!endpoint.public && !session) throw errors.notSignedIn()
    let url = upstreamPath(segments, endpoint.game ? '4d' : undefined) + (search ? `?${search}` : '')
    let body = request.body
    let rebuilt: ProxyTarget['multipart']
    let files: string[] = []
    const isMultipart = request.isMultipart()
    if (isMultipart && !endpoint.multipart) throw proxyErrors.notMultipart(shown)
    let key: string | undefined
    if (session) {
      const user = await app.userContext.load(request, session)
      const ctx = ruleContextOf(user, session.mobile)
      if (!endpointAllowed(endpoint, (path) => menuAllows(config, ctx, path))) {
        app.events.emit('denied', { UserId: session.UserId, ip: request.ip, requestId: request.id, path: shown, LocId: user.location.LocId, reason: `${request.method} ${shown} is not allowed for any page in the user's menu` })
        throw proxyErrors.denied(shown)
      }
      const locId = user.location.LocId
      url = `${upstreamPath(segments, endpoint.game ? user.game : undefined)}?${upstreamQuery(search, locId)}`
      body = upstreamBody(request.body, locId)
      if (isMultipart) {
        const read = await readMultipart(request, locId)
        rebuilt = { body: read.body, contentType: read.contentType }
        files = read.files
      }
      if (request.method === 'GET' && endpoint.cache && request.headers['x-no-cache'] === undefined) {
        key = cacheKey(session.UserId, locId, segments.join('/'), request.query as Record<string, unknown>)
        const hit = app.apiCache.get(key)
        if (hit) {
          app.metrics.cacheHits.inc()
          return reply.code(hit.status).type(hit.contentType).header('x-cache', 'HIT').send(hit.body)
        }
        app.metrics.cacheMisses.inc()
      }
    }
    request.proxyTarget = { url, body, multipart: rebuilt, session, cacheKey: key }
    const detail = { endpoint: `${request.method} ${endpoint.path}`, ...(files.length > 0 ? { files } : {}) }
    if (request.method !== 'GET' && !(await app.audit.guard(request, reply, { action: 'api.call', detail }))) return reply
  }
}

/** The client's multipart body rebuilt with the session's LocId; the parser's limit and format errors as catalogued errors. */
async function readMultipart (request: FastifyRequest, locId: string) {
  try {
    return await upstreamMultipart(request.parts(), locId)
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw proxyErrors.multipartTooLarge('a file larger than 1024 KiB')
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw proxyErrors.multipartTooLarge('too many parts')
    throw proxyErrors.badMultipart((error as Error).message)
  }
}

/** Reads an upstream answer whole (only cacheable GETs, which are small JSON). */
async function readAll (stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
  return Buffer.concat(chunks)
}

/** Forwarding failures as catalogued errors: unreachable 502, too slow 504. */
function forwardingError (app: FastifyInstance, error: Error & { code?: string, statusCode?: number, cause?: { code?: string } }): ServiceError {
  if (error.statusCode === 504 || error.code === 'FST_REPLY_FROM_GATEWAY_TIMEOUT' || error.cause?.code === 'UND_ERR_HEADERS_TIMEOUT' || error.cause?.code === 'UND_ERR_BODY_TIMEOUT') {
    return errors.gameApiTimeout(app.settings.PROXY_TIMEOUT_MS)
  }
  return errors.gameApiUnreachable(app.gameApiUrl)
}

/** /api/v1/*: the game API through @fastify/http-proxy, gated by the same rules as the menu, cached and audited. */
async function proxy (app: FastifyInstance) {
  app.decorateRequest('proxyTarget', null)
  const timeout = app.settings.PROXY_TIMEOUT_MS
  await app.register(async (scoped) => {
    scoped.setErrorHandler((error: Error & { code?: string }, request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send(proxyErrors.bodyTooLarge(PROXY_BODY_LIMIT).toBody())
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
      undici: { headersTimeout: timeout, bodyTimeout: timeout, connect: { timeout } },
      preHandler: gate(app),
      handler: (request, reply, _dest, options) => {
        const target = request.proxyTarget as ProxyTarget
        if (target.multipart) return reply.from(target.url, { ...options, body: target.multipart.body, contentType: target.multipart.contentType })
        const withBody = request.method !== 'GET' && target.body !== undefined && target.body !== null && !Buffer.isBuffer(target.body)
        return reply.from(target.url, withBody ? { ...options, body: target.body } : options)
      },
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => upstreamHeaders(headers, { token: request.proxyTarget?.session?.token, requestId: request.id, ip: request.ip }),
        // Non-idempotent calls are never retried; a GET is not retried on a 503 either (maintenance answers pass at once).
        retryDelay: ({ req, res, err, attempt, getDefaultDelay }) => res?.statusCode === 503 ? null : getDefaultDelay(req, res, err, attempt),
        onError: (reply, { error }) => {
          const failure = forwardingError(app, error as Parameters<typeof forwardingError>[1])
          reply.request.log.warn({ err: error }, 'game API call failed')
          reply.code(failure.statusCode).send(failure.toBody())
        },
        onResponse: (rawRequest, reply, res) => {
          const request = rawRequest as FastifyRequest
          const target = request.proxyTarget as ProxyTarget
          const status = res.statusCode
          const settle = async () => {
            if (status === 401 && target.session) app.sessions.end(request, 'expired')
            if (request.method !== 'GET') {
              await app.apiCache.clear()
              // The call may have moved the user's own credit or balances; locations and settings expire on their own.
              if (target.session) app.sessions.forget(target.session.token, 'profile')
            }
            if (target.cacheKey && status === 200) {
              const body = await readAll(res.stream)
              app.apiCache.set(target.cacheKey, { status, contentType: String(reply.getHeader('content-type') ?? 'application/json'), body })
              return reply.header('x-cache', 'MISS').send(body)
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

export default fp(proxy, { name: 'proxy', dependencies: ['config-store', 'session', 'user-context', 'api-cache', 'audit', 'metrics', 'events'] })
