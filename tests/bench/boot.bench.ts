// A test's product boot (helpers/build.ts: both databases loaded from PGlite snapshots, or, as most tests get it when
// PostgreSQL answers, copied from its template databases) against a cold boot as a fresh install makes it (initdb,
// migrations and the seed), in the same run. Goal: the test boot in at most a quarter of the cold one (under 1 s on a
// quiet 2-core machine). Run: npm run bench -- boot   (BENCH_ROUNDS to change the default 3)
import { openDb } from '../../server/shared/db.ts'
import { buildProduct } from '../helpers/build.ts'
import { postgresReachable } from '../helpers/db.ts'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const GOAL = 0.25

/** Milliseconds to build a product with these databases, then closes it. */
async function boot (open: 'cold' | 'snapshot' | 'template'): Promise<number> {
  const opened: Array<() => unknown> = []
  const owner = { teardown: (fn: () => unknown) => { opened.push(fn) } }
  const started = performance.now()
  if (open === 'cold') {
    const [db, store] = [await openDb({}), await openDb({})]
    opened.push(() => db.close(), () => store.close())
    await buildProduct(owner, { db, store })
  } else {
    await buildProduct(owner, { kind: open === 'snapshot' ? 'pglite' : 'postgres' })
  }
  const ms = performance.now() - started
  for (const close of opened.reverse()) await close()
  return ms
}

const onPostgres = await postgresReachable()
// The first snapshot (and template) boot may have to make them; it is a warm-up, not a figure.
await boot('snapshot')
if (onPostgres) await boot('template')
const cold: number[] = []
const snapshot: number[] = []
const template: number[] = []
for (let i = 0; i < ROUNDS; i++) {
  cold.push(await boot('cold'))
  snapshot.push(await boot('snapshot'))
  if (onPostgres) template.push(await boot('template'))
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN
const ratio = median(snapshot) / median(cold)
console.log(`cold boot (initdb, migrate, seed): median ${median(cold).toFixed(0)} ms of ${cold.map((x) => x.toFixed(0)).join(', ')}`)
console.log(`test boot (snapshots): median ${median(snapshot).toFixed(0)} ms of ${snapshot.map((x) => x.toFixed(0)).join(', ')}`)
console.log(`ratio test / cold: ${ratio.toFixed(2)} (goal <= ${GOAL})`)
if (onPostgres) console.log(`test boot on PostgreSQL (template copies): median ${median(template).toFixed(0)} ms of ${template.map((x) => x.toFixed(0)).join(', ')}; ratio to the cold boot ${(median(template) / median(cold)).toFixed(2)}`)
else console.log('PostgreSQL does not answer: no template boot measured')
console.log(ratio <= GOAL ? 'boot bench: goal met' : 'boot bench: goal missed')
process.exit(ratio <= GOAL ? 0 : 1)
