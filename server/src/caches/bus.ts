// Carries cache invalidations between service instances: Redis pub/sub when REDIS_URL is set; alone, an instance has no one to tell.
import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import type { FastifyBaseLogger } from 'fastify'
import { parseInvalidationMessage, type Invalidation, type InvalidationMessage } from './invalidation.ts'

/** Where invalidations go to the other instances. */
export interface InvalidationBus {
  /** Tells every other instance; never fails (a lost message leaves their entries to expire by TTL). */
  publish (batch: readonly Invalidation[]): Promise<void>
  close (): void
}

export const INVALIDATION_CHANNEL = 'backoffice:caches:invalidate'
/** How long a start waits for the subscription before serving without it. */
const SUBSCRIBE_WAIT_MS = 2000

/** A bus over Redis (or, without a URL, one that tells no one); receive runs for each message another instance sent. */
export async function openInvalidationBus (redisUrl: string | undefined, log: FastifyBaseLogger, receive: (batch: Invalidation[]) => void): Promise<InvalidationBus> {
  if (!redisUrl) return { publish: async () => {}, close: () => {} }
  const instance = randomUUID()
  // Redis away at start is no reason not to serve: both clients connect whenever it answers, and the subscriber's SUBSCRIBE
  // waits in its queue (and is sent again after each reconnect) instead of failing the start.
  const publisher = new Redis(redisUrl, { maxRetriesPerRequest: 1 })
  const subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null })
  // Redis away is reported by /readyz and the rate limiter; each failed reconnect here is only a debug line, not an unhandled error event.
  for (const client of [publisher, subscriber]) client.on('error', (err: Error) => log.debug({ err: err.message }, 'cache invalidation Redis error'))
  subscriber.on('message', (_channel: string, raw: string) => {
    const message = parseInvalidationMessage(raw)
    if (!message) { log.warn('cache invalidation: a message that is not one was ignored'); return }
    // An instance has already dropped what it sends.
    if (message.from !== instance) receive(message.batch)
  })
  const subscribed = subscriber.subscribe(INVALIDATION_CHANNEL).catch((err: unknown) => log.warn({ err }, 'cache invalidation: could not subscribe'))
  // With Redis up, invalidations reach this instance from the start; with it away, the start waits no longer than this.
  await Promise.race([subscribed, new Promise((resolve) => setTimeout(resolve, SUBSCRIBE_WAIT_MS).unref())])
  return {
    async publish (batch) {
      const message: InvalidationMessage = { from: instance, batch: [...batch] }
      await publisher.publish(INVALIDATION_CHANNEL, JSON.stringify(message)).catch((err: unknown) => log.warn({ err }, 'could not send a cache invalidation to the other instances'))
    },
    close () { publisher.disconnect(); subscriber.disconnect() }
  }
}
