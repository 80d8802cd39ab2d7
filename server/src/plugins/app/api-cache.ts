import { randomUUID } from 'node:crypto'
import fp from 'fastify-plugin'
import NodeCache from 'node-cache'
import { Redis } from 'ioredis'
import type { FastifyInstance } from 'fastify'

/** A cached game API answer: status, content type and the raw body bytes. */
export interface CachedAnswer {
  status: number
  contentType: string
  body: Buffer
}

/** The proxy's GET cache, cleared everywhere by any mutating call. */
export interface ApiCache {
  get (key: string): CachedAnswer | undefined
  set (key: string, answer: CachedAnswer): void
  /** Empties this instance's cache and, with Redis, every other instance's. */
  clear (): Promise<void>
  readonly stats: { hits: number, misses: number }
}

declare module 'fastify' {
  interface FastifyInstance {
    apiCache: ApiCache
  }
}

/** Seeds 001 §7: cached GET answers live 180000 ms. */
export const CACHE_TTL_SECONDS = 180
const channel = 'backoffice:api-cache:clear'

/** node-cache per instance (no clones: answers are immutable buffers); Redis pub/sub carries clears across instances. */
async function apiCache (app: FastifyInstance) {
  const store = new NodeCache({ stdTTL: CACHE_TTL_SECONDS, checkperiod: 60, useClones: false, maxKeys: 50_000 })
  const stats = { hits: 0, misses: 0 }
  const instanceId = randomUUID()
  const { REDIS_URL } = app.settings
  const publisher = REDIS_URL ? new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 }) : undefined
  const subscriber = REDIS_URL ? new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 }) : undefined
  if (publisher && subscriber) {
    await Promise.all([publisher.connect(), subscriber.connect()])
    await subscriber.subscribe(channel)
    subscriber.on('message', (_channel, from) => { if (from !== instanceId) store.flushAll() })
    app.addHook('onClose', async () => { await Promise.all([publisher.quit(), subscriber.quit()]) })
  }
  app.addHook('onClose', async () => { store.close() })

  app.decorate('apiCache', {
    stats,
    get (key) {
      const answer = store.get<CachedAnswer>(key)
      if (answer) stats.hits++
      else stats.misses++
      return answer
    },
    set (key, answer) {
      try { store.set(key, answer) } catch (error) { app.log.warn({ err: error }, 'api cache full: answer not cached') }
    },
    async clear () {
      store.flushAll()
      // A failed publish must not fail the user's call: other instances' entries then expire by TTL.
      await publisher?.publish(channel, instanceId).catch((error: unknown) => app.log.warn({ err: error }, 'could not broadcast a cache clear'))
    }
  } satisfies ApiCache)
}

export default fp(apiCache, { name: 'api-cache' })
