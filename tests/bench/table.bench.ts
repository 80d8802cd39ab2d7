// 100,000-row report table in headless Chromium: the virtualised table against the legacy progressive render
// (500 rows every 60 ms) in the same run, sorting, and scroll frame times. Run: npm run bench -- table
import { chromium, type Browser } from 'playwright-core'
import { harnessBuild, serveHarness } from '../e2e/renderers/harness-server.ts'
import '../e2e/renderers/harness-api.ts'

const ROWS = 100_000
const percentile = (values: number[], p: number) => { const s = [...values].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN }
const fmt = (ms: number) => `${ms.toFixed(1)} ms`
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage']
const launch = (extra: string[] = []) => chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...FLAGS, ...extra] })

const build = harnessBuild({ fresh: true })
const server = await serveHarness(build.dir)

async function harnessPage (browser: Browser) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  page.on('crash', () => console.error('the page crashed'))
  await page.goto(`${server.url}/renderer-harness.html`)
  await page.waitForFunction(() => document.body.dataset.harness === 'ready')
  await page.evaluate((n) => window.harness.prepareRows(n), ROWS)
  return page
}

let ok = false
// A normal (vsync-paced) browser for load and sort times; each render in its own page so one does not tax the other.
const browser = await launch()
// Frame-rate limit off for the scroll run, so requestAnimationFrame deltas measure each frame's work, not the 60 Hz vsync.
const uncapped = await launch(['--disable-frame-rate-limit', '--disable-gpu-vsync'])
try {
  const page = await harnessPage(browser)
  const virtual = await page.evaluate(() => window.harness.benchVirtual())
  const sorts = []
  for (const label of ['col.amount', 'col.userId', 'col.created']) sorts.push({ label, ...(await page.evaluate((l) => window.harness.benchSort(l), label)) })
  await page.close()

  const scrollPage = await harnessPage(uncapped)
  await scrollPage.evaluate(() => window.harness.benchVirtual())
  const deltas = await scrollPage.evaluate(() => window.harness.benchScroll(3000, 280))
  await scrollPage.close()

  const legacyPage = await harnessPage(browser)
  const legacy = await legacyPage.evaluate(() => window.harness.benchLegacy())
  await legacyPage.close()

  const ratio = virtual.ms / legacy.ms
  const p95 = percentile(deltas, 0.95)
  const worstSort = Math.max(...sorts.map((s) => s.ms))
  console.log(`rows: ${ROWS}`)
  console.log(`legacy progressive render (500 rows / 60 ms), all ${legacy.rows} rows reachable: ${fmt(legacy.ms)}`)
  console.log(`virtualised table interactive and scrollable: ${fmt(virtual.ms)} (scroll height ${virtual.scrollHeight} px, every row reachable: ${virtual.rowsReachable})`)
  console.log(`ratio virtualised / legacy: ${ratio.toFixed(4)} (goal <= 0.1); absolute ${fmt(virtual.ms)} (goal < 1000 ms)`)
  for (const s of sorts) console.log(`sort ${ROWS} rows by ${s.label}: ${fmt(s.ms)} (goal < 500 ms)`)
  console.log(`scroll: ${deltas.length} frames, median ${fmt(percentile(deltas, 0.5))}, p95 ${fmt(p95)} (goal < 16.7 ms)`)
  ok = virtual.rowsReachable && ratio <= 0.1 && virtual.ms < 1000 && worstSort < 500 && p95 < 16.7
  console.log(ok ? 'table bench: all goals met' : 'table bench: a goal was missed')
} finally {
  await browser.close()
  await uncapped.close()
  await server.close()
  build.cleanup()
}
process.exit(ok ? 0 : 1)
