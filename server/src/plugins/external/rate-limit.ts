import fp from 'fastify-plugin'
import fastifyRateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import { Redis } from 'ioredis'
import type { FastifyInstance } from 'fastify'
import { fallbackStore, type LimiterState } from '../../rate-limit/fallback-store.ts'

/** Where the sign-in limits count, for /readyz. */
export interface RateLimitBackend {
  /** 'memory' without REDIS_URL; 'redis' while Redis counts; 'fallback' while Redis is away and this process counts. */
  mode: () => 'memory' | 'redis' | 'fallback'
  /** Why the limits fell back (absent while they count where they should). */
  reason: () => string | undefined
  /** Asks Redis for a PONG (rejects when it is away); undefined without REDIS_URL. */
  ping: (() => Promise<void>) | undefined
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the rate-limit counters live just now. */
    rateLimitBackend: RateLimitBackend
  }
}

const NAME_SPACE = 'bo-rate-limit-'

/** Rate limiting, applied per route (sign-in); counters live in Redis when REDIS_URL is set so every instance shares them, and in this process while Redis is away. */
async function rateLimit (app: FastifyInstance) {
  const url = app.settings.REDIS_URL
  let redis: Redis | undefined
  let state: LimiterState = { degraded: false }
  let closing = false
  const onChange = (next: LimiterState) => {
    if (closing || next.degraded === state.degraded) return
    state = next
    if (next.degraded) app.log.warn({ reason: next.reason }, 'Redis is away: sign-in limits are counted in this process until it is back (each instance counts its own)')
    else app.log.info('Redis is back: sign-in limits are counted in Redis again')
  }
  if (url) {
    // Few retries and a short connect timeout: a slow Redis must not hold sign-in requests.
    redis = new Redis(url, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableAutoPipelining: true })
    // Every failed reconnect is an error event: the change of state below is what the log says once.
    redis.on('error', (err) => app.log.debug({ err: err.message }, 'rate-limit Redis store error'))
    redis.on('close', () => { onChange({ degraded: true, reason: 'the connection to Redis closed' }) })
    redis.on('ready', () => { onChange({ degraded: false }) })
    app.addHook('onClose', async () => {
      closing = true
      await redis?.quit().catch(() => redis?.disconnect())
    })
  }
  await app.register(fastifyRateLimit, {
    global: false,
    nameSpace: NAME_SPACE,
    ...(redis ? { store: fallbackStore(redis, NAME_SPACE, onChange) as unknown as FastifyRateLimitStoreCtor } : {})
  })
  const connected = redis
  app.decorate('rateLimitBackend', {
    mode: () => connected ? (state.degraded ? 'fallback' : 'redis') : 'memory',
    reason: () => state.reason,
    ping: connected
      ? async () => {
        if (connected.status !== 'ready') throw new Error(`Redis is ${connected.status}`)
        await connected.ping()
      }
      : undefined
  } satisfies RateLimitBackend)
}

export default fp(rateLimit, { name: 'rate-limit' })
