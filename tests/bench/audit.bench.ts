// The stress case of the audit log: a mutating call whose effect is a fast local write to the audit's own store, with
// the audit record committed before the effect (and its outcome after) against the same call without audit, same
// process, same database, interleaved rounds. The effect is so short that the one durable commit the audit must add
// before it weighs the most here; the product's own mutating calls are measured by audit-proxied.bench.ts.
// Goal: ratio at least 0.9. Run: npm run bench -- audit
import Fastify, { type FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { loadSettings } from '../../server/shared/env.ts'
import { openDb, type Db } from '../../server/shared/db.ts'
import storePlugin from '../../server/src/plugins/app/store.ts'
import metricsPlugin from '../../server/src/plugins/app/metrics.ts'
import auditPlugin from '../../server/src/plugins/app/audit.ts'
import { verifyAuditLog } from '../../server/src/audit/store.ts'
import { postgresReachable, testPostgresUrl } from '../helpers/db.ts'

const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 2000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16)
const GOAL = 0.9

const BetBody = Type.Object({ UserId: Type.String(), Number: Type.String({ pattern: '^[0-9]{4}$' }), Big: Type.Number({ minimum: 0 }), Small: Type.Number({ minimum: 0 }) })

/** A small service with the product's plugins and one mutating route: place a bet (debit the account, insert the bet, in one transaction). */
async function benchApp (db: Db, audited: boolean): Promise<FastifyInstance> {
  const app = Fastify({ logger: false }).withTypeProvider<TypeBoxTypeProvider>()
  app.decorate('settings', loadSettings({ DATA_DIR: 'memory://' }))
  await app.register(storePlugin, { db, owned: false })
  await app.register(metricsPlugin)
  if (audited) await app.register(auditPlugin)
  app.post('/api/v1/4d/bet', { schema: { body: BetBody } }, async (request, reply) => {
    if (audited && !await app.audit.guard(request, reply, { action: 'api-call', userId: request.body.UserId, locId: 'SG', detail: { body: request.body } })) return reply
    const { UserId, Number: num, Big, Small } = request.body
    const placed = await app.store.transaction(async (tx) => {
      const debit = await tx.query<{ balance: number }>('UPDATE bench_accounts SET balance = balance - $2 WHERE user_id = $1 RETURNING balance', [UserId, Big + Small])
      await tx.query('INSERT INTO bench_bets (user_id, number, big, small) VALUES ($1, $2, $3, $4)', [UserId, num, Big, Small])
      return debit.rows[0]?.balance ?? 0
    })
    return { success: true, data: { balance: placed } }
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  return app
}

/** Requests per second answered by url with CONCURRENCY clients over ROUND_MS. */
async function round (url: string): Promise<number> {
  let done = 0
  let failed = 0
  const until = performance.now() + ROUND_MS
  const started = performance.now()
  await Promise.all(Array.from({ length: CONCURRENCY }, async (_, c) => {
    while (performance.now() < until) {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ UserId: `u${c % 8}`, Number: String(1000 + (done % 9000)), Big: 1, Small: 2 }) })
      await res.arrayBuffer()
      if (res.status === 200) done++
      else failed++
    }
  }))
  if (failed > 0) throw new Error(`${failed} calls failed`)
  return done / ((performance.now() - started) / 1000)
}

/** Median time of one durable single-row commit on db: the floor of what audit-before-effect adds to a call's latency. */
async function commitMs (db: Db): Promise<number> {
  await db.exec('CREATE TABLE IF NOT EXISTS bench_commit (id bigserial PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())')
  const times: number[] = []
  for (let i = 0; i < 50; i++) {
    const started = performance.now()
    await db.transaction((tx) => tx.query('INSERT INTO bench_commit DEFAULT VALUES'))
    times.push(performance.now() - started)
  }
  return times.sort((a, b) => a - b)[25]!
}

async function measure (label: string, db: Db): Promise<number> {
  await db.exec('CREATE TABLE IF NOT EXISTS bench_accounts (user_id text PRIMARY KEY, balance numeric NOT NULL); CREATE TABLE IF NOT EXISTS bench_bets (id bigserial PRIMARY KEY, user_id text NOT NULL, number text NOT NULL, big numeric NOT NULL, small numeric NOT NULL, placed_at timestamptz NOT NULL DEFAULT now())')
  await db.query("INSERT INTO bench_accounts SELECT 'u' || g, 1000000000 FROM generate_series(0, 7) g ON CONFLICT DO NOTHING")
  const off = await benchApp(db, false)
  const on = await benchApp(db, true)
  const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/v1/4d/bet`
  await round(urlOf(off)) // warm-up of both paths (JIT, plans, connections)
  await round(urlOf(on))
  const offRates: number[] = []
  const onRates: number[] = []
  for (let i = 0; i < ROUNDS; i++) {
    offRates.push(await round(urlOf(off)))
    onRates.push(await round(urlOf(on)))
  }
  await Promise.all([off.close(), on.close()])
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
  const [offRate, onRate] = [median(offRates), median(onRates)]
  // Each on round is compared with the off round just before it, so a machine whose load drifts affects both sides alike.
  const pairs = onRates.map((on, i) => on / offRates[i]!)
  const ratio = median(pairs)
  const verdict = await verifyAuditLog(db)
  // Closed-loop clients: latency = clients / rate. The audit record commits before the effect, so it adds at least one commit.
  const added = CONCURRENCY / onRate * 1000 - CONCURRENCY / offRate * 1000
  console.log(`${label}: one durable commit takes ${(await commitMs(db)).toFixed(2)} ms; audit on adds ${added.toFixed(2)} ms to a call (${(CONCURRENCY / offRate * 1000).toFixed(2)} ms off)`)
  console.log(`${label}: audit off ${offRate.toFixed(0)} calls/s, audit on ${onRate.toFixed(0)} calls/s (medians of ${ROUNDS} interleaved ${ROUND_MS} ms rounds, ${CONCURRENCY} clients)`)
  console.log(`${label}: ratio on/off ${ratio.toFixed(2)} (median of paired rounds; spread ${Math.min(...pairs).toFixed(2)}-${Math.max(...pairs).toFixed(2)}; goal >= ${GOAL}) ${ratio >= GOAL ? 'met' : 'NOT met'}; chain after the run: ${verdict.ok ? `intact, ${verdict.count} records` : `BROKEN at ${verdict.brokenId}`}`)
  return ratio
}

const ratios: number[] = []
const lite = await openDb({})
ratios.push(await measure('PGlite', lite))
await lite.close()
if (await postgresReachable()) {
  const schema = `bench_audit_${process.pid}`
  const pg = await openDb({ url: testPostgresUrl, schema })
  try {
    ratios.push(await measure('PostgreSQL', pg))
  } finally {
    await pg.query(`DROP SCHEMA ${schema} CASCADE`)
    await pg.close()
  }
} else {
  console.log(`PostgreSQL at ${testPostgresUrl} not reachable: PGlite only`)
}
process.exit(0)
