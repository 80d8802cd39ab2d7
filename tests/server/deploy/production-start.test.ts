import t from 'tap'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fromRoot } from '../../../server/shared/paths.ts'

// The image's runtime stage rebuilt in a temp folder, without Docker: the files its COPY lines name, the bundles,
// the built client and a `npm ci --omit=dev` install; then the two production start commands, on PGlite and free ports.
t.setTimeout(600_000)
const app = mkdtempSync(join(tmpdir(), 'prod-start-'))
t.teardown(() => rmSync(app, { recursive: true, force: true }))

const run = (command: string, args: string[], cwd: string) => spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } })
const tail = (text: string) => text.split('\n').filter((line) => line.trim() !== '').slice(-8).join('\n')

/** The repo files the runtime stage copies (COPY lines without --from), with their places in the image. */
function runtimeCopies (): Array<[string, string]> {
  const runtime = readFileSync(fromRoot('server/deploy/Dockerfile'), 'utf8').split(/^FROM /m).at(-1) ?? ''
  return [...runtime.matchAll(/^COPY (?!--)(.+)$/gm)].flatMap((m) => {
    const parts = (m[1] ?? '').trim().split(/\s+/)
    const target = parts.pop() ?? '.'
    return parts.map((source): [string, string] => [source, target.endsWith('/') || parts.length > 1 ? join(target, source.split('/').pop() ?? '') : target])
  })
}

/** Starts a bundle and resolves with the address it prints once listening. */
function startBundle (bundle: string, env: Record<string, string>, children: ChildProcess[]): Promise<string> {
  const child = spawn(process.execPath, [join('dist/server', bundle)], { cwd: app, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  let output = ''
  return new Promise((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString()
      const address = /listening on (http:\/\/\S+)/.exec(output)?.[1]
      if (address) resolve(address)
    }
    child.stdout.on('data', seen)
    child.stderr.on('data', seen)
    child.on('exit', (code) => reject(new Error(`${bundle} exited with ${code}:\n${tail(output)}`)))
  })
}

t.test('the production start runs from a npm ci --omit=dev install and builds nothing', async (t) => {
  const bundles = run('npm', ['run', '-s', 'build:server', '--', `--outdir=${join(app, 'dist/server')}`], fromRoot())
  // A build that fails is this test failing, never a skip.
  if (bundles.status !== 0) return t.fail(`the server bundles could not be built (npm run build:server):\n${tail(bundles.stderr)}`)
  const clientDist = fromRoot('dist/client')
  if (!existsSync(join(clientDist, 'index.html'))) {
    const client = run('npx', ['vite', 'build', '--config', 'client/vite.config.ts', '--logLevel', 'warn', '--outDir', join(app, 'dist/client')], fromRoot())
    if (client.status !== 0) return t.fail(`the client could not be built (npm run build:client):\n${tail(client.stderr)}`)
  } else {
    cpSync(clientDist, join(app, 'dist/client'), { recursive: true })
  }
  for (const [source, target] of runtimeCopies()) {
    mkdirSync(dirname(join(app, target)), { recursive: true })
    cpSync(fromRoot(source), join(app, target), { recursive: true })
  }

  const install = run('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], app)
  if (install.status !== 0 && /E(NOTFOUND|AI_AGAIN|CONNREFUSED|CONNRESET|TIMEDOUT|NETUNREACH)/.test(install.stderr)) {
    return t.skip(`npm could not reach the registry and the cache lacks a package:\n${tail(install.stderr)}`, async () => {})
  }
  t.equal(install.status, 0, `npm ci --omit=dev installs from package-lock.json${install.status === 0 ? '' : `:\n${tail(install.stderr)}`}`)
  if (install.status !== 0) return
  for (const dev of ['vite', 'pino-pretty', 'typescript', 'esbuild']) t.notOk(existsSync(join(app, 'node_modules', dev)), `${dev} (a development dependency) is not installed`)

  const children: ChildProcess[] = []
  t.teardown(() => { for (const child of children) child.kill('SIGTERM') })
  const common = { HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: join(app, 'data'), NODE_ENV: 'production' }
  const gameApi = await startBundle('game-api.js', { ...common, GAME_API_PORT: '0' }, children)
  const service = await startBundle('service.js', { ...common, PORT: '0', GAME_API_URL: gameApi }, children)

  t.equal((await fetch(`${gameApi}/healthz`)).status, 200, 'the game API answers /healthz')
  t.equal((await fetch(`${service}/healthz`)).status, 200, 'the service answers /healthz')
  t.equal((await fetch(`${service}/readyz`)).status, 200, 'and /readyz: its store and the game API answer')
  const brand = await fetch(`${service}/ui/brand`)
  t.equal(brand.status, 200, 'GET /ui/brand')
  t.match(await brand.json(), { key: String }, 'answers the default brand')
  const login = await fetch(`${service}/login`)
  t.equal(login.status, 200, 'GET /login')
  t.equal(await login.text(), readFileSync(join(app, 'dist/client/index.html'), 'utf8'), 'serves the built client\'s index.html')
})
