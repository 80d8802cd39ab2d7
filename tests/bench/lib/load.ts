import { Worker } from 'node:worker_threads'

/** One measured load: a URL hit by N concurrent keep-alive clients for a fixed time after a warm-up; with bodies, POSTs that cycle through them. */
export interface LoadJob { url: string, headers: Record<string, string>, seconds: number, warmupSeconds: number, connections: number, bodies?: string[] }
/** What a load achieved; firstFailure is the status and start of the first counted failure's answer. */
export interface LoadResult { requests: number, failures: number, seconds: number, firstFailure?: string }

// The load loop, plain JavaScript run by a worker thread (workers do not get the TypeScript loader), so the client
// never shares the servers' event loop: N concurrent keep-alive clients on undici's pool (its request costs the client a
// fraction of fetch's CPU, which on these 2 cores the servers measured would otherwise lose), a warm-up, then a fixed
// duration counting 200 answers.
const loadLoop = `
const { parentPort, workerData: job } = require('node:worker_threads')
const { Pool } = require('undici')
const target = new URL(job.url)
const pool = new Pool(target.origin, { connections: job.connections, pipelining: 1 })
const path = target.pathname + target.search
let counting = false, stop = false, requests = 0, failures = 0, firstFailure, sent = 0
async function worker () {
  while (!stop) {
    try {
      const init = job.bodies ? { path, method: 'POST', headers: job.headers, body: job.bodies[sent++ % job.bodies.length] } : { path, method: 'GET', headers: job.headers }
      const res = await pool.request(init)
      const text = await res.body.text()
      if (counting) { if (res.statusCode === 200) requests++; else { failures++; firstFailure ??= res.statusCode + ' ' + text.slice(0, 200) } }
    } catch (error) { if (counting) { failures++; firstFailure ??= String(error) } }
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
    await pool.close()
    parentPort.postMessage({ requests, failures, seconds, firstFailure })
  }, job.seconds * 1000)
}, job.warmupSeconds * 1000)
`

/** Runs one load job in a worker thread. */
export function measure (job: LoadJob): Promise<LoadResult> {
  return new Promise<LoadResult>((resolve, reject) => {
    const worker = new Worker(loadLoop, { eval: true, workerData: job })
    worker.once('message', resolve)
    worker.once('error', reject)
  })
}

/** Requests per second of a result. */
export const rps = (r: LoadResult) => r.requests / r.seconds

/** Defaults every benchmark shares (BENCH_SECONDS, BENCH_CONNECTIONS override). */
export const loadDefaults = {
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  warmupSeconds: 1,
  connections: Number(process.env.BENCH_CONNECTIONS ?? 16)
}
