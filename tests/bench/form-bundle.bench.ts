// The form library stays out of the first-load bundle: follows the build manifest from each HTML entry through its static
// imports, and reports where the react-jsonschema-form chunk sits. Run: npm run bench -- form-bundle
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { harnessBuild } from '../e2e/renderers/harness-server.ts'

interface Chunk { file: string, src?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[] }

const build = harnessBuild({ fresh: true })
const root = build.dir
const manifest = JSON.parse(readFileSync(join(root, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>
const size = (file: string) => statSync(join(root, file)).size
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`

/** Files an entry loads before anything lazy: the entry chunk and its static imports, transitively. */
function firstLoad (key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen
  seen.add(key)
  for (const i of manifest[key]?.imports ?? []) firstLoad(i, seen)
  return seen
}

const allJs = [...new Set(Object.values(manifest).map((c) => c.file).filter((f) => f.endsWith('.js')))]
const total = allJs.reduce((sum, f) => sum + size(f), 0)
const formKey = Object.keys(manifest).find((k) => k.endsWith('renderers/form/RjsfForm.tsx'))
if (!formKey) throw new Error('The build has no separate chunk for renderers/form/RjsfForm.tsx: the form is not lazily loaded.')
const formFile = manifest[formKey]!.file
let ok = true
console.log(`rjsf form chunk: ${formFile} ${kb(size(formFile))}; all JS: ${kb(total)} in ${allJs.length} files`)
for (const entry of ['index.html', 'renderer-harness.html']) {
  const files = [...firstLoad(entry)].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'))
  const first = files.reduce((sum, f) => sum + size(f), 0)
  const inFirst = files.includes(formFile)
  if (inFirst) ok = false
  console.log(`${entry}: first-load JS ${kb(first)} of ${kb(total)} total (${(100 * first / total).toFixed(1)}%); rjsf chunk in first load: ${inFirst ? 'YES' : 'no'}`)
}
console.log(ok ? 'form bundle bench: the form library is not in the first-load bundle' : 'form bundle bench: the form library IS in a first-load bundle')
build.cleanup()
process.exit(ok ? 0 : 1)
