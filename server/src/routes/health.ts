import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'

/** How long /readyz waits for each dependency before calling it down. */
export const READY_TIMEOUT_MS = 2000

const Check = Type.Object({
  ok: Type.Boolean(),
  ms: Type.Integer({ description: 'How long the check took' }),
  message: Type.Optional(Type.String({ description: 'Why the check failed' }))
})
const Readiness = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('degraded'), Type.Literal('not ready')]),
  failed: Type.Array(Type.String(), { description: 'Names of the checks that failed and stop the service from serving' }),
  degraded: Type.Array(Type.String(), { description: 'Names of the checks that failed while the service still serves (Redis: sign-in limits counted per instance)' }),
  checks: Type.Object({ gameApi: Check, store: Check, redis: Type.Optional(Check) })
})

/** An error's message with the code or message of its cause (the game client keeps ECONNREFUSED there). */
function describe (error: unknown): string {
  const e = error as { message?: string, cause?: { code?: string, message?: string, errors?: Array<{ code?: string }> } }
  const cause = e.cause?.code ?? e.cause?.errors?.[0]?.code ?? e.cause?.message
  return `${e.message ?? String(error)}${cause ? ` (${cause})` : ''}`
}

/** Runs one check within READY_TIMEOUT_MS; a failure carries its reason. */
async function timed (check: (signal: AbortSignal) => Promise<void>) {
  const started = performance.now()
  const signal = AbortSignal.timeout(READY_TIMEOUT_MS)
  try {
    await Promise.race([check(signal), new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`))))])
    return { ok: true, ms: Math.round(performance.now() - started) }
  } catch (error) {
    return { ok: false, ms: Math.round(performance.now() - started), message: describe(error) }
  }
}

/** GET /healthz (the process answers) and GET /readyz (the game API and the store answer too), for load balancers and orchestrators. */
export default async function healthRoutes (fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get('/healthz', {
    schema: { summary: 'Liveness: the process answers', tags: ['operations'], response: { 200: Type.Object({ status: Type.Literal('ok') }) } }
  }, async () => ({ status: 'ok' as const }))

  app.get('/readyz', {
    schema: {
      summary: 'Readiness: the game API answers, and the store answers and takes audit records; with REDIS_URL, whether Redis answers',
      description: `503 names the failed checks. The game API counts as reachable when GET /api/v1/status answers below HTTP 500 within ${READY_TIMEOUT_MS} ms. Redis away is 200 with status degraded: the service serves, its sign-in limits counted in each instance until Redis is back.`,
      tags: ['operations'],
      response: { 200: Readiness, 503: Readiness }
    }
  }, async (request, reply) => {
    const { ping } = app.rateLimitBackend
    const [gameApi, store, redis] = await Promise.all([
      timed(async (signal) => {
        const answer = await app.gameApi.fetch({ method: 'GET', path: '/api/v1/status', headers: { 'x-request-id': request.id }, signal })
        await answer.body.dump()
        if (answer.statusCode >= 500) throw new Error(`${app.gameApiUrl}/api/v1/status answered HTTP ${answer.statusCode}`)
      }),
      timed(async () => {
        await app.store.query('SELECT 1')
        // Mutating calls need the audit writer (its own connection), not just a store that answers reads.
        await app.audit.ready()
      }),
      ping ? timed(ping) : undefined
    ])
    if (!gameApi.ok && gameApi.message) gameApi.message = `game API at ${app.gameApiUrl}: ${gameApi.message}`
    if (redis && !redis.ok) redis.message = `Redis: ${redis.message ?? 'no answer'}; sign-in limits are counted in each instance until it is back`
    const checks = { gameApi, store, ...(redis ? { redis } : {}) }
    const failed = Object.entries({ gameApi, store }).filter(([, c]) => !c.ok).map(([name]) => name)
    const degraded = redis && !redis.ok ? ['redis'] : []
    const status = failed.length ? 'not ready' : degraded.length ? 'degraded' : 'ready'
    return reply.code(failed.length ? 503 : 200).send({ status, failed, degraded, checks })
  })
}
