import { spawn, spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import closeWithGrace from 'close-with-grace'
import { loadSettings } from '../shared/env.ts'
import { startGameApi } from '../game-api/start.ts'
import { startService } from '../src/start.ts'
import { clientDist } from '../src/plugins/external/client.ts'
import { fromRoot } from '../shared/paths.ts'

// The whole product on its embedded defaults: reference game API (unless GAME_API_URL), service, built client.
const root = fromRoot()
const watch = process.argv.includes('--watch')

/** Newest modification time of any file below dir (0 when it does not exist). */
function newest (dir: string): number {
  let latest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs)
  }
  return latest
}

function clientIsStale (): boolean {
  let built = 0
  try { built = statSync(join(clientDist, 'index.html')).mtimeMs } catch { return true }
  return ['client', 'schemas', 'brands'].some((dir) => newest(join(root, dir)) > built)
}

let settings
try {
  settings = loadSettings()
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}

if (watch) {
  spawn('npx', ['vite', 'build', '--watch', '--config', 'client/vite.config.ts'], { cwd: root, stdio: 'inherit' })
} else if (clientIsStale()) {
  console.log('building the client…')
  const build = spawnSync('npx', ['vite', 'build', '--config', 'client/vite.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

// A developer's terminal gets readable log lines; a pipe or a file gets JSON lines.
const prettyLogs = process.stdout.isTTY === true
const gameApi = settings.GAME_API_URL ? undefined : await startGameApi(settings, prettyLogs, { demo: true })
if (gameApi) console.log(`reference game API on ${gameApi.address}`)
const service = await startService(settings, settings.GAME_API_URL ?? gameApi?.address, prettyLogs)
const { port } = service.app.server.address() as { port: number }
console.log(`\n  Open http://localhost:${port}/login  (demo users in server/game-api/seed/demo-users.json, password Demo#1234)\n`)

closeWithGrace(async ({ err }) => {
  if (err) service.app.log.error({ err }, 'closing after an uncaught error')
  await service.app.close()
  await gameApi?.app.close()
})
