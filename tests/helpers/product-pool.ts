// The browser tier's products, made ahead in one process (tests/run-all.sh starts it before the tier and stops it after):
// a browser file leases a fresh product (the game API and the service on their own database copies, as buildProduct makes
// them) instead of loading and starting the servers itself, and releases it when it ends. Each file still gets data of its
// own; what it saves is the servers' module loading in every file (about 2 CPU-seconds) and the wait for the start, which
// the pool did while the file before it ran. `startE2E` (tests/e2e/support.ts) leases when TEST_PRODUCT_POOL names the pool.
//
//   node --import ./tests/helpers/tap-ts/register.mjs tests/helpers/product-pool.ts <address file> [products kept ready]
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildProduct } from './build.ts'

/** What a lease answers: the product's addresses and the file its game API writes each captcha's answer to (x-token, tab, answer). */
export interface Lease { id: string, serviceUrl: string, gameApiUrl: string, captchaFile: string }

interface Held { lease: Lease, close: () => Promise<void> }

const [addressFile, readyArg] = process.argv.slice(2)
if (!addressFile) throw new Error('usage: product-pool.ts <address file> [products kept ready]')
const keepReady = Number(readyArg ?? 3)
const captchaDir = mkdtempSync(join(tmpdir(), 'product-pool-'))
let made = 0

/** One product, its teardowns run last first on close (as a tap test's would). */
async function make (): Promise<Held> {
  const id = String(++made)
  const captchaFile = join(captchaDir, `${id}.captchas`)
  writeFileSync(captchaFile, '')
  const teardowns: Array<() => unknown> = []
  const product = await buildProduct({ teardown: (fn) => teardowns.push(fn) }, { captchaAnswerSink: (xToken, answer) => appendFileSync(captchaFile, `${xToken}\t${answer}\n`) })
  return {
    lease: { id, serviceUrl: product.serviceUrl, gameApiUrl: product.gameApiUrl, captchaFile },
    close: async () => { for (const fn of teardowns.reverse()) await fn() }
  }
}

const ready: Array<Promise<Held>> = []
const leased = new Map<string, Held>()
const closing = new Set<Promise<void>>()
const refill = () => {
  while (ready.length < keepReady) {
    const next = make()
    next.catch(() => {}) // a failed start is answered to the file that leases it
    ready.push(next)
  }
}

const server = createServer((request, response) => {
  const answer = (status: number, body: unknown) => { response.writeHead(status, { 'content-type': 'application/json' }); response.end(JSON.stringify(body)) }
  const release = /^\/release\/(\d+)$/.exec(request.url ?? '')
  if (request.method === 'POST' && request.url === '/lease') {
    const next = ready.shift() ?? make()
    refill()
    next.then((held) => { leased.set(held.lease.id, held); answer(200, held.lease) }, (error: Error) => answer(500, { message: error.stack ?? error.message }))
  } else if (request.method === 'POST' && release) {
    // Closed after the answer: the file that released it ends without waiting for its databases to be dropped.
    const held = leased.get(release[1]!)
    answer(held ? 200 : 404, {})
    if (held) {
      leased.delete(held.lease.id)
      const closed = held.close().catch((error: Error) => console.error(`closing product ${held.lease.id}: ${error.message}`))
      closing.add(closed)
      closed.finally(() => closing.delete(closed)).catch(() => {})
    }
  } else {
    answer(404, { message: `${request.method} ${request.url}: the pool answers POST /lease and POST /release/<id>` })
  }
})

// On SIGTERM (the tier ended): close every product, leased or ready, so their database copies are dropped.
process.on('SIGTERM', () => {
  server.close()
  const all = [...closing, ...[...leased.values()].map((held) => held.close()), ...ready.map((next) => next.then((held) => held.close()))]
  Promise.allSettled(all).finally(() => { rmSync(captchaDir, { recursive: true, force: true }); process.exit(0) }).catch(() => {})
})

server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('the pool has no port')
  refill()
  writeFileSync(addressFile, `http://127.0.0.1:${address.port}`)
})
