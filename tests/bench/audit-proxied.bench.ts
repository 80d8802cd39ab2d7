// The product's own mutating call, a proxied POST through the service to the game API, with the audit record written
// before it is forwarded (and its outcome after) against the same call with the audit guard bypassed: same process,
// same game API, interleaved rounds. Goal: ratio at least 0.9. Run: npm run bench -- audit-proxied
import { startBenchProduct } from './lib/product.ts'
import { openDb } from '../../server/shared/db.ts'
import { postgresReachable, testPostgresUrl } from '../helpers/db.ts'

const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 3000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16)
const GOAL = 0.9

/** Measures one product: interleaved rounds with the audit guard on and bypassed. */
async function measure (label: string, storeOn?: { url: string, schema: string }) {
  const product = await startBenchProduct({}, storeOn)
  const { cookie, csrf } = await product.signIn('admin')
  const audit = product.service.audit
  const guard = audit.guard
  // "Audit off": the guard lets every call through without writing; the outcome hook then has no record to follow.
  const setAudit = (on: boolean) => { audit.guard = on ? guard : async () => true }

  /** Proxied POST announcements per second with CONCURRENCY clients over ROUND_MS. */
  async function round (): Promise<number> {
    let done = 0
    let failed = 0
    const started = performance.now()
    const until = started + ROUND_MS
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const res = await fetch(`${product.serviceUrl}/api/v1/announcements`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf }, body: JSON.stringify({ Content: `bench ${done}`, Color: 'red', PopUp: 'N' }) })
        await res.arrayBuffer()
        if (res.status === 200) done++
        else failed++
      }
    }))
    if (failed > 0) throw new Error(`${failed} calls failed`)
    return done / ((performance.now() - started) / 1000)
  }

  setAudit(false); await round()
  setAudit(true); await round()
  const pairs: number[] = []
  const rates = { on: [] as number[], off: [] as number[] }
  for (let i = 0; i < ROUNDS; i++) {
    setAudit(false); rates.off.push(await round())
    setAudit(true); rates.on.push(await round())
    pairs.push(rates.on[i]! / rates.off[i]!)
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
  const ratio = median(pairs)
  console.log(`${label}: proxied POST announcements: audit off ${median(rates.off).toFixed(0)} calls/s, audit on ${median(rates.on).toFixed(0)} calls/s (medians of ${ROUNDS} interleaved ${ROUND_MS} ms rounds, ${CONCURRENCY} clients)`)
  console.log(`${label}: ratio on/off ${ratio.toFixed(2)} (median of paired rounds; spread ${Math.min(...pairs).toFixed(2)}-${Math.max(...pairs).toFixed(2)}; goal >= ${GOAL}) ${ratio >= GOAL ? 'met' : 'NOT met'}`)
  await product.close()
}

await measure('service store on PGlite')
if (await postgresReachable()) {
  const schema = `bench_audit_proxied_${process.pid}`
  try {
    await measure('service store on PostgreSQL', { url: testPostgresUrl, schema })
  } finally {
    const admin = await openDb({ url: testPostgresUrl })
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    await admin.close()
  }
} else {
  console.log(`PostgreSQL at ${testPostgresUrl} not reachable: PGlite only`)
}
process.exit(0)
