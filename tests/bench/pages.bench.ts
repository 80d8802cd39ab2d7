// GET /ui/pages for the largest page template (by its JSON) against a bare Fastify route answering a constant, both served
// here in the same run and driven by the same load loop in a worker thread (goal >= 0.5).
// Run: node --import tsx tests/bench/run.ts pages   (BENCH_SECONDS, BENCH_CONNECTIONS to change the defaults)
import Fastify from 'fastify'
import { loadDefaults, measure, rps } from './lib/load.ts'
import { startBenchProduct } from './lib/product.ts'

const GOAL = 0.5
const product = await startBenchProduct()
const bare = Fastify({ logger: false })
bare.get('/constant', async () => ({ ok: true }))
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' })

// admin holds every page; the largest template it is served is the one measured.
const { cookie } = await product.signIn('admin')
const templates = [...product.service.configStore.current().pages].sort((a, b) => JSON.stringify(b.page).length - JSON.stringify(a.page).length)
let chosen: { path: string, bytes: number } | undefined
for (const { page } of templates) {
  const answer = await fetch(`${product.serviceUrl}/ui/pages?path=${encodeURIComponent(page.path)}`, { headers: { cookie } })
  const text = await answer.text()
  if (answer.status === 200) { chosen = { path: page.path, bytes: text.length }; break }
}
if (!chosen) throw new Error('admin is served no page')

const base = await measure({ ...loadDefaults, url: `${bareUrl}/constant`, headers: {} })
const pages = await measure({ ...loadDefaults, url: `${product.serviceUrl}/ui/pages?path=${encodeURIComponent(chosen.path)}`, headers: { cookie } })
const ratio = rps(pages) / rps(base)
console.log(`load: ${loadDefaults.connections} keep-alive connections, ${loadDefaults.seconds} s after a 1 s warm-up, client in a worker thread`)
console.log(`bare Fastify constant route: ${rps(base).toFixed(0)} requests/s (${base.failures} failures)`)
console.log(`GET /ui/pages?path=${chosen.path} (${chosen.bytes} bytes, signed in as admin): ${rps(pages).toFixed(0)} requests/s (${pages.failures} failures)`)
console.log(`ratio pages / constant: ${ratio.toFixed(2)} (goal >= ${GOAL})`)
const ok = ratio >= GOAL && pages.failures === 0
console.log(ok ? 'pages bench: goal met' : 'pages bench: goal missed')
await bare.close()
await product.close()
process.exit(ok ? 0 : 1)
