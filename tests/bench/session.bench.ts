// GET /ui/session throughput for a signed-in user against a bare Fastify route answering a constant, both served here in the
// same run and driven by the same load loop in a worker thread (so the client does not share the servers' event loop).
// Run: npm run bench -- session   (BENCH_SECONDS, BENCH_CONNECTIONS to change the defaults)
import { Worker } from 'node:worker_threads'
import Fastify from 'fastify'
import { openDb } from '../../server/shared/db.ts'
import { loadSettings } from '../../server/shared/env.ts'
import { buildGameApi } from '../../server/game-api/app.ts'
import { buildService } from '../../server/src/app.ts'

interface LoadJob { url: string, headers: Record<string, string>, seconds: number, warmupSeconds: number, connections: number }
interface LoadResult { requests: number, failures: number, seconds: number }

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16)
const GOAL = 0.5

// The load loop, plain JavaScript run by a worker thread (workers do not get the TypeScript loader): N concurrent keep-alive
// fetch workers, a warm-up, then a fixed duration counting 200 answers.
const loadLoop = `
const { parentPort, workerData: job } = require('node:worker_threads')
let counting = false, stop = false, requests = 0, failures = 0
async function worker () {
  while (!stop) {
    try {
      const res = await fetch(job.url, { headers: job.headers })
      await res.arrayBuffer()
      if (counting) { if (res.status === 200) requests++; else failures++ }
    } catch { if (counting) failures++ }
  }
}
const workers = Array.from({ length: job.connections }, worker)
setTimeout(() => {
  counting = true
  const started = performance.now()
  setTimeout(async () => {
    counting = false
    const seconds = (performance.now() - started) / 1000
    stop = true
    await Promise.all(workers)
    parentPort.postMessage({ requests, failures, seconds })
  }, job.seconds * 1000)
}, job.warmupSeconds * 1000)
`

const measure = (job: LoadJob) => new Promise<LoadResult>((resolve, reject) => {
  const worker = new Worker(loadLoop, { eval: true, workerData: job })
  worker.once('message', resolve)
  worker.once('error', reject)
})

// The product in process: game API and service on free ports, PGlite in memory.
const gameDb = await openDb({})
const gameApi = await buildGameApi({ db: gameDb })
const gameApiUrl = await gameApi.listen({ port: 0, host: '127.0.0.1' })
const store = await openDb({})
const service = await buildService({ settings: loadSettings({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://' }), gameApiUrl, store })
const serviceUrl = await service.listen({ port: 0, host: '127.0.0.1' })

// The peer: a bare Fastify route answering a constant, on this machine in this run.
const bare = Fastify({ logger: false })
bare.get('/constant', async () => ({ ok: true }))
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' })

const login = await fetch(`${serviceUrl}/ui/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ UserId: 'ag1', Password: 'Demo#1234', Lang: 'en' }) })
const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
if (login.status !== 200 || !cookie) throw new Error(`sign-in failed: HTTP ${login.status} ${await login.text()}`)
const check = await fetch(`${serviceUrl}/ui/session`, { headers: { cookie } })
const body = await check.json() as { menu?: unknown[] }
if (check.status !== 200 || !Array.isArray(body.menu)) throw new Error(`GET /ui/session failed: HTTP ${check.status}`)

const common = { seconds: SECONDS, warmupSeconds: 1, connections: CONNECTIONS }
const base = await measure({ ...common, url: `${bareUrl}/constant`, headers: {} })
const session = await measure({ ...common, url: `${serviceUrl}/ui/session`, headers: { cookie } })
const rps = (r: LoadResult) => r.requests / r.seconds
const ratio = rps(session) / rps(base)
console.log(`load: ${CONNECTIONS} keep-alive connections, ${SECONDS} s after a 1 s warm-up, client in a worker thread`)
console.log(`bare Fastify constant route: ${rps(base).toFixed(0)} requests/s (${base.failures} failures)`)
console.log(`GET /ui/session (signed in as ag1, ${body.menu.length} menu groups): ${rps(session).toFixed(0)} requests/s (${session.failures} failures)`)
console.log(`ratio session / constant: ${ratio.toFixed(2)} (goal >= ${GOAL})`)
const ok = ratio >= GOAL && session.failures === 0
console.log(ok ? 'session bench: goal met' : 'session bench: goal missed')

await bare.close()
await service.close()
await store.close()
await gameApi.close()
await gameDb.close()
process.exit(ok ? 0 : 1)
