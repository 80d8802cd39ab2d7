// Preloaded into every tap test process by tests/run-all.sh: at exit, appends the file's wall seconds and CPU-seconds (its
// own and its reaped children's: Chromium, servers run as processes) to TEST_METER_FILE, for the run's table of slowest files.
import { appendFileSync, readFileSync } from 'node:fs'
import { sourceOf } from './tap-ts/bundle-paths.mjs'

const out = process.env.TEST_METER_FILE
const TICKS_PER_SECOND = 100 // Linux's USER_HZ, what /proc counts in

/** CPU-seconds of this process and its waited-for children, from /proc (self only where there is none). */
function cpuSeconds () {
  try {
    // Fields after the command name's closing parenthesis: state is field 3, utime..cstime are fields 14..17.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')
    return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / TICKS_PER_SECOND
  } catch {
    const { user, system } = process.cpuUsage()
    return (user + system) / 1e6
  }
}

if (out && process.argv[1]) {
  const file = sourceOf(process.argv[1]) // a bundled file by its source's name
  process.on('exit', () => { appendFileSync(out, `${file}\t${process.uptime().toFixed(1)}\t${cpuSeconds().toFixed(1)}\n`) })
}
