// A downline of 20,000 agents under ag1, measured in the same run on the same database:
//   1. agents/directDownLine and agents/search through the service (as ag1, x-no-cache) against the same SQL run directly
//      (directDownline and searchDownline of accounts/store.ts: the list's route sends directDownlineJson's text as it is,
//      directDownline is that same statement's text parsed); goal SQL / service >= 0.8;
//   2. the Agents page in Chromium: from navigation until the 20,000-row table is drawn and the main thread is free (the next
//      frame, then the next task: the table benchmark's "interactive"); goal < 1 s.
// PGlite in a fresh data dir, then PostgreSQL (own schemas, dropped after) when it answers.
// Run: npm run bench -- downline   (BENCH_USERS, BENCH_REPS to change the defaults; needs npm run build:client first)
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import type { DbOptions } from '../../server/shared/db.ts'
import { directDownline, searchDownline } from '../../server/game-api/accounts/store/accounts.ts'
import { onPostgres, startBenchProduct } from './lib/product.ts'

const USERS = Number(process.env.BENCH_USERS ?? 20_000)
const REPS = Number(process.env.BENCH_REPS ?? 9)
const ROOT = 'ag1'
const SEARCH = 'dl1'

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const ms = (x: number) => `${x.toFixed(1)} ms`

async function timed<T> (fn: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now()
  const value = await fn()
  return [performance.now() - started, value]
}

async function rowsOf (res: Response, what: string): Promise<unknown[]> {
  const text = await res.text()
  if (res.status !== 200) throw new Error(`${what}: HTTP ${res.status} ${text.slice(0, 300)}`)
  return (JSON.parse(text) as { data: unknown[] }).data
}

let ok = true

async function measure (label: string, gameOn: DbOptions, storeOn?: { url: string, schema: string }) {
  const product = await startBenchProduct({}, storeOn, gameOn)
  try {
    // The downline, written set-based (one statement): agents dl00001… under ag1 with ag1's locations.
    const [seedMs] = await timed(async () => {
      await product.gameDb.query(
        `INSERT INTO users (user_id, login_id, parent_id, role, alias_id, rank, credit, credit_left, password_hash, terms_accepted, created_at)
         SELECT 'dl' || lpad(i::text, 5, '0'), 'dl' || lpad(i::text, 5, '0'), $1, 'AG', 'Agent ' || i, 2, 10, 10, (SELECT password_hash FROM users WHERE user_id = $1), true, now()
         FROM generate_series(1, $2::int) AS i`, [ROOT, USERS])
      await product.gameDb.query(`INSERT INTO user_locations (user_id, loc_id, position) SELECT u.user_id, l.loc_id, l.position FROM users u CROSS JOIN user_locations l
         WHERE u.parent_id = $1 AND u.user_id LIKE 'dl%' AND l.user_id = $1`, [ROOT])
      await product.gameDb.query('ANALYZE')
    })
    console.log(`${label}: ${USERS} agents under ${ROOT} written in ${(seedMs / 1000).toFixed(1)} s`)
    const { cookie } = await product.signIn(ROOT)
    const get = async (path: string) => rowsOf(await fetch(`${product.serviceUrl}/api/v1/4d/${path}`, { headers: { cookie, 'x-no-cache': '1' } }), path)
    const pairs = {
      list: { sql: () => directDownline(product.gameDb, ROOT, 'AG'), service: () => get('agents/directDownLine') },
      search: { sql: () => searchDownline(product.gameDb, ROOT, 'AG', SEARCH), service: () => get(`agents/search?txtSearch=${SEARCH}`) }
    }
    for (const [name, pair] of Object.entries(pairs)) {
      // Warm-up, and both sides must answer the same rows, else the timings compare different work.
      const [a, b] = [await pair.sql(), await pair.service()]
      if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`${label} ${name}: the SQL and the service answer different rows (${a.length} / ${b.length})`)
      const times = { sql: [] as number[], service: [] as number[] }
      for (let i = 0; i < REPS; i++) {
        times.sql.push((await timed(pair.sql))[0])
        times.service.push((await timed(pair.service))[0])
      }
      // Ratios of back-to-back repetitions, so drifting load affects both sides alike.
      const ratio = median(times.sql.map((s, i) => s / times.service[i]!))
      console.log(`${label}: ${name} (${a.length} rows): SQL ${ms(median(times.sql))}, service ${ms(median(times.service))}; SQL / service ${ratio.toFixed(2)} (goal >= 0.8), medians of ${REPS}`)
      if (ratio < 0.8) ok = false
    }

    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] })
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      await context.addCookies(cookie.split('; ').map((c) => { const at = c.indexOf('='); return { name: c.slice(0, at), value: c.slice(at + 1), url: product.serviceUrl } }))
      const page = await context.newPage()
      const times: number[] = []
      for (let i = 0; i < 3; i++) {
        await page.goto(`${product.serviceUrl}/admin/agents?LocId=SG`)
        await page.locator('[data-widget-id=agents] tbody tr').filter({ hasText: 'dl00001' }).first().waitFor({ timeout: 60_000 })
        // Interactive: the main thread answers the next frame and task; measured from the navigation's start.
        times.push(await page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()))))))
      }
      const shown = await page.locator('[data-widget-id=agents] .rr-count').innerText().catch(() => '?')
      const best = median(times)
      console.log(`${label}: Agents page with ${USERS} rows (count shown: ${shown}) interactive ${ms(best)} after navigation (median of 3: ${times.map(ms).join(', ')}; goal < 1000 ms)`)
      if (best >= 1000) ok = false
    } finally {
      await browser.close()
    }
  } finally {
    await product.close()
  }
}

const dir = await mkdtemp(join(tmpdir(), 'bench-downline-'))
try {
  await measure('PGlite', { dataDir: join(dir, 'game-api') })
} finally {
  await rm(dir, { recursive: true, force: true })
}
await onPostgres('downline', (game, store) => measure('PostgreSQL', game, store))
console.log(ok ? 'downline bench: all goals met' : 'downline bench: a goal was missed')
process.exit(ok ? 0 : 1)
