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

/** What a clear drops: the GET answers (any mutating call), or those and every cached user context (Clear Cache). */
export type ClearScope = 'answers' | 'all'

/** The proxy's GET cache, cleared everywhere by any mutating call. */
export interface ApiCache {
  get (key: string): CachedAnswer | undefined
  set (key: string, answer: CachedAnswer): void
  /** Empties this instance's cache and, with Redis, every other instance's; scope 'all' (Clear Cache) also runs every onClearAll listener there. */
  clear (scope?: ClearScope): Promise<void>
  /** Runs listener on each clear of scope 'all', made here or on another instance (the user context drops its reads). */
  onClearAll (listener: () => void): void
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
/** How long a start waits for the clear broadcast's subscription before serving without it. */
const SUBSCRIBE_WAIT_MS = 2000

/** node-cache per instance (no clones: answers are immutable buffers); Redis pub/sub carries clears across instances. */
async function apiCache (app: FastifyInstance) {
  const store = new NodeCache({ stdTTL: CACHE_TTL_SECONDS, checkperiod: 60, useClones: false, maxKeys: 50_000 })
  const stats = { hits: 0, misses: 0 }
  const instanceId = randomUUID()
  const listeners: Array<() => void> = []
  const drop = (scope: ClearScope) => {
    store.flushAll()
    if (scope === 'all') for (const listener of listeners) listener()
  }
  const { REDIS_URL } = app.settings
  // Redis away at start is no reason not to serve: both clients connect whenever it answers, and the subscriber's SUBSCRIBE
  // waits in its queue (and is sent again after each reconnect) instead of failing the start.
  const publisher = REDIS_URL ? new Redis(REDIS_URL, { maxRetriesPerRequest: 1 }) : undefined
  const subscriber = REDIS_URL ? new Redis(REDIS_URL, { maxRetriesPerRequest: null }) : undefined
  if (publisher && subscriber) {
    // Redis away is reported by /readyz and the rate limiter; each failed reconnect here is only a debug line, not an unhandled error event.
    for (const client of [publisher, subscriber]) client.on('error', (err: Error) => app.log.debug({ err: err.message }, 'cache broadcast Redis error'))
    const subscribed = subscriber.subscribe(channel).catch((err: unknown) => app.log.warn({ err }, 'cache broadcast: could not subscribe'))
    // With Redis up, clears reach this instance from the start; with it away, the start waits no longer than this.
    await Promise.race([subscribed, new Promise((resolve) => setTimeout(resolve, SUBSCRIBE_WAIT_MS).unref())])
    // A message is "<instance>" (answers) or "<instance> all"; an instance ignores its own.
    subscriber.on('message', (_channel, message: string) => {
      const [from, scope] = message.split(' ')
      if (from !== instanceId) drop(scope === 'all' ? 'all' : 'answers')
    })
    app.addHook('onClose', async () => { publisher.disconnect(); subscriber.disconnect() })
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
    onClearAll (listener) { listeners.push(listener) },
    async clear (scope = 'answers') {
      drop(scope)
      // A failed publish must not fail the user's call: other instances' entries then expire by TTL.
      await publisher?.publish(channel, scope === 'all' ? `${instanceId} all` : instanceId).catch((error: unknown) => app.log.warn({ err: error }, 'could not broadcast a cache clear'))
    }
  } satisfies ApiCache)
}

export default fp(apiCache, { name: 'api-cache' })
