// The gate's cost does not grow with the allowlist: the proxied / direct ratio of one GET with the shipped config
// (about 50 method and endpoint pairs) against the same ratio with a config copy whose generated page templates bind
// every endpoint of the game API contract, several times over (goal: the large ratio >= 0.95 of the small one).
// Run: node --import tsx tests/bench/run.ts gate-allowlist   (BENCH_SECONDS, BENCH_CONNECTIONS to change the defaults)
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { GAME_API_CONTRACT } from '../../schemas/game-api-contract.ts'
import { loadConfig, type LoadedConfig } from '../../server/src/config/load.ts'
import { menuAllows } from '../../server/src/config/menu.ts'
import { compileAllowlist, endpointAllowed, type EndpointMatcher, type GateEndpoint } from '../../server/src/proxy/allowlist.ts'
import { ctxFor, SG } from '../server/config/fixtures.ts'
import { loadDefaults, measure, rps } from './lib/load.ts'
import { startBenchProduct } from './lib/product.ts'

const GOAL = 0.95
const COPIES = 3
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const shipped = fileURLToPath(new URL('../../menus', import.meta.url))

/** A copy of the shipped config with one generated page per contract endpoint and copy, each behind its own rule. */
function largeConfig (): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-gate-'))
  cpSync(shipped, dir, { recursive: true })
  // The generated pages bind every endpoint, so api.json lists no pages of its own.
  const api = JSON.parse(readFileSync(join(dir, 'api.json'), 'utf8')) as { endpoints: Array<{ pages?: string[] }> }
  for (const endpoint of api.endpoints) delete endpoint.pages
  writeFileSync(join(dir, 'api.json'), JSON.stringify(api))
  GAME_API_CONTRACT.forEach((entry, e) => {
    for (let copy = 0; copy < COPIES; copy++) {
      const endpoint = `/api/v1/${entry.game ? '4d/' : ''}${entry.path}`
      const page = {
        path: `/bench/e${e}/c${copy}`,
        title: 'page.reportFull.title',
        rule: { not: { role: 'MEM' } },
        widgets: [{ type: 'table', id: 't', data: { endpoint, method: entry.method }, columns: 'bet-summary', rule: { any: [{ role: 'ADMIN' }, { perm: `Bench${copy}` }] } }]
      }
      writeFileSync(join(dir, 'pages', `bench-${e}-${copy}.json`), JSON.stringify(page))
    }
  })
  return dir
}

/** A product with a sign-in of ag1, the one measured. */
async function started (env: NodeJS.ProcessEnv) {
  const product = await startBenchProduct(env)
  const { cookie } = await product.signIn('ag1')
  const token = await product.gameToken('ag1')
  return { product, cookie, token, pairs: product.service.configStore.current().api.size }
}
type Started = Awaited<ReturnType<typeof started>>

/** Proxied / direct for one GET on one product, measured back to back. */
async function ratio ({ product, cookie, token }: Started, path: string) {
  const direct = await measure({ ...loadDefaults, url: `${product.gameApiUrl}/api/v1/4d/${path}?LocId=SG`, headers: { authorization: `Bearer ${token}` } })
  const proxied = await measure({ ...loadDefaults, url: `${product.serviceUrl}/api/v1/${path}`, headers: { cookie } })
  if (proxied.failures > 0) throw new Error(`GET ${path} failed through the service: ${proxied.firstFailure ?? ''}`)
  return { direct: rps(direct), proxied: rps(proxied), ratio: rps(proxied) / rps(direct) }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number

const dir = largeConfig()
const loaded = await loadConfig(dir)
if (!loaded.ok) throw new Error(`the generated config is invalid: ${JSON.stringify(loaded.errors.slice(0, 3))}`)
// The gate's decision alone, in process (no sockets, so a busy machine disturbs it least): allowlist lookup and rule check.
const shippedConfig = await loadConfig(shipped)
if (!shippedConfig.ok) throw new Error('the shipped config is invalid')
const ctx = ctxFor('ag1', SG)
/** Gate decisions per second for one config (and matcher), over a shell GET, a derived GET and a derived DELETE. */
function decisions (config: LoadedConfig, api: EndpointMatcher = config.api): number {
  const calls: Array<[string, string[]]> = [['GET', ['settings']], ['GET', ['draw', 'dateAll']], ['DELETE', ['bet']]]
  const holds = (path: string) => menuAllows(config, ctx, path)
  let allowed = 0
  const started = performance.now()
  const n = 300_000
  for (let i = 0; i < n; i++) {
    const [method, segments] = calls[i % calls.length] as [string, string[]]
    const hit = api.match(method, segments)
    if (typeof hit !== 'string' && endpointAllowed(hit.endpoint, holds, ctx)) allowed++
  }
  if (allowed !== n) throw new Error(`ag1 was refused ${n - allowed} of ${n} calls it may make`)
  return n / ((performance.now() - started) / 1000)
}
const gateRelative: number[] = []
for (let round = 0; round < 5; round++) gateRelative.push(decisions(loaded.config) / decisions(shippedConfig.config))
console.log(`gate decisions in process: ${(decisions(shippedConfig.config) / 1e6).toFixed(2)} M/s with ${shippedConfig.config.api.size} pairs, ${(decisions(loaded.config) / 1e6).toFixed(2)} M/s with ${loaded.config.api.size} pairs; large / small ${median(gateRelative).toFixed(2)} (median of 5)`)
// Beyond the contract: the generated allowlist plus 1,000 made-up endpoints under their own prefixes, so a lookup's cost is
// shown flat well past the 300+ pairs the contract will reach.
const derived = GAME_API_CONTRACT.flatMap((entry) => {
  const hit = loaded.config.api.match(entry.method, entry.path.split('/'))
  return typeof hit === 'string' ? [] : [hit.endpoint]
})
const madeUp: GateEndpoint[] = Array.from({ length: 1000 }, (_, i) => ({ path: `x${i % 40}/y${i}/:id`, methods: ['GET'] }))
const extended = compileAllowlist([...new Set(derived), ...madeUp])
const extendedRelative: number[] = []
for (let round = 0; round < 5; round++) extendedRelative.push(decisions(loaded.config, extended) / decisions(shippedConfig.config))
console.log(`gate decisions in process with ${extended.size} pairs (the generated allowlist and 1,000 made up): large / small ${median(extendedRelative).toFixed(2)} (median of 5)`)

// Both products up at once and measured in alternating rounds, so a busy machine weighs on both alike.
const small = await started({})
const large = await started({ CONFIG_DIR: dir })
console.log(`load: ${loadDefaults.connections} keep-alive connections, ${loadDefaults.seconds} s after a 1 s warm-up, client in a worker thread; ${ROUNDS} alternating rounds, medians`)
console.log(`shipped config: ${small.pairs} method and endpoint pairs; generated config: ${large.pairs} pairs (every contract endpoint), ${loaded.config.pages.length} page templates (each endpoint bound ${COPIES} more times, behind rules)`)
let ok = true
for (const path of ['settings', 'draw/dateAll']) {
  const relative: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const a = await ratio(small, path)
    const b = await ratio(large, path)
    console.log(`  GET ${path} round ${round + 1}: ${small.pairs} pairs ${a.proxied.toFixed(0)}/${a.direct.toFixed(0)} = ${a.ratio.toFixed(2)}; ${large.pairs} pairs ${b.proxied.toFixed(0)}/${b.direct.toFixed(0)} = ${b.ratio.toFixed(2)} (proxied/direct requests/s)`)
    relative.push(b.ratio / a.ratio)
  }
  const m = median(relative)
  console.log(`GET ${path}: proxied/direct with ${large.pairs} pairs / with ${small.pairs} pairs = ${m.toFixed(2)} (median; goal >= ${GOAL})`)
  if (m < GOAL) ok = false
}
await small.product.close()
await large.product.close()
rmSync(dir, { recursive: true, force: true })
console.log(ok ? 'gate-allowlist bench: goal met' : 'gate-allowlist bench: goal missed')
process.exit(ok ? 0 : 1)
