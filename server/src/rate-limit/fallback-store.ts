import { createRequire } from 'node:module'
import type { Redis } from 'ioredis'

/** What the rate-limit plugin's stores answer: attempts in the window so far and the window's remaining ms. */
interface Count { current: number, ttl: number }
type Done = (error: Error | null, result?: Count) => void
/** The part of @fastify/rate-limit's store contract the sign-in limits use. */
interface Store {
  incr: (key: string, done: Done, timeWindow: number, max: number) => void
  child: (routeOptions: StoreOptions) => Store
}
interface StoreOptions { continueExceeding?: boolean, exponentialBackoff?: boolean, cache?: number }

// The plugin's own two stores (not in its typed surface): counters in Redis, and the in-process LRU it uses without Redis.
const require = createRequire(import.meta.url)
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (continueExceeding?: boolean, exponentialBackoff?: boolean, cache?: number) => Store
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (continueExceeding: boolean | undefined, exponentialBackoff: boolean | undefined, redis: Redis, key: string) => Store

/** Whether the limits count in Redis or, while Redis is away, in this process; told after every count. */
export interface LimiterState { degraded: boolean, reason?: string }

/**
 * A store counting in Redis (shared by every instance) and, always, in this process: while Redis is away (not connected, or a
 * command fails) the in-process count answers, so the limits hold per instance instead of vanishing.
 */
export function fallbackStore (redis: Redis, nameSpace: string, report: (state: LimiterState) => void) {
  class FallbackStore implements Store {
    private readonly shared: Store
    private readonly local: Store

    constructor (options: StoreOptions, shared?: Store, local?: Store) {
      this.shared = shared ?? new RedisStore(options.continueExceeding, options.exponentialBackoff, redis, nameSpace)
      this.local = local ?? new LocalStore(options.continueExceeding, options.exponentialBackoff, options.cache)
    }

    incr (key: string, done: Done, timeWindow: number, max: number) {
      let local: Count | undefined
      // Counted here too, so attempts made just before Redis went away still count after.
      this.local.incr(key, (_error, result) => { local = result }, timeWindow, max)
      const fallBack = (reason: string) => {
        report({ degraded: true, reason })
        done(null, local)
      }
      // A Redis that is not connected is not waited for: sign-in must not hang on it.
      if (redis.status !== 'ready') return fallBack(`Redis is ${redis.status}`)
      this.shared.incr(key, (error, result) => {
        if (error || !result) return fallBack(error?.message ?? 'Redis gave no count')
        report({ degraded: false })
        done(null, result)
      }, timeWindow, max)
    }

    child (routeOptions: StoreOptions) {
      return new FallbackStore(routeOptions, this.shared.child(routeOptions), this.local.child(routeOptions))
    }
  }
  return FallbackStore
}
