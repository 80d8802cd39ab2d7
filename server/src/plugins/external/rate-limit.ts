import fp from 'fastify-plugin'
import fastifyRateLimit from '@fastify/rate-limit'
import { Redis } from 'ioredis'
import type { FastifyInstance } from 'fastify'

/** Rate limiting, applied per route (sign-in); counters live in Redis when REDIS_URL is set so every instance shares them. */
async function rateLimit (app: FastifyInstance) {
  const url = app.settings.REDIS_URL
  let redis: Redis | undefined
  if (url) {
    // Few retries and a short connect timeout: a slow Redis must not hold sign-in requests.
    redis = new Redis(url, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableAutoPipelining: true })
    redis.on('error', (err) => app.log.warn({ err: err.message }, 'rate-limit Redis store error'))
    app.addHook('onClose', async () => { await redis?.quit().catch(() => redis?.disconnect()) })
  }
  await app.register(fastifyRateLimit, {
    global: false,
    // Redis down: sign-in stays possible (the game API's captcha still guards it); the error is logged above.
    skipOnError: true,
    nameSpace: 'bo-rate-limit-',
    ...(redis ? { redis } : {})
  })
}

export default fp(rateLimit, { name: 'rate-limit' })
