import t from 'tap'
import { existsSync, readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { SettingsSchema, loadSettings } from '../../../server/shared/env.ts'
import { fromRoot } from '../../../server/shared/paths.ts'

// docker-compose.yml cannot be run here (no Docker): its wiring is checked against the code it runs instead.

interface Service {
  image?: string
  build?: { context: string, dockerfile: string }
  command?: string[]
  restart?: string
  environment?: Record<string, string | number>
  healthcheck?: { test: string[] }
  depends_on?: Record<string, { condition: string }>
  volumes?: string[]
  ports?: string[]
}
const compose = parse(readFileSync(fromRoot('docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, Service> }
const services = compose.services
const read = (path: string) => readFileSync(fromRoot(path), 'utf8')

/** The value compose gives ${NAME:-default} (the default) or ${NAME:?message} (a stand-in the setting accepts). */
const interpolate = (value: string | number) => String(value)
  .replace(/\$\{\w+:-([^}]*)\}/g, '$1')
  .replace(/\$\{\w+:\?[^}]*\}/g, 'x'.repeat(32))

/** The bundle an app container runs (dist/server/<name>.js), if any. */
const bundleOf = (s: Service) => s.command?.find((part) => /^dist\/server\/[\w-]+\.js$/.test(part))
const replicas = Object.entries(services).filter(([, s]) => bundleOf(s) === 'dist/server/service.js').map(([name]) => name)
const gameApi = services['game-api']
const buildEntries = [...JSON.parse(read('package.json')).scripts['build:server'].matchAll(/([\w-]+)=server\//g)].map((m) => `dist/server/${m[1]}.js`)

t.test('every service has an image or a build, and no container mounts the checkout', async (t) => {
  for (const [name, s] of Object.entries(services)) {
    t.ok(s.image ?? s.build, `${name} has an image or a build`)
    if (s.build) t.ok(existsSync(fromRoot(s.build.context, s.build.dockerfile)), `${name} builds from ${s.build.dockerfile}, which exists`)
    for (const volume of s.volumes ?? []) {
      const source = volume.split(':')[0] ?? ''
      if (!source.startsWith('.')) continue
      t.not(source.replace(/\/$/, ''), '.', `${name} does not mount the checkout`)
      t.ok(existsSync(fromRoot(source)), `${name} mounts ${source}, a file of the repo`)
    }
  }
})

t.test('the game API and the service replicas run the bundles, restart and report their health', async (t) => {
  t.ok(gameApi, 'a game-api service')
  t.ok(replicas.length >= 2, `at least two service replicas (${replicas.join(', ')})`)
  t.equal(bundleOf(gameApi ?? {}), 'dist/server/game-api.js')
  for (const name of ['game-api', ...replicas]) {
    const s = services[name] ?? {}
    const bundle = bundleOf(s)
    t.ok(bundle !== undefined && buildEntries.includes(bundle), `${name} runs ${bundle}, which npm run build:server makes`)
    t.match(s.restart, /^(always|unless-stopped|on-failure)/, `${name} restarts`)
    const test = s.healthcheck?.test ?? []
    t.ok(buildEntries.includes(test[2] ?? ''), `${name}'s health check runs the probe bundle`)
    const url = new URL(test[3] ?? 'http://invalid')
    const port = name === 'game-api' ? s.environment?.GAME_API_PORT : s.environment?.PORT
    t.equal(url.port, String(port), `${name}'s health check asks its own port`)
    t.match(url.pathname, /^\/(healthz|readyz)$/, `${name}'s health check asks /healthz or /readyz`)
  }
})

t.test('each app service gets the settings it needs, valid and pointing at services that exist', async (t) => {
  const known = new Set(Object.keys(SettingsSchema.properties))
  const needs: Record<string, string[]> = {
    'game-api': ['HOST', 'GAME_API_PORT', 'GAME_API_DATABASE_URL'],
    ...Object.fromEntries(replicas.map((name) => [name, ['HOST', 'PORT', 'GAME_API_URL', 'DATABASE_URL', 'REDIS_URL', 'SESSION_SECRET']]))
  }
  const databases = new Set([services.postgres?.environment?.POSTGRES_DB, ...[...read('server/scripts/compose-init.sql').matchAll(/CREATE DATABASE (\w+)/g)].map((m) => m[1])])
  for (const [name, keys] of Object.entries(needs)) {
    const env = Object.fromEntries(Object.entries(services[name]?.environment ?? {}).map(([k, v]) => [k, interpolate(v)]))
    for (const key of Object.keys(env)) t.ok(known.has(key), `${name}: ${key} is a setting server/shared/env.ts reads`)
    for (const key of keys) t.ok(env[key], `${name} sets ${key}`)
    t.doesNotThrow(() => loadSettings(env), `${name}'s settings pass the start's validation`)
    t.equal(env.HOST, '0.0.0.0', `${name} listens beyond its container`)
    for (const key of ['GAME_API_URL', 'DATABASE_URL', 'GAME_API_DATABASE_URL', 'REDIS_URL']) {
      if (env[key] === undefined) continue
      const url = new URL(env[key])
      t.ok(services[url.hostname], `${name}: ${key} names the ${url.hostname} service`)
      if (key.endsWith('DATABASE_URL')) t.ok(databases.has(url.pathname.slice(1)), `${name}: the database ${url.pathname.slice(1)} is created`)
    }
    if (env.GAME_API_URL) t.equal(new URL(env.GAME_API_URL).port, String(gameApi?.environment?.GAME_API_PORT), `${name} calls the game API on its port`)
  }
  t.equal(services['service-1']?.environment?.SESSION_SECRET, services['service-2']?.environment?.SESSION_SECRET, 'the replicas share one session secret')
})

t.test('start order waits on health that means ready', async (t) => {
  for (const [name, s] of Object.entries(services)) {
    for (const [dependency, { condition }] of Object.entries(s.depends_on ?? {})) {
      t.ok(services[dependency], `${name} depends on ${dependency}, which exists`)
      if (condition === 'service_healthy') t.ok(services[dependency]?.healthcheck, `${name} waits for ${dependency} to be healthy, and it has a health check`)
    }
  }
  for (const name of replicas) t.same(Object.keys(services[name]?.depends_on ?? {}).sort(), ['game-api', 'postgres', 'redis'], `${name} waits for the game API, PostgreSQL and Redis`)
  const pgCheck = services.postgres?.healthcheck?.test.join(' ') ?? ''
  t.match(pgCheck, /-h 127\.0\.0\.1/, 'PostgreSQL is checked over TCP, which the first-start init server does not answer')
  for (const db of ['service', 'gameapi']) t.match(pgCheck, new RegExp(`-d ${db} -tAc 'select 1'`), `and ${db} answers a query`)
})

t.test('the load balancer sends to every service replica and only to them', async (t) => {
  const lb = Object.values(services).find((s) => s.image?.startsWith('nginx:'))
  t.ok(lb, 'an nginx service from the official image')
  const conf = lb?.volumes?.find((v) => v.endsWith(':/etc/nginx/nginx.conf:ro'))?.split(':')[0] ?? ''
  t.ok(conf, 'with its config file mounted')
  const upstreams = [...read(conf).matchAll(/^\s*server\s+([\w-]+):(\d+)\b/gm)].map((m) => `${m[1]}:${m[2]}`)
  t.same(upstreams.sort(), replicas.map((name) => `${name}:${services[name]?.environment?.PORT}`).sort(), 'the upstream names each replica on its port')
  t.same(Object.keys(lb?.depends_on ?? {}).sort(), [...replicas].sort(), 'it starts once the replicas are healthy')
  t.ok(lb?.healthcheck && lb.restart, 'and has a health check and a restart policy of its own')
  for (const name of replicas) t.notOk(services[name]?.ports, `${name} is reached only through the load balancer`)
})

t.test('the image: built once, production dependencies only, a non-root user, a health check', async (t) => {
  const dockerfile = read('server/deploy/Dockerfile')
  const stages = dockerfile.split(/^FROM /m).slice(1)
  t.ok(stages.length >= 2, 'multi-stage')
  const build = stages[0] ?? ''
  const runtime = stages.at(-1) ?? ''
  t.match(build, /npm ci/)
  t.match(build, /npm run build:client/)
  t.match(build, /npm run build:server/)
  t.match(runtime, /^node:20\S*-slim /, 'runs on a slim Node 20 image')
  t.match(runtime, /npm ci --omit=dev/, 'installs production dependencies only')
  t.match(runtime, /COPY --from=\w+ \/app\/dist \.\/dist/, 'takes the built client and bundles from the build stage')
  t.match(runtime, /^USER (?!root)\w+/m, 'runs as a non-root user')
  t.match(runtime, /^HEALTHCHECK .*dist\/server\/probe\.js/m, 'has a health check')
  t.match(runtime, /^CMD \["node", "--enable-source-maps", "dist\/server\/service\.js"\]/m, 'starts the service bundle, building nothing')
  t.ok(existsSync(fromRoot('server/deploy/Dockerfile.dockerignore')), 'and keeps node_modules, data and dist out of the build context')
})
