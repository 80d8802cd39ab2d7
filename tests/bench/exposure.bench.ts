// Live exposure (issue #16), measured in the same run on the same database:
//   1. scale: GET 4d/exposure and GET 4d/reportFull (game API over HTTP, as admin and ag1) for a draw of LARGE bets against
//      one of SMALL bets (peers: two draws of one database); goal LARGE / SMALL <= 1.5, and each under 50 ms on PostgreSQL;
//   2. latency: ag1's Live Exposure page (OutSet granted through the API) open in Chromium while mem1's bets arrive through
//      the game API at RATE a second; from a bet accepted to the page's Intake total counting it; goal p95 < 1 s.
// PGlite in a fresh data dir (SMALL and LARGE a tenth: a million bets in one process's memory is not what PGlite is for),
// then PostgreSQL (own schemas, dropped after) when it answers.
// Run: npm run bench -- exposure   (BENCH_SMALL, BENCH_LARGE, BENCH_REPS, BENCH_RATE, BENCH_SECONDS, BENCH_SKIP_PGLITE=1; needs npm run build:client first)
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import type { DbOptions } from '../../server/shared/db.ts'
import { generateBets } from '../../server/scripts/generate-bets.ts'
import { ensureUpcomingDraws } from '../../server/game-api/draws/store/draws.ts'
import { onPostgres, startBenchProduct } from './lib/product.ts'

const SMALL = Number(process.env.BENCH_SMALL ?? 100_000)
const LARGE = Number(process.env.BENCH_LARGE ?? 1_000_000)
const REPS = Number(process.env.BENCH_REPS ?? 9)
const RATE = Number(process.env.BENCH_RATE ?? 200)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!
const ms = (x: number) => `${x.toFixed(1)} ms`
let ok = true

async function timed<T> (fn: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now()
  const value = await fn()
  return [performance.now() - started, value]
}

/** The envelope's data of a game API answer, failing loudly on anything but 200. */
async function dataOf (res: Response, what: string): Promise<any> {
  const text = await res.text()
  if (res.status !== 200) throw new Error(`${what}: HTTP ${res.status} ${text.slice(0, 300)}`)
  return (JSON.parse(text) as { data: unknown }).data
}

async function measure (label: string, gameOn: DbOptions, storeOn: { url: string, schema: string } | undefined, small: number, large: number) {
  const product = await startBenchProduct({}, storeOn, gameOn)
  try {
    await ensureUpcomingDraws(product.gameDb, '4D', new Date())
    const tokens = { admin: await product.gameToken('admin'), ag1: await product.gameToken('ag1') }
    // The larger draw is the one the page shows by default (the next to close, of any series); the smaller another open one.
    const largeDraw = Number((await dataOf(await fetch(`${product.gameApiUrl}/api/v1/4d/exposure?LocId=SG`, { headers: { authorization: `Bearer ${tokens.admin}` } }), 'exposure')).DrawId)
    const { rows: [other] } = await product.gameDb.query<{ draw_id: number }>("SELECT draw_id FROM draws WHERE game = '4D' AND close_at > now() AND draw_id <> $1 ORDER BY close_at LIMIT 1", [largeDraw])
    if (!other) throw new Error(`${label}: a second open 4D draw is needed`)
    const smallDraw = Number(other.draw_id)
    const gSmall = await generateBets(product.gameDb, { count: small, drawId: smallDraw, seed: 16 })
    const gLarge = await generateBets(product.gameDb, { count: large, drawId: largeDraw, seed: 17 })
    console.log(`${label}: generated ${small} bets on draw ${smallDraw} (${Math.round(small / gSmall.seconds)} bets/s) and ${large} on draw ${largeDraw} (${Math.round(large / gLarge.seconds)} bets/s), aggregates kept in the same transactions`)

    // Once more on a failed fetch: writing the bets takes longer than the server keeps an idle connection, and the pool may hand out the closed one.
    const get = (url: string, init: RequestInit) => fetch(url, init).catch((error: unknown) => { if (error instanceof TypeError) return fetch(url, init); throw error })
    const call = (who: 'admin' | 'ag1', path: string) => async () => dataOf(await get(`${product.gameApiUrl}/api/v1/4d/${path}&LocId=SG`, { headers: { authorization: `Bearer ${tokens[who]}` } }), path)
    const ways = {
      exposureSmall: call('admin', `exposure?DrawId=${smallDraw}`),
      exposureLarge: call('admin', `exposure?DrawId=${largeDraw}`),
      fullSmall: call('ag1', `reportFull?DrawId=${smallDraw}`),
      fullLarge: call('ag1', `reportFull?DrawId=${largeDraw}`)
    }
    // Warm-up, and the figures must be of the bets generated, else the timings compare different work.
    for (const [name, way] of Object.entries(ways)) {
      const answer = await way()
      const bets = name.startsWith('full') ? answer.totals.Bets : answer.Count
      if (!(bets > 0)) throw new Error(`${label}: ${name} answers nothing`)
    }
    const times: Record<keyof typeof ways, number[]> = { exposureSmall: [], exposureLarge: [], fullSmall: [], fullLarge: [] }
    for (let i = 0; i < REPS; i++) for (const name of Object.keys(ways) as Array<keyof typeof ways>) times[name].push((await timed(ways[name]))[0])
    const paired = (a: number[], b: number[]) => median(a.map((x, i) => x / b[i]!))
    for (const what of ['exposure', 'full'] as const) {
      const [s, l] = [times[`${what}Small`], times[`${what}Large`]]
      const ratio = paired(l, s)
      const name = what === 'exposure' ? 'exposure (admin)' : 'Full report (ag1)'
      console.log(`${label}: ${name}: ${large} bets ${ms(median(l))}, ${small} bets ${ms(median(s))}; ratio ${ratio.toFixed(2)} (goal <= 1.5), medians of ${REPS} interleaved repetitions`)
      if (ratio > 1.5) ok = false
      if (label === 'PostgreSQL' && median(l) >= 50) { console.log(`${label}: ${name} above 50 ms`); ok = false }
    }
    await latency(label, product, largeDraw)
  } finally {
    await product.close()
  }
}

/** Bets through the game API at RATE a second while the page is open; the time from each answer to the page's Intake total counting it. */
async function latency (label: string, product: Awaited<ReturnType<typeof startBenchProduct>>, drawId: number) {
  const mem1 = await product.gameToken('mem1')
  const ag1 = await product.gameToken('ag1')
  const count = RATE * SECONDS
  // mem1 needs the credit for every bet: raised by its parent through the API, as an operator would.
  await dataOf(await fetch(`${product.gameApiUrl}/api/v1/4d/players/credit`, { method: 'PUT', headers: { authorization: `Bearer ${ag1}`, 'content-type': 'application/json' }, body: JSON.stringify({ UserId: 'mem1', Credit: 5000 + count, LocId: 'SG' }) }), 'players/credit')
  const admin = await product.gameToken('admin')
  // ag1 watches: every $1 mem1 bets reaches ag1 whole (members keep nothing), so its Intake total moves by the bet, whatever the split.
  await dataOf(await fetch(`${product.gameApiUrl}/api/v1/4d/permissions`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: JSON.stringify({ UserId: 'ag1', Attribute: 'OutSet', LocId: 'SG' }) }), 'permissions')
  const viewer = await product.gameToken('ag1')
  const totalIntake = async () => (await dataOf(await fetch(`${product.gameApiUrl}/api/v1/4d/exposure?DrawId=${drawId}&LocId=SG`, { headers: { authorization: `Bearer ${viewer}` } }), 'exposure')).Totals.Intake as number
  const bet = (n: number) => fetch(`${product.gameApiUrl}/api/v1/4d/bet`, { method: 'POST', headers: { authorization: `Bearer ${mem1}`, 'content-type': 'application/json' }, body: JSON.stringify({ DrawIds: [drawId], Lines: [{ Number: String(n).padStart(4, '0'), Big: 1 }], LocId: 'SG' }) })

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] })
  try {
    const { cookie } = await product.signIn('ag1')
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    await context.addCookies(cookie.split('; ').map((c) => { const at = c.indexOf('='); return { name: c.slice(0, at), value: c.slice(at + 1), url: product.serviceUrl } }))
    const page = await context.newPage()
    // The page's reads of the exposure while the bets arrive (each answers every bet accepted before it).
    const reads: number[] = []
    page.on('requestfinished', (request) => { if (/\/api\/v1\/4d\/exposure(\?|$)/.test(request.url())) reads.push(Date.now()) })
    await page.goto(`${product.serviceUrl}/outset/exposure?LocId=SG`)
    const footer = page.locator('[data-widget-id=exposure] tfoot td[data-sum=Intake]')
    await footer.waitFor({ timeout: 30_000 }).catch(async (error: Error) => {
      throw new Error(`${label}: the exposure table did not show (${page.url()}): ${(await page.locator('main, article').first().innerText()).slice(0, 800)}`, { cause: error })
    })
    // Every value the footer shows, with the wall-clock time it appeared (the same clock the driver reads).
    await page.evaluate(() => {
      const seen: Array<[number, number]> = [];
      (window as unknown as { intakeSeen: typeof seen }).intakeSeen = seen
      new MutationObserver(() => {
        const now = Date.now()
        for (const td of document.querySelectorAll('[data-widget-id=exposure] tfoot td[data-sum=Intake]')) seen.push([now, Number((td.textContent ?? '').replace(/,/g, ''))])
        // The whole page: the table may be drawn anew on a read.
      }).observe(document.body, { subtree: true, childList: true, characterData: true })
    })
    // One calibration bet measures the step each bet adds to the total (its $1).
    const base = await totalIntake()
    if ((await bet(9000)).status !== 200) throw new Error('the calibration bet was refused')
    const step = Math.round(((await totalIntake()) - base) * 100) / 100
    const start = base + step
    const accepted: number[] = []
    const began = Date.now()
    const sent: Array<Promise<void>> = []
    for (let i = 0; i < count; i++) {
      // Paced at RATE a second from the start, not after the previous answer: bets overlap as real traffic does.
      const due = began + (i * 1000) / RATE
      const wait = due - Date.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      sent.push(bet(i).then(async (res) => {
        if (res.status !== 200) throw new Error(`bet ${i}: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`)
        accepted.push(Date.now())
      }))
    }
    await Promise.all(sent)
    const expectedEnd = Math.round((start + count * step) * 100) / 100
    await page.waitForFunction((end) => (window as unknown as { intakeSeen: Array<[number, number]> }).intakeSeen.some(([, v]) => v >= end - 0.001), expectedEnd, { timeout: 60_000 })
    const seen = await page.evaluate(() => (window as unknown as { intakeSeen: Array<[number, number]> }).intakeSeen)
    // The k-th accepted bet (in answer order) shows once the total reaches start + k steps.
    accepted.sort((a, b) => a - b)
    const delays = accepted.map((at, k) => {
      const shown = seen.find(([, v]) => v >= start + (k + 1) * step - 0.001)
      return shown ? Math.max(0, shown[0] - at) : Number.POSITIVE_INFINITY
    })
    const p95 = quantile(delays, 0.95)
    console.log(`${label}: ${count} bets at ${RATE}/s through the game API; bet accepted → page's Intake total counts it: median ${ms(median(delays))}, p95 ${ms(p95)} (goal < 1000 ms), ${seen.length} footer changes, ${reads.length} reads of the exposure`)
    // The goal is PostgreSQL's: PGlite serves one statement at a time, so reads wait behind the bets.
    if (label === 'PostgreSQL' && !(p95 < 1000)) ok = false
  } finally {
    await browser.close()
  }
}

if (process.env.BENCH_SKIP_PGLITE !== '1') {
  const dir = await mkdtemp(join(tmpdir(), 'bench-exposure-'))
  try {
    await measure('PGlite', { dataDir: join(dir, 'game-api') }, undefined, Math.ceil(SMALL / 10), Math.ceil(LARGE / 10))
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
await onPostgres('exposure', (game, store) => measure('PostgreSQL', game, store, SMALL, LARGE))
process.exit(ok ? 0 : 1)
