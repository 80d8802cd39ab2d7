// Bundles test files ahead of a run (tests/run-all.sh): each file with the code of ours it imports becomes JavaScript under
// node_modules/.cache/tap-bundles/<its path>.mjs, the code files share as chunks, and packages stay Node's to load. A bundled
// file loads without the TypeScript hooks (register.mjs), whose thread each of a process's ~900 modules would cross: about
// 1.4 CPU-seconds less a test process. Every file keeps its own import.meta.url, so paths made from it still name the sources.
//   node tests/helpers/tap-ts/bundle.mjs <test file>...   prints each bundle's path, one a line, in the order given
import { readFile, rm } from 'node:fs/promises'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { dirname, resolve } from 'node:path'
import { build } from 'esbuild'
import { bundleOf, bundlesDir } from './bundle-paths.mjs'

const root = fileURLToPath(new URL('../../../', import.meta.url))

// Our files' import.meta.url (and what Node derives from it) as the source file's own, not the bundle's.
const ownImportMeta = {
  name: 'own-import-meta',
  setup (esbuild) {
    esbuild.onLoad({ filter: /\.(m?ts|tsx|mjs)$/ }, async ({ path }) => {
      if (path.includes('/node_modules/')) return undefined
      const url = pathToFileURL(path).href
      const text = await readFile(path, 'utf8')
      return {
        contents: text.replaceAll('import.meta.url', JSON.stringify(url))
          .replaceAll('import.meta.filename', JSON.stringify(path)).replaceAll('import.meta.dirname', JSON.stringify(dirname(path))),
        loader: path.endsWith('.tsx') ? 'tsx' : path.endsWith('.mjs') ? 'js' : 'ts'
      }
    })
  }
}

/** Bundles the test files (paths relative to the checkout); answers each one's bundle path, in the same order. */
export async function bundleTests (files) {
  await rm(bundlesDir, { recursive: true, force: true })
  await build({
    entryPoints: files.map((file) => resolve(root, file)),
    outdir: bundlesDir,
    outbase: root,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    sourcemap: 'inline', // stacks (tap's `at:` lines) name the .ts lines, through --enable-source-maps
    plugins: [ownImportMeta],
    logLevel: 'error'
  })
  return files.map(bundleOf)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bundles = await bundleTests(process.argv.slice(2))
  process.stdout.write(bundles.join('\n') + '\n')
}
