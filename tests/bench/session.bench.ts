// GET /ui/session throughput for a signed-in user against a bare Fastify route answering a constant, both served here in the
// same run and driven by the same load loop in a worker thread (so the client does not share the servers' event loop).
// Run: npm run bench -- session   (BENCH_SECONDS, BENCH_CONNECTIONS to change the defaults)
import Fastify from 'fastify'
import { loadDefaults, measure, rps } from './lib/load.ts'
import { startBenchProduct } from './lib/product.ts'

const GOAL = 0.5
const product = await startBenchProduct()
const serviceUrl = product.serviceUrl

// The peer: a bare Fastify route answering a constant, on this machine in this run.
const bare = Fastify({ logger: false })
bare.get('/constant', async () => ({ ok: true }))
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' })

const { cookie } = await product.signIn('ag1')
const check = await fetch(`${serviceUrl}/ui/session`, { headers: { cookie } })
const body = await check.json() as { menu?: unknown[] }
if (check.status !== 200 || !Array.isArray(body.menu)) throw new Error(`GET /ui/session failed: HTTP ${check.status}`)

const common = loadDefaults
const base = await measure({ ...common, url: `${bareUrl}/constant`, headers: {} })
const session = await measure({ ...common, url: `${serviceUrl}/ui/session`, headers: { cookie } })
const ratio = rps(session) / rps(base)
console.log(`load: ${common.connections} keep-alive connections, ${common.seconds} s after a 1 s warm-up, client in a worker thread`)
console.log(`bare Fastify constant route: ${rps(base).toFixed(0)} requests/s (${base.failures} failures)`)
console.log(`GET /ui/session (signed in as ag1, ${body.menu.length} menu groups): ${rps(session).toFixed(0)} requests/s (${session.failures} failures)`)
console.log(`ratio session / constant: ${ratio.toFixed(2)} (goal >= ${GOAL})`)
const ok = ratio >= GOAL && session.failures === 0
console.log(ok ? 'session bench: goal met' : 'session bench: goal missed')

await bare.close()
await product.close()
process.exit(ok ? 0 : 1)
