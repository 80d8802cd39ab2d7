// Finalising a draw of N bets against one set-based SQL statement that computes the same payouts, in the same run:
//   1. finaliseDraw (the finalise job's work): every open bet settled a batch of 2,000 per transaction (the winners' strikes,
//      payouts and each level's part written), then the rest marked lost in one UPDATE and the money booked to draw_ledger in one INSERT … SELECT;
//   2. one SELECT computing every bet's payout from the result and the rate each bet was sold at (bets.pay_rate).
// Both must agree on the winning bets and the total payout. Prints the ratio (issue 15 asks for at most 2) and the peak
// heap and RSS growth during finalising (flat: the draw is never held in a JavaScript array).
// PGlite (200,000 bets by default), then PostgreSQL (1,000,000) when it answers; reset between repetitions.
// Run: npm run bench -- finalise   (BENCH_BETS_PGLITE, BENCH_BETS_PG, BENCH_REPS to change the defaults)
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { openDb, type Db, type DbOptions } from '../../server/shared/db.ts'
import { migrate } from '../../server/shared/migrate.ts'
import { seedDemoData } from '../../server/game-api/seed/seed.ts'
import { generateBets } from '../../server/scripts/generate-bets.ts'
import { finaliseDraw } from '../../server/game-api/draws/store/finalise.ts'
import { resetDraw } from '../../server/game-api/draws/store/reset.ts'
import { onPostgres } from './lib/product.ts'

const REPS = Number(process.env.BENCH_REPS ?? 3)
const RESULT = {
  first: '1234',
  second: '5678',
  third: '9012',
  starters: ['0001', '0002', '0003', '0004', '0005', '0006', '0007', '0008', '0009', '0010'],
  consolations: ['1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '1009', '1010']
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

// Every bet's payout in one statement: the 23 prize numbers joined to the numbers each bet plays (roll: same first three digits;
// iBet and kBet: same digits in any order), each strike rounded to cents at the bet's own rate, summed per bet.
const SET_BASED = `
  WITH r AS (
    SELECT x.number, x.tier, (SELECT string_agg(c, '' ORDER BY c) FROM unnest(string_to_array(x.number, NULL)) c) AS sorted
    FROM jsonb_each_text(jsonb_build_object('first', $2::jsonb->>'first', 'second', $2::jsonb->>'second', 'third', $2::jsonb->>'third')) AS x (tier, number)
    UNION ALL SELECT n, 'starter', (SELECT string_agg(c, '' ORDER BY c) FROM unnest(string_to_array(n, NULL)) c) FROM jsonb_array_elements_text($2::jsonb->'starters') n
    UNION ALL SELECT n, 'consolation', (SELECT string_agg(c, '' ORDER BY c) FROM unnest(string_to_array(n, NULL)) c) FROM jsonb_array_elements_text($2::jsonb->'consolations') n),
  b AS (
    SELECT bet_id, number, form, big, small, pay_rate, (SELECT string_agg(c, '' ORDER BY c) FROM unnest(string_to_array(number, NULL)) c) AS sorted
    FROM bets WHERE draw_id = $1 AND status <> 'void'),
  won AS (
    SELECT b.bet_id, sum(round(b.big * (b.pay_rate->'big'->>r.tier)::numeric + b.small * COALESCE((b.pay_rate->'small'->>r.tier)::numeric, 0), 2)) AS payout
    FROM b JOIN r ON CASE b.form WHEN 'straight' THEN b.number = r.number WHEN 'roll' THEN left(b.number, 3) = left(r.number, 3) ELSE b.sorted = r.sorted END
    GROUP BY b.bet_id)
  SELECT count(*) FILTER (WHERE payout > 0)::int AS winners, COALESCE(sum(payout), 0)::float8 AS payout FROM won`

/** Milliseconds taken by fn, and its answer. */
async function timed<T> (fn: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now()
  const value = await fn()
  return [performance.now() - started, value]
}

/** Runs fn sampling the heap and RSS every 20 ms; answers its value and the peak growth of each over the start. */
async function peakMemory<T> (fn: () => Promise<T>): Promise<[T, { heap: number, rss: number }]> {
  globalThis.gc?.()
  const start = process.memoryUsage()
  const peak = { heap: 0, rss: 0 }
  const sample = () => {
    const m = process.memoryUsage()
    peak.heap = Math.max(peak.heap, m.heapUsed - start.heapUsed)
    peak.rss = Math.max(peak.rss, m.rss - start.rss)
  }
  const timer = setInterval(sample, 20)
  try {
    const value = await fn()
    sample()
    return [value, peak]
  } finally {
    clearInterval(timer)
  }
}

async function measure (label: string, options: DbOptions, count: number): Promise<void> {
  const db: Db = await openDb(options)
  try {
    await migrate(db, fileURLToPath(new URL('../../server/game-api/migrations', import.meta.url)))
    const now = new Date()
    await seedDemoData(db, now)
    const generated = await generateBets(db, { count, seed: 4242, now })
    const drawId = generated.drawId
    // The draw closes a minute ago and takes the result, as an operator would after the close.
    await db.query("UPDATE draws SET close_at = now() - interval '1 minute', result = $2 WHERE draw_id = $1", [drawId, JSON.stringify(RESULT)])
    const { rows: [{ n } = { n: 0 }] } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM bets WHERE draw_id = $1 AND status <> 'void'", [drawId])
    console.log(`${label}: ${n} bets on draw ${drawId} (generated in ${generated.seconds.toFixed(1)} s); medians of ${REPS} repetitions, reset between them`)

    const times = { finalise: [] as number[], sql: [] as number[] }
    let peak = { heap: 0, rss: 0 }
    for (let i = 0; i < REPS; i++) {
      // A draw is finalised once: each repetition starts from tables as fresh as the first's, not from the dead rows of the last reset.
      await db.query('VACUUM ANALYZE bets, bet_levels, strikes, draw_ledger')
      let batches = 0
      const [[finaliseMs, summary], memory] = await peakMemory(() => timed(() => finaliseDraw(db, drawId, new Date(), async () => { batches++ })))
      const [sqlMs, { rows: [set] }] = await timed(() => db.query<{ winners: number, payout: number }>(SET_BASED, [drawId, JSON.stringify(RESULT)]))
      if (set?.winners !== summary.Winners || Math.round((set?.payout ?? 0) * 100) !== Math.round(summary.Payout * 100)) {
        throw new Error(`${label}: the finaliser and the SQL disagree: ${summary.Winners} winners paying ${summary.Payout} against ${set?.winners} paying ${set?.payout}`)
      }
      times.finalise.push(finaliseMs)
      times.sql.push(sqlMs)
      peak = { heap: Math.max(peak.heap, memory.heap), rss: Math.max(peak.rss, memory.rss) }
      if (i === 0) console.log(`${label}:   ${summary.Winners} winning bets paying ${summary.Payout.toFixed(2)}, ${summary.Strikes} strikes, ${batches} progress reports; the SQL agrees`)
      await db.transaction((tx) => resetDraw(tx, '4D', drawId, false, new Date()))
    }
    const [f, s] = [median(times.finalise), median(times.sql)]
    console.log(`${label}:   finalising (settle, write, book)   ${f.toFixed(0)} ms  (${Math.round(n / (f / 1000))} bets/s; spread ${Math.min(...times.finalise).toFixed(0)}-${Math.max(...times.finalise).toFixed(0)})`)
    console.log(`${label}:   one set-based SQL statement        ${s.toFixed(0)} ms  (spread ${Math.min(...times.sql).toFixed(0)}-${Math.max(...times.sql).toFixed(0)})`)
    console.log(`${label}:   ratio finalise / SQL ${median(times.finalise.map((x, i) => x / times.sql[i]!)).toFixed(2)} (median of per-repetition ratios; the finaliser also writes what the SQL only computes)`)
    console.log(`${label}:   peak growth while finalising: heap ${mb(peak.heap)}, RSS ${mb(peak.rss)} (${options.url ? 'the database is another process' : 'PGlite runs in this process: its WASM memory is in RSS'})`)
  } finally {
    await db.close()
  }
}

const dir = await mkdtemp(join(tmpdir(), 'bench-finalise-'))
try {
  await measure('PGlite', { dataDir: join(dir, 'game-api') }, Number(process.env.BENCH_BETS_PGLITE ?? 200_000))
} finally {
  await rm(dir, { recursive: true, force: true })
}
await onPostgres('finalise', (game) => measure('PostgreSQL', { url: game.url, schema: game.schema }, Number(process.env.BENCH_BETS_PG ?? 1_000_000)))
process.exit(0)
