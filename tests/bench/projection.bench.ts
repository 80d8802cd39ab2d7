// Columns enforced by the service: the Full Report GET of a draw with 100,000 bets through the service as ag2 (Rank 3:
// the intake columns are cut from every row and from the sums), with the column cut on against off, in the same run on
// the same product; the repetitions interleave on and off so a drifting load weighs on both alike.
// Then the 100,000-row report GET through the service, on and off (the reference report answers one row per direct
// downline, so a stand-in answers reportFull with 100,000 rows of its shape): with a game API that cuts the rows itself
// when asked, and with one that does not, so the service cuts the stream; and the cut alone, against JSON.parse.
// PGlite in a fresh data dir, then PostgreSQL (own schemas, dropped after) when it answers.
// Run: npm run bench -- projection   (BENCH_BETS, BENCH_REPS to change the defaults)
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DbOptions } from '../../server/shared/db.ts'
import { generateBets } from '../../server/scripts/generate-bets.ts'
import { createServer, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createProjector } from '../../server/src/proxy/json-cutter.ts'
import { decodeFieldSelection, FIELDS_APPLIED_HEADER, FIELDS_HEADER, selectFields } from '../../server/shared/field-selection.ts'
import { buildService } from '../helpers/build.ts'
import { onPostgres, startBenchProduct } from './lib/product.ts'

const BETS = Number(process.env.BENCH_BETS ?? 100_000)
const REPS = Number(process.env.BENCH_REPS ?? 9)
const USER = 'ag2'
const INTAKE = ['Intake', 'IntakeStrike', 'IntakeNet']

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const ms = (x: number) => `${x.toFixed(1)} ms`

async function timed<T> (fn: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now()
  const value = await fn()
  return [performance.now() - started, value]
}

type Report = { rows: Array<Record<string, unknown>>, totals: Record<string, number>, count: number }

async function measure (label: string, gameOn: DbOptions, storeOn?: { url: string, schema: string }) {
  const product = await startBenchProduct({}, storeOn, gameOn)
  try {
    const generated = await generateBets(product.gameDb, { count: BETS, seed: 4242 })
    console.log(`${label}: generated ${generated.bets} bets on draw ${generated.drawId} in ${generated.seconds.toFixed(1)} s`)
    const { cookie } = await product.signIn(USER)
    const get = async (): Promise<Report> => {
      const res = await fetch(`${product.serviceUrl}/api/v1/4d/reportFull?DrawId=${generated.drawId}&VW=RPTFULL`, { headers: { cookie, 'x-no-cache': '1' } })
      const text = await res.text()
      if (res.status !== 200) throw new Error(`${label}: HTTP ${res.status} ${text.slice(0, 300)}`)
      return (JSON.parse(text) as { data: Report }).data
    }
    const switched = (on: boolean) => async () => { product.service.columnProjection.enabled = on; return get() }
    const ways = { on: switched(true), off: switched(false) }
    // Warm-up, and the two must differ exactly by the cut fields, else the timings compare different work.
    const [on, off] = [await ways.on(), await ways.off()]
    if (on.rows.some((r) => INTAKE.some((f) => f in r)) || off.rows.some((r) => !INTAKE.every((f) => f in r))) throw new Error(`${label}: the cut did not take the intake fields out (or the game API did)`)
    const strip = (r: Record<string, unknown>) => Object.fromEntries(Object.entries(r).filter(([k]) => on.rows[0] !== undefined && k in on.rows[0]))
    if (JSON.stringify(off.rows.map(strip)) !== JSON.stringify(on.rows)) throw new Error(`${label}: the cut answer differs from the whole one beyond the cut fields`)
    if ((on.totals.Bets ?? 0) <= 0) throw new Error(`${label}: ${USER}'s report counts no bets`)

    const times = { on: [] as number[], off: [] as number[] }
    for (let i = 0; i < REPS; i++) {
      const order = i % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)
      for (const way of order) times[way].push((await timed(ways[way]))[0])
    }
    product.service.columnProjection.enabled = true
    const paired = median(times.off.map((x, i) => x / times.on[i]!))
    console.log(`${label}: full report of ${USER} for draw ${generated.drawId} (${on.totals.Bets} of the ${BETS} bets in ${USER}'s group, ${on.rows.length} rows), medians of ${REPS} interleaved repetitions:`)
    console.log(`${label}:   column cut off  ${ms(median(times.off))}  (spread ${ms(Math.min(...times.off))}-${ms(Math.max(...times.off))})`)
    console.log(`${label}:   column cut on   ${ms(median(times.on))}  (spread ${ms(Math.min(...times.on))}-${ms(Math.max(...times.on))})`)
    console.log(`${label}:   ratio off / on ${paired.toFixed(2)} (median of per-repetition ratios; goal >= 0.90)`)
  } finally {
    await product.close()
  }
}

const ROWS = 100_000
type BigReport = { success: true, data: { rows: Array<Record<string, unknown>>, totals: Record<string, number>, count: number } }
/** The Full Report's answer with ROWS rows, as the game API would hold it before writing it. */
function bigReport (): BigReport {
  const rows = Array.from({ length: ROWS }, (_, i) => ({ UserId: `u${i}`, UserName: `user ${i}`, Role: i % 5 === 0 ? 'AG' : 'MEM', Tickets: i % 17, Bets: i % 31, Stake: i * 1.25, Commission: i * 0.05, Strike: i % 7, Net: i * 1.2, Intake: i * 0.3, IntakeStrike: i % 3, IntakeNet: i * 0.29, MyIntake: 0, MyIntakeStrike: 0, MyOut: i * 0.1, MyOutStrike: 0, MyCommission: i * 0.01 }))
  return { success: true, data: { rows, totals: {}, count: ROWS } }
}

/**
 * The 100,000-row report GET through a service, cut on and off. The game API is the reference one behind a stand-in that
 * answers reportFull with the big report, written per request as any game API writes its answers: one that cuts the
 * rows itself when the service names their fields (as the reference game API does, with the same module), or one that
 * does not know the field header, so the service cuts the bytes as they stream.
 */
async function bigThroughService (report: BigReport, gameApiCuts: boolean) {
  const label = gameApiCuts ? '100,000 rows, game API cuts' : '100,000 rows, service cuts'
  const product = await startBenchProduct()
  const opened: Array<() => unknown> = []
  const relay = createServer((req, res) => {
    if (req.method === 'GET' && (req.url ?? '').startsWith('/api/v1/4d/reportFull')) {
      const asked = req.headers[FIELDS_HEADER]
      const selection = gameApiCuts && typeof asked === 'string' ? decodeFieldSelection(asked) : undefined
      const body = Buffer.from(JSON.stringify(selection ? selectFields(report, selection) : report))
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length, ...(selection ? { [FIELDS_APPLIED_HEADER]: asked } : {}) })
      res.end(body)
      return
    }
    const up = httpRequest(`${product.gameApiUrl}${req.url ?? '/'}`, { method: req.method, headers: req.headers }, (answer) => { res.writeHead(answer.statusCode ?? 502, answer.headers); answer.pipe(res) })
    up.on('error', () => res.destroy())
    req.pipe(up)
  })
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
  try {
    const { service, serviceUrl } = await buildService({ teardown: (fn) => { opened.push(fn) } }, { kind: 'pglite', gameApiUrl: `http://127.0.0.1:${(relay.address() as AddressInfo).port}` })
    const login = await fetch(`${serviceUrl}/ui/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ UserId: USER, Password: 'Demo#1234', Lang: 'en' }) })
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
    const get = (on: boolean) => async () => {
      service.columnProjection.enabled = on
      const res = await fetch(`${serviceUrl}/api/v1/4d/reportFull?VW=RPTFULL`, { headers: { cookie, 'x-no-cache': '1' } })
      const bytes = Buffer.from(await res.arrayBuffer())
      if (res.status !== 200) throw new Error(`${label}: HTTP ${res.status} ${bytes.toString().slice(0, 300)}`)
      return bytes
    }
    const [on, off] = [await get(true)(), await get(false)()]
    const cut = (JSON.parse(on.toString()) as BigReport).data.rows
    const whole = (JSON.parse(off.toString()) as BigReport).data.rows
    if (cut.length !== ROWS || cut.some((r) => INTAKE.some((f) => f in r)) || whole.some((r) => !INTAKE.every((f) => f in r))) throw new Error(`${label}: the cut did not take the intake fields out of every row`)
    const times = { on: [] as number[], off: [] as number[] }
    for (let i = 0; i < REPS; i++) {
      const order = i % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)
      for (const way of order) times[way].push((await timed(get(way === 'on')))[0])
    }
    const paired = median(times.off.map((x, i) => x / times.on[i]!))
    console.log(`${label}: the report GET through the service as ${USER} (${(off.length / 1e6).toFixed(1)} MB whole, ${(on.length / 1e6).toFixed(1)} MB cut), medians of ${REPS} interleaved repetitions:`)
    console.log(`${label}:   column cut off  ${ms(median(times.off))}  (spread ${ms(Math.min(...times.off))}-${ms(Math.max(...times.off))})`)
    console.log(`${label}:   column cut on   ${ms(median(times.on))}  (spread ${ms(Math.min(...times.on))}-${ms(Math.max(...times.on))})`)
    console.log(`${label}:   ratio off / on ${paired.toFixed(2)} (median of per-repetition ratios; goal >= 0.90)`)
  } finally {
    for (const close of opened.reverse()) await close()
    await new Promise((resolve) => relay.close(resolve))
    await product.close()
  }
}

/** The cut alone on the 100,000-row answer, against JSON.parse of the same bytes. */
function cutThroughput (body: Buffer) {
  const keep = new Set(['UserId', 'UserName', 'Role', 'Tickets', 'Bets', 'Stake', 'Commission', 'Strike', 'Net', 'MyOut', 'MyOutStrike', 'MyCommission'])
  const chunk = 64 * 1024
  const cut = () => {
    const projector = createProjector([{ path: ['data', 'rows', '*'], keep }, { path: ['data', 'totals'], keep }])
    let out = 0
    for (let i = 0; i < body.length; i += chunk) out += projector.push(body.subarray(i, i + chunk)).length
    projector.end()
    return out
  }
  const parse = () => JSON.parse(body.toString('utf8')) as unknown
  cut(); parse()
  const times = { cut: [] as number[], parse: [] as number[] }
  let outBytes = 0
  for (let i = 0; i < 7; i++) {
    let started = performance.now(); outBytes = cut(); times.cut.push(performance.now() - started)
    started = performance.now(); parse(); times.parse.push(performance.now() - started)
  }
  const [c, p] = [median(times.cut), median(times.parse)]
  console.log(`cut alone: ${ROWS} rows, ${(body.length / 1e6).toFixed(1)} MB in 64 KiB chunks -> ${(outBytes / 1e6).toFixed(1)} MB: ${ms(c)} (${(body.length / 1e6 / (c / 1000)).toFixed(0)} MB/s); JSON.parse of the same bytes (what the browser does with them anyway): ${ms(p)}; cut / parse ${(c / p).toFixed(2)}`)
}

const dir = await mkdtemp(join(tmpdir(), 'bench-projection-'))
try {
  await measure('PGlite', { dataDir: join(dir, 'game-api') })
} finally {
  await rm(dir, { recursive: true, force: true })
}
await onPostgres('projection', (game, store) => measure('PostgreSQL', game, store))
const big = bigReport()
await bigThroughService(big, true)
await bigThroughService(big, false)
cutThroughput(Buffer.from(JSON.stringify(big)))
process.exit(0)
