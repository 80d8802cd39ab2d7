import t from 'tap'
import type { Test } from 'tap'
import { onTestDatabase, type DbKind } from '../../helpers/db.ts'
import { buildGameApi, buildService } from '../../helpers/build.ts'

/** The service on a fresh store, talking to the reference game API on a free port. */
const OPS_TOKEN = 'ops-token-for-the-tests-0123456789'
const ops = { authorization: `Bearer ${OPS_TOKEN}` }

async function service (t: Test, kind: DbKind, env: NodeJS.ProcessEnv = {}) {
  const { gameApi, gameApiUrl } = await buildGameApi(t, { kind })
  const { service: app, store } = await buildService(t, { gameApiUrl, kind, listen: false, env: { OPS_TOKEN, ...env } })
  return { app, gameApi, gameApiUrl, store }
}

t.test('/healthz, /readyz and the request id', (t) => onTestDatabase(t, async (t, kind) => {
  const { app, gameApi, gameApiUrl, store } = await service(t, kind)
  const health = await app.inject('/healthz')
  t.equal(health.statusCode, 200)
  t.same(health.json(), { status: 'ok' })
  t.match(health.headers['x-request-id'], /^[0-9a-f-]{36}$/, 'every answer carries its request id')
  t.match((await app.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-trace-42' } })).headers['x-request-id'], /^[0-9a-f-]{36}$/, "the caller's request id is never ours (a trusted proxy's is kept apart)")
  const forged = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'x\r\n<script>alert(1)</script>' } })
  t.match(forged.headers['x-request-id'], /^[0-9a-f-]{36}$/, 'an id that is not a plain token is replaced')

  const ready = await app.inject('/readyz')
  t.equal(ready.statusCode, 200, ready.body)
  t.match(ready.json(), { status: 'ready', failed: [], checks: { gameApi: { ok: true }, store: { ok: true } } })

  await gameApi.close()
  const noGame = await app.inject('/readyz')
  t.equal(noGame.statusCode, 503, 'game API down: not ready')
  t.match(noGame.json(), { status: 'not ready', failed: ['gameApi'], checks: { gameApi: { ok: false }, store: { ok: true } } })
  t.match(noGame.json().checks.gameApi.message, `game API at ${gameApiUrl}`, 'the answer names the game API and its address')
  // A fresh connection is refused; a kept-alive one finds its socket closed: either says why.
  t.match(noGame.json().checks.gameApi.message, /ECONNREFUSED|UND_ERR_SOCKET/, 'and why')
  t.equal((await app.inject('/healthz')).statusCode, 200, 'the process itself is still alive')

  await store.close()
  store.close = async () => {} // the fixture's teardown closes it again
  const noStore = await app.inject('/readyz')
  t.equal(noStore.statusCode, 503)
  t.same(noStore.json().failed, ['gameApi', 'store'], 'store down is named too')
}))

t.test('/metrics is Prometheus text with requests, latency, audit writes, cache and config counters', (t) => onTestDatabase(t, async (t, kind) => {
  const { app } = await service(t, kind)
  await app.inject('/healthz')
  await app.inject('/healthz')
  await app.inject('/ui/no/such/route')
  await app.audit.record({ action: 'test' })
  const res = await app.inject({ url: '/metrics', headers: ops })
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /^text\/plain; version=0\.0\.4/)
  const families = new Map<string, string>()
  const samples = new Map<string, number>()
  for (const line of res.body.split('\n')) {
    if (line === '') continue
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/.exec(line)
    if (meta) {
      if (meta[1] === 'TYPE') families.set(meta[2]!, meta[3]!)
      continue
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*\})? (\S+)$/.exec(line)
    // Values are Go floats: digits, or NaN / +Inf / -Inf in any case (prom-client writes "Nan" for an empty event-loop sample).
    if (!sample || !(/^-?[0-9.]+(e[+-]?[0-9]+)?$/i.test(sample[3]!) || /^(nan|[+-]?inf)$/i.test(sample[3]!))) { t.fail(`not an exposition line: ${line}`); continue }
    samples.set(`${sample[1]}${sample[2] ?? ''}`, Number(sample[3]))
  }
  t.equal(families.get('http_requests_total'), 'counter')
  t.equal(families.get('http_request_duration_seconds'), 'histogram')
  t.equal(families.get('audit_writes_total'), 'counter')
  t.equal(families.get('cache_hits_total'), 'counter')
  t.equal(families.get('cache_misses_total'), 'counter')
  t.equal(families.get('config_reloads_total'), 'counter')
  t.equal(samples.get('http_requests_total{method="GET",route="/healthz",status_code="200"}'), 2, 'requests by route and status')
  t.equal(samples.get('http_requests_total{method="GET",route="unmatched",status_code="404"}'), 1, 'unknown URLs share one label')
  t.equal(samples.get('http_request_duration_seconds_count{method="GET",route="/healthz",status_code="200"}'), 2, 'latency histogram')
  t.ok((samples.get('audit_writes_total{result="ok"}') ?? 0) >= 1, 'audit writes')
  app.metrics.cacheHits.inc()
  app.metrics.configReloads.inc({ result: 'applied' })
  const again = (await app.inject({ url: '/metrics', headers: ops })).body
  t.match(again, /^cache_hits_total 1$/m, 'app.metrics counters other plugins increment show up')
  t.match(again, /^config_reloads_total\{result="applied"\} 1$/m)
}))

t.test('/docs: the OpenAPI description of /ui from the route schemas', async (t) => {
  const { app } = await service(t, 'pglite')
  const json = await app.inject({ url: '/docs/json', headers: ops })
  t.equal(json.statusCode, 200)
  t.match(json.headers['content-type'], /application\/json/)
  const doc = json.json()
  t.equal(doc.openapi, '3.0.3')
  const paths = Object.keys(doc.paths)
  t.ok(paths.includes('/ui/audit') && paths.includes('/healthz') && paths.includes('/readyz') && paths.includes('/metrics'), 'audit and operations routes are described')
  t.ok(paths.every((p) => p.startsWith('/ui/') || ['/healthz', '/readyz', '/metrics'].includes(p)), 'nothing outside /ui and the operations routes')
  const audit = doc.paths['/ui/audit'].get
  t.same(audit.parameters.map((p: { name: string }) => p.name).sort(), ['action', 'cursor', 'from', 'limit', 'path', 'status', 'to', 'user'])
  t.ok(audit.responses['200'].content['application/json'].schema.properties.items, 'the page schema is there')
  t.same(audit.security, [{ auditToken: [] }, { session: [] }])
  const ui = await app.inject({ url: '/docs/', headers: ops })
  t.equal(ui.statusCode, 200)
  t.match(ui.body, /swagger/i, 'the browsable page is served')
})

t.test('/docs, /docs/json and /metrics answer a signed-in user or Bearer OPS_TOKEN; anyone only with NODE_ENV=development', async (t) => {
  const { app } = await service(t, 'pglite')
  for (const url of ['/docs', '/docs/', '/docs/json', '/metrics']) {
    const anonymous = await app.inject(url)
    t.equal(anonymous.statusCode, 401, `${url} without credentials`)
    t.equal(anonymous.json().code, 'UI_OPS_AUTH_REQUIRED')
    t.equal((await app.inject({ url, headers: { authorization: 'Bearer not-the-ops-token-at-all-000' } })).statusCode, 401, `${url} with a wrong token`)
    t.ok([200, 302].includes((await app.inject({ url, headers: ops })).statusCode), `${url} with OPS_TOKEN`)
  }
  const login = await app.inject({ method: 'POST', url: '/ui/login', payload: { UserId: 'ag1', Password: 'Demo#1234', Lang: 'en' } })
  t.equal(login.statusCode, 200, login.body)
  const cookie = ([login.headers['set-cookie']].flat()[0] ?? '').split(';')[0] ?? ''
  t.equal((await app.inject({ url: '/metrics', headers: { cookie } })).statusCode, 200, 'a signed-in user reads them')
  const { app: dev } = await service(t, 'pglite', { NODE_ENV: 'development', OPS_TOKEN: undefined })
  t.equal((await dev.inject('/metrics')).statusCode, 200, 'open in development')
  t.equal((await dev.inject('/docs/json')).statusCode, 200)
})
