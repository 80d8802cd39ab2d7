// Where tests/run-all.sh writes each test file's bundle (bundle.mjs), and back: the names the run's reports give files by.
import { relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../../', import.meta.url))
export const bundlesDir = resolve(root, 'node_modules/.cache/tap-bundles')

/** Whether a path (absolute or relative to the checkout) is a bundle. */
export const isBundle = (file) => resolve(root, file).startsWith(bundlesDir + '/')

/** Where a test file's bundle is written, relative to the checkout. */
export const bundleOf = (file) => relative(root, resolve(bundlesDir, relative(root, resolve(root, file)))).replace(/\.ts$/, '.mjs')

/** The test file a bundle was made from, relative to the checkout (a source file names itself). */
export const sourceOf = (file) => isBundle(file) ? relative(bundlesDir, resolve(root, file)).replace(/\.mjs$/, '.ts') : relative(root, resolve(root, file))
