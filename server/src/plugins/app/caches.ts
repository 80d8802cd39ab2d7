import { createHash } from 'node:crypto'
import fp from 'fastify-plugin'
import NodeCache from 'node-cache'
import type { FastifyInstance } from 'fastify'
import { openInvalidationBus } from '../../caches/bus.ts'
import type { Invalidation } from '../../caches/invalidation.ts'
import { ResolvedPages } from '../../caches/resolved-pages.ts'
import { SessionReads } from '../../caches/session-reads.ts'
import { usersOfCacheKey } from '../../proxy/cache-key.ts'

/** A cached game API answer: status, content type and the raw body bytes (already cut to the user's columns). */
export interface CachedAnswer {
  status: number
  contentType: string
  body: Buffer
}

/** The proxy's GET cache. */
export interface AnswerCache {
  get (key: string): CachedAnswer | undefined
  set (key: string, answer: CachedAnswer): void
  readonly stats: { hits: number, misses: number }
}

/**
 * Every cache of the service, and the one way to empty them: invalidate drops here at once and tells every other instance
 * (Redis pub/sub when REDIS_URL is set). What else is kept per object (rule contexts, allowlist and column decisions, the
 * JSON cutter's trees) is keyed weakly by a config or a session read held here, so it goes when they go.
 */
export interface Caches {
  /** Cached GET answers of the proxy, per user, location, endpoint and query. */
  readonly answers: AnswerCache
  /** The game API reads behind each session (profile, locations, location settings). */
  readonly reads: SessionReads
  /** Resolved page descriptors per config and rule context. */
  readonly pages: ResolvedPages
  /** The stable, non-reversible key of a session's token, under which its reads are kept. */
  tokenKey (token: string): string
  /** Drops here, then on every other instance; never fails. */
  invalidate (...batch: Invalidation[]): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's caches and their invalidation across instances. */
    caches: Caches
  }
}

/** Seeds 001 §7: cached GET answers live 180000 ms. */
export const CACHE_TTL_SECONDS = 180
/** How long the per-session game API reads behind GET /ui/session are reused. */
export const USER_CONTEXT_TTL_S = 30

/** Owns the caches; registered after the config store (a config load drops what was made from the old one). */
async function caches (app: FastifyInstance) {
  const answerStore = new NodeCache({ stdTTL: CACHE_TTL_SECONDS, checkperiod: 60, useClones: false, maxKeys: 50_000 })
  const stats = { hits: 0, misses: 0 }
  const reads = new SessionReads(USER_CONTEXT_TTL_S)
  const pages = new ResolvedPages()
  app.addHook('onClose', async () => { answerStore.close(); reads.close() })

  const drop = (batch: readonly Invalidation[], remote: boolean) => {
    for (const what of batch) {
      switch (what.kind) {
        case 'answers': answerStore.flushAll(); break
        case 'all': answerStore.flushAll(); reads.forgetAll(); pages.forgetAll(); break
        case 'config':
          answerStore.flushAll()
          pages.forgetAll()
          // Another instance made a version live that this one does not serve: it takes it from the store.
          if (remote && what.version !== app.configStore.current().version) app.configStore.sync().catch((err: unknown) => app.log.warn({ err }, 'could not take the config version another instance made live'))
          break
        case 'user':
          reads.forgetUser(what.userId)
          // Their answers were cut to the rights they had.
          answerStore.del(answerStore.keys().filter((key) => usersOfCacheKey(key).includes(what.userId)))
          break
        case 'session': if (what.scope === 'all') reads.forgetSession(what.tokenKey); else reads.markProfileStale(what.tokenKey); break
        case 'location': reads.forgetLocation(what.locId); break
      }
    }
  }
  const bus = await openInvalidationBus(app.settings.REDIS_URL, app.log, (batch) => drop(batch, true))
  app.addHook('onClose', async () => { bus.close() })

  const invalidate = async (...batch: Invalidation[]) => {
    if (batch.length === 0) return
    drop(batch, false)
    await bus.publish(batch)
  }
  // A version made live here is announced to the other instances; one taken from the store after another's announcement is not again.
  app.configStore.onChange((event) => {
    if (event.kind !== 'loaded') return
    if (event.here) invalidate({ kind: 'config', version: event.version }).catch(() => {})
    else drop([{ kind: 'config', version: event.version }], false)
  })

  app.decorate('caches', {
    answers: {
      stats,
      get (key) {
        const answer = answerStore.get<CachedAnswer>(key)
        if (answer) stats.hits++
        else stats.misses++
        return answer
      },
      set (key, answer) {
        try { answerStore.set(key, answer) } catch (error) { app.log.warn({ err: error }, 'answer cache full: answer not cached') }
      }
    },
    reads,
    pages,
    tokenKey: (token) => createHash('sha256').update(token).digest('base64url').slice(0, 24),
    invalidate
  } satisfies Caches)
}

export default fp(caches, { name: 'caches', dependencies: ['config-store'] })
