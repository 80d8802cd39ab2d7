// A script of ours as one JavaScript file, for tests that start it as a child process: the child then loads without the test
// hooks (tests/helpers/tap-ts), about 2 CPU-seconds less per start. Written two folders below the checkout's root, where
// server/shared/paths.ts expects a bundle (as dist/server/*.js), and removed when the test process exits.
import { unlinkSync } from 'node:fs'
import { basename } from 'node:path'
import { build } from 'esbuild'
import { fromRoot } from '../../server/shared/paths.ts'

const made = new Map<string, Promise<string>>()

/** The path of `entry` (a .ts file's path) bundled with its imports, packages left to Node; made once per test process. */
export function bundled (entry: string): Promise<string> {
  let file = made.get(entry)
  if (!file) {
    const outfile = fromRoot('node_modules', '.cache', `${basename(entry, '.ts')}.${process.pid}.${made.size}.mjs`)
    file = build({ entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', sourcemap: 'inline', logLevel: 'warning' })
      .then(() => {
        process.once('exit', () => { try { unlinkSync(outfile) } catch {} })
        return outfile
      })
    made.set(entry, file)
  }
  return file
}
