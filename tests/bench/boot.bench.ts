// A test's product boot (helpers/build.ts: both databases loaded from PGlite snapshots) against a cold boot as a fresh
// install makes it (initdb, migrations and the seed), in the same run. Goal: the test boot in at most a quarter of the
// cold one (under 1 s on a quiet 2-core machine). Run: npm run bench -- boot   (BENCH_ROUNDS to change the default 3)
import { openDb } from '../../server/shared/db.ts'
import { buildProduct } from '../helpers/build.ts'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const GOAL = 0.25

/** Milliseconds to build a product with these databases, then closes it. */
async function boot (open: 'cold' | 'snapshot'): Promise<number> {
  const opened: Array<() => unknown> = []
  const owner = { teardown: (fn: () => unknown) => { opened.push(fn) } }
  const started = performance.now()
  if (open === 'cold') {
    const [db, store] = [await openDb({}), await openDb({})]
    opened.push(() => db.close(), () => store.close())
    await buildProduct(owner, { kind: 'pglite', db, store })
  } else {
    await buildProduct(owner, { kind: 'pglite' })
  }
  const ms = performance.now() - started
  for (const close of opened.reverse()) await close()
  return ms
}

// The first snapshot boot may have to make the snapshots; it is a warm-up, not a figure.
await boot('snapshot')
const cold: number[] = []
const snapshot: number[] = []
for (let i = 0; i < ROUNDS; i++) {
  cold.push(await boot('cold'))
  snapshot.push(await boot('snapshot'))
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN
const ratio = median(snapshot) / median(cold)
console.log(`cold boot (initdb, migrate, seed): median ${median(cold).toFixed(0)} ms of ${cold.map((x) => x.toFixed(0)).join(', ')}`)
console.log(`test boot (snapshots): median ${median(snapshot).toFixed(0)} ms of ${snapshot.map((x) => x.toFixed(0)).join(', ')}`)
console.log(`ratio test / cold: ${ratio.toFixed(2)} (goal <= ${GOAL})`)
console.log(ratio <= GOAL ? 'boot bench: goal met' : 'boot bench: goal missed')
process.exit(ratio <= GOAL ? 0 : 1)
