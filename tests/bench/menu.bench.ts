// buildMenu for admin at SG (the largest menu) against serialising the menu it builds, which every GET /ui/session pays
// anyway, in the same run: building the menu must cost no more than sending it. Goal: ratio at most 1 (0.13 measured).
// Run: npm run bench -- menu   (BENCH_RUNS to change the default 20000 calls)
import { loadConfig } from '../../server/src/config/load.ts'
import { buildMenu } from '../../server/src/config/menu.ts'
import { ctxFor, SG, shippedConfigDir } from '../server/config/fixtures.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 20000)
const GOAL = 1

const loaded = await loadConfig(shippedConfigDir)
if (!loaded.ok) throw new Error('the shipped config is invalid: run npm run config:check')
const { config } = loaded
const ctx = ctxFor('admin', SG)
const menu = buildMenu(config, ctx)

/** Microseconds per call of fn over RUNS calls, after a warm-up of a tenth as many. */
function perCall (fn: () => unknown): number {
  for (let i = 0; i < RUNS / 10; i++) fn()
  const started = performance.now()
  for (let i = 0; i < RUNS; i++) fn()
  return (performance.now() - started) * 1000 / RUNS
}

// Interleaved rounds, best of each: a busy machine slows both alike.
const build: number[] = []
const serialise: number[] = []
for (let round = 0; round < 3; round++) {
  build.push(perCall(() => buildMenu(config, ctx)))
  serialise.push(perCall(() => JSON.stringify(menu)))
}
const ratio = Math.min(...build) / Math.min(...serialise)
console.log(`buildMenu (admin, SG, ${menu.length} groups): ${Math.min(...build).toFixed(2)} µs per call`)
console.log(`JSON.stringify of that menu: ${Math.min(...serialise).toFixed(2)} µs per call`)
console.log(`ratio build / serialise: ${ratio.toFixed(2)} (goal <= ${GOAL})`)
console.log(ratio <= GOAL ? 'menu bench: goal met' : 'menu bench: goal missed')
process.exit(ratio <= GOAL ? 0 : 1)
