// Module hooks for the test processes: a .ts or .tsx file of ours becomes JavaScript through esbuild's transform (types
// stripped, JSX to React's automatic runtime, an inline source map so stacks name the .ts lines); everything else, packages
// included, loads as Node loads it. Imports name their files with extensions (tsconfig's allowImportingTsExtensions), so
// Node's own resolution finds them. A transform is kept on disk by its file's path and text, so each of a run's ~250 test
// processes does not transform the same ~500 files again (about 0.6 CPU-seconds a process).
import { mkdirSync } from 'node:fs'
import { readFile, rename, writeFile } from 'node:fs/promises'
import { createHash } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { transform, version } from 'esbuild'

const typescript = /\.(c|m)?tsx?$/
const tsconfigRaw = { compilerOptions: { verbatimModuleSyntax: true, useDefineForClassFields: true, jsx: 'react-jsx' } }
const cache = fileURLToPath(new URL('../../../node_modules/.cache/tap-ts/', import.meta.url))
mkdirSync(cache, { recursive: true })

export async function load (url, context, nextLoad) {
  if (!url.startsWith('file:') || !typescript.test(url) || url.includes('/node_modules/')) return nextLoad(url, context)
  const file = fileURLToPath(url)
  const text = await readFile(file, 'utf8')
  const kept = cache + createHash('sha256').update(`${version}\0${file}\0`).update(text).digest('hex') + '.js'
  const source = await readFile(kept, 'utf8').catch(async () => {
    const { code } = await transform(text, {
      loader: url.endsWith('x') ? 'tsx' : 'ts', format: 'esm', target: 'esnext', sourcemap: 'inline', sourcefile: file, tsconfigRaw
    })
    // Written aside and renamed, so a process beside this one never reads half a file.
    const aside = `${kept}.${process.pid}`
    await writeFile(aside, code)
    await rename(aside, kept)
    return code
  })
  return { format: 'module', source, shortCircuit: true }
}
