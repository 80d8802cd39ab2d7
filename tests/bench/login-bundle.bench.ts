import { existsSync, readFileSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'

// Gzip size of the JavaScript a browser loads for /login (entry, its static imports, and the sign-in screen's chunk, which main.tsx
// loads without the app's router or query cache) against the 120 KB budget of issue 32, and beside it what the signed-in app adds
// (router, shell, home page), which /login must not load.
const root = fileURLToPath(new URL('../../', import.meta.url))
const dist = `${root}dist/client`
const BUDGET = 120 * 1024

interface Chunk { file: string, imports?: string[], isEntry?: boolean }

if (!existsSync(`${dist}/.vite/manifest.json`) || process.argv.includes('--build')) {
  const built = spawnSync('npx', ['vite', 'build', '--config', 'client/vite.config.ts'], { cwd: root, stdio: 'ignore' })
  if (built.status !== 0) { console.error('client build failed'); process.exit(1) }
}
const manifest = JSON.parse(readFileSync(`${dist}/.vite/manifest.json`, 'utf8')) as Record<string, Chunk>

/** Every file a set of manifest keys loads through static imports. */
function closure (keys: string[]): Set<string> {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    const chunk = manifest[key]
    if (!chunk) throw new Error(`${key} is not in the manifest: was the route renamed?`)
    seen.add(key)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  keys.forEach(visit)
  return seen
}

const gzipBytes = (keys: Set<string>) => [...keys].reduce((sum, key) => sum + gzipSync(readFileSync(`${dist}/${manifest[key]!.file}`), { level: 9 }).length, 0)

const loginKeys = closure(['index.html', 'src/app/SignInApp.tsx'])
const shellKeys = closure(['index.html', 'src/app/App.tsx', 'src/features/shell/MainLayout.tsx', 'src/features/shell/MenuPage.tsx'])
const login = gzipBytes(loginKeys)
const shellOnly = gzipBytes(new Set([...shellKeys].filter((k) => !loginKeys.has(k))))
const kb = (n: number) => (n / 1024).toFixed(1)

console.log(`login route JavaScript: ${kb(login)} KB gzip in ${loginKeys.size} files; budget ${kb(BUDGET)} KB; ratio ${(login / BUDGET).toFixed(3)} of budget`)
console.log(`signed-in shell + home add ${kb(shellOnly)} KB gzip that /login does not load (ratio to login ${(shellOnly / login).toFixed(3)})`)
const shellInLogin = [...loginKeys].filter((k) => k.includes('features/shell') || k.includes('renderers/') || k === 'src/app/App.tsx')
if (shellInLogin.length > 0) { console.error(`/login pulls the shell: ${shellInLogin.join(', ')}`); process.exit(1) }
if (login > BUDGET) { console.error('over budget'); process.exit(1) }
