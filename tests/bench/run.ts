import { readdirSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

// Runs every tests/bench/*.bench.ts in turn; each prints its own figures as ratios against a peer measured in the same run.
const dir = fileURLToPath(new URL('.', import.meta.url))
const only = process.argv.slice(2)
const benches = readdirSync(dir).filter((f) => f.endsWith('.bench.ts') && (only.length === 0 || only.some((o) => f.includes(o)))).sort()
if (benches.length === 0) console.log('no benchmarks found')
let failed = 0
for (const file of benches) {
  console.log(`\n== ${file}`)
  const run = spawnSync(process.execPath, ['--import', 'tsx', `${dir}${file}`], { stdio: 'inherit' })
  if (run.status !== 0) failed++
}
process.exit(failed > 0 ? 1 : 0)
