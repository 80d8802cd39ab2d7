// Module hooks for the test processes: a .ts or .tsx file of ours becomes JavaScript through esbuild's transform (types
// stripped, JSX to React's automatic runtime, an inline source map so stacks name the .ts lines); everything else, packages
// included, loads as Node loads it. Imports name their files with extensions (tsconfig's allowImportingTsExtensions), so
// Node's own resolution finds them.
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { transform } from 'esbuild'

const typescript = /\.(c|m)?tsx?$/
const tsconfigRaw = { compilerOptions: { verbatimModuleSyntax: true, useDefineForClassFields: true, jsx: 'react-jsx' } }

export async function load (url, context, nextLoad) {
  if (!url.startsWith('file:') || !typescript.test(url) || url.includes('/node_modules/')) return nextLoad(url, context)
  const file = fileURLToPath(url)
  const { code } = await transform(await readFile(file, 'utf8'), {
    loader: url.endsWith('x') ? 'tsx' : 'ts', format: 'esm', target: 'esnext', sourcemap: 'inline', sourcefile: file, tsconfigRaw
  })
  return { format: 'module', source: code, shortCircuit: true }
}
