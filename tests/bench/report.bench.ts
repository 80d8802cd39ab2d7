// The full report of a draw with 100,000 bets, measured three ways in the same run on the same fresh database:
//   1. its SQL run directly on the database, in process (reportFull(db, params)),
//   2. GET 4d/reportFull straight to the game API over HTTP (route, checks, JSON),
//   3. GET /api/v1/4d/reportFull through the service as ag1 with x-no-cache (gate, menu rules, proxy).
// The ratios to the direct SQL show what the game API's HTTP layer and the service add to the report.
// PGlite in a fresh data dir, then PostgreSQL (own schemas, dropped after) when it answers.
// Run: npm run bench -- report   (BENCH_BETS, BENCH_REPS to change the defaults)
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DbOptions } from '../../server/shared/db.ts'
import { generateBets } from '../../server/scripts/generate-bets.ts'
import { reportFull } from '../../server/game-api/reports/store/report-full.ts'
import { onPostgres, startBenchProduct } from './lib/product.ts'

const BETS = Number(process.env.BENCH_BETS ?? 100_000)
const REPS = Number(process.env.BENCH_REPS ?? 7)
const USER = 'ag1'

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const ms = (x: number) => `${x.toFixed(0)} ms`

/** Milliseconds taken by fn, and its answer. */
async function timed<T> (fn: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now()
  const value = await fn()
  return [performance.now() - started, value]
}

/** The report's data from an HTTP answer (the envelope's data), failing loudly on anything but 200. */
async function reportOf (res: Response, what: string): Promise<{ rows: unknown[], totals: Record<string, number> }> {
  const text = await res.text()
  if (res.status !== 200) throw new Error(`${what}: HTTP ${res.status} ${text.slice(0, 300)}`)
  return (JSON.parse(text) as { data: { rows: unknown[], totals: Record<string, number> } }).data
}

/** One product on one storage: generate the bets, then interleaved repetitions of the three ways. */
async function measure (label: string, gameOn: DbOptions, storeOn?: { url: string, schema: string }) {
  const [startMs, product] = await timed(() => startBenchProduct({}, storeOn, gameOn))
  try {
    const generated = await generateBets(product.gameDb, { count: BETS, seed: 4242 })
    console.log(`${label}: game API started (migrations, demo seed) in ${(startMs / 1000).toFixed(1)} s; generated ${generated.bets} bets on draw ${generated.drawId} in ${generated.seconds.toFixed(1)} s (${Math.round(generated.bets / generated.seconds)} bets/s, batches of 5,000, ANALYZE included)`)

    const { cookie } = await product.signIn(USER)
    const token = await product.gameToken(USER)
    const params = { userId: USER, game: '4D' as const, drawId: generated.drawId }
    const ways = {
      sql: () => reportFull(product.gameDb, params),
      gameApi: async () => reportOf(await fetch(`${product.gameApiUrl}/api/v1/4d/reportFull?DrawId=${generated.drawId}&LocId=SG`, { headers: { authorization: `Bearer ${token}` } }), 'game API'),
      service: async () => reportOf(await fetch(`${product.serviceUrl}/api/v1/4d/reportFull?DrawId=${generated.drawId}`, { headers: { cookie, 'x-no-cache': '1' } }), 'service')
    }
    // Warm-up (plans, JIT, connections), and the three must agree on the figures, else the timings compare different work.
    const answers = [await ways.sql(), await ways.gameApi(), await ways.service()]
    const bets = answers.map((a) => a.totals.Bets)
    if (new Set(bets).size !== 1 || JSON.stringify(answers[0]) !== JSON.stringify(answers[2])) throw new Error(`${label}: the three ways answer different reports (Bets ${bets.join(' / ')})`)
    if ((bets[0] ?? 0) < BETS) throw new Error(`${label}: the report counts ${bets[0]} bets, fewer than the ${BETS} generated`)

    const times = { sql: [] as number[], gameApi: [] as number[], service: [] as number[] }
    for (let i = 0; i < REPS; i++) {
      for (const way of ['sql', 'gameApi', 'service'] as const) times[way].push((await timed(ways[way]))[0])
    }
    const [sql, gameApi, service] = [median(times.sql), median(times.gameApi), median(times.service)]
    console.log(`${label}: full report of ${USER} for draw ${generated.drawId} (${bets[0]} bets, ${answers[0]?.rows.length} rows), medians of ${REPS} interleaved repetitions, one client:`)
    console.log(`${label}:   SQL directly on the database   ${ms(sql)}  (spread ${ms(Math.min(...times.sql))}-${ms(Math.max(...times.sql))})`)
    console.log(`${label}:   game API over HTTP              ${ms(gameApi)}  (spread ${ms(Math.min(...times.gameApi))}-${ms(Math.max(...times.gameApi))})`)
    console.log(`${label}:   through the service (no cache)  ${ms(service)}  (spread ${ms(Math.min(...times.service))}-${ms(Math.max(...times.service))})`)
    // Ratios of the same repetition's times (measured back to back), so a load that drifts over the run affects both sides alike.
    const paired = (a: number[], b: number[]) => median(a.map((x, i) => x / b[i]!))
    const [apiRatio, serviceRatio, shareRatio] = [paired(times.gameApi, times.sql), paired(times.service, times.sql), paired(times.service, times.gameApi)]
    console.log(`${label}:   ratio game API / SQL ${apiRatio.toFixed(2)}, service / SQL ${serviceRatio.toFixed(2)}, service / game API ${shareRatio.toFixed(2)} (medians of per-repetition ratios)`)
    console.log(`${label}:   the service's share of the report's time: ${(100 * (1 - 1 / shareRatio)).toFixed(1)} % (${ms(service - gameApi)} of the medians); the game API's HTTP layer: ${(100 * (apiRatio - 1) / serviceRatio).toFixed(1)} %; the SQL: ${(100 / serviceRatio).toFixed(1)} %`)
  } finally {
    await product.close()
  }
}

const dir = await mkdtemp(join(tmpdir(), 'bench-report-'))
try {
  await measure('PGlite', { dataDir: join(dir, 'game-api') })
} finally {
  await rm(dir, { recursive: true, force: true })
}

await onPostgres('report', (game, store) => measure('PostgreSQL', game, store))
process.exit(0)
