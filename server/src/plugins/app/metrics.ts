import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import { isConfigRejection } from '../../audit/events.ts'

/** The service's Prometheus metrics; other plugins count through these. */
export interface ServiceMetrics {
  registry: Registry
  /** Requests answered, by method, route pattern and status code. */
  requests: Counter<'method' | 'route' | 'status_code'>
  /** Time to answer, in seconds, by method, route pattern and status code. */
  latency: Histogram<'method' | 'route' | 'status_code'>
  /** Audit records written (result ok) or refused by the store (result failed). */
  auditWrites: Counter<'result'>
  /** Proxied GETs answered from the cache. */
  cacheHits: Counter
  /** Cacheable proxied GETs that went to the game API. */
  cacheMisses: Counter
  /** Config changes applied (result applied) or rejected (result rejected). */
  configReloads: Counter<'result'>
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus counters and histograms of this instance, exposed at GET /metrics. */
    metrics: ServiceMetrics
  }
}

interface ConfigChangeSource { onChange: (fn: (change: unknown) => void) => unknown }

/** Counts every request (route pattern, not raw URL, so labels stay few), echoes the request id, and counts config reloads. */
async function metrics (app: FastifyInstance) {
  // A registry per instance: several services in one process (tests) never share counters.
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const m: ServiceMetrics = {
    registry,
    requests: new Counter({ name: 'http_requests_total', help: 'Requests answered, by method, route and status code', labelNames: ['method', 'route', 'status_code'], registers: [registry] }),
    latency: new Histogram({ name: 'http_request_duration_seconds', help: 'Time to answer a request, in seconds', labelNames: ['method', 'route', 'status_code'], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10], registers: [registry] }),
    auditWrites: new Counter({ name: 'audit_writes_total', help: 'Audit records written or refused by the store', labelNames: ['result'], registers: [registry] }),
    cacheHits: new Counter({ name: 'cache_hits_total', help: 'Proxied GETs answered from the cache', registers: [registry] }),
    cacheMisses: new Counter({ name: 'cache_misses_total', help: 'Cacheable proxied GETs sent to the game API', registers: [registry] }),
    configReloads: new Counter({ name: 'config_reloads_total', help: 'Config changes applied or rejected', labelNames: ['result'], registers: [registry] })
  }
  app.decorate('metrics', m)

  // The request id (always ours) comes back so a client report can be matched to log lines and audit records.
  app.addHook('onRequest', async (request, reply) => { reply.header('x-request-id', request.id) })
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) }
    m.requests.inc(labels)
    m.latency.observe(labels, reply.elapsedTime / 1000)
  })

  const configStore = (app as unknown as { configStore?: Partial<ConfigChangeSource> }).configStore
  if (app.hasDecorator('configStore') && typeof configStore?.onChange === 'function') {
    configStore.onChange((change) => m.configReloads.inc({ result: isConfigRejection(change) ? 'rejected' : 'applied' }))
  }
}

export default fp(metrics, { name: 'metrics' })
