import t from 'tap'
import type { Test } from 'tap'
import { loadSettings } from '../../../server/shared/env.ts'
import { buildService } from '../../../server/src/app.ts'
import { eachDatabase, freshDb, type DbKind } from '../../helpers/db.ts'
import { startGameApi } from '../../helpers/product.ts'

/** The service on a fresh store, talking to the reference game API on a free port. */
async function service (t: Test, kind: DbKind) {
  const { gameApi, gameApiUrl } = await startGameApi(t, { kind })
  const store = await freshDb(t, kind)
  const app = await buildService({ settings: loadSettings({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://' }), gameApiUrl, store })
  t.teardown(() => app.close())
  await app.ready()
  return { app, gameApi, gameApiUrl, store }
}

t.test('/healthz, /readyz and the request id', (t) => eachDatabase(t, async (t, kind) => {
  const { app, gameApi, gameApiUrl, store } = await service(t, kind)
  const health = await app.inject('/healthz')
  t.equal(health.statusCode, 200)
  t.same(health.json(), { status: 'ok' })
  t.match(health.headers['x-request-id'], /^[0-9a-f-]{36}$/, 'every answer carries its request id')
  t.equal((await app.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-trace-42' } })).headers['x-request-id'], 'lb-trace-42', "the caller's request id is kept")
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
  t.match(noGame.json().checks.gameApi.message, /ECONNREFUSED/, 'and why')
  t.equal((await app.inject('/healthz')).statusCode, 200, 'the process itself is still alive')

  await store.close()
  store.close = async () => {} // the fixture's teardown closes it again
  const noStore = await app.inject('/readyz')
  t.equal(noStore.statusCode, 503)
  t.same(noStore.json().failed, ['gameApi', 'store'], 'store down is named too')
}))

t.test('/metrics is Prometheus text with requests, latency, audit writes, cache and config counters', (t) => eachDatabase(t, async (t, kind) => {
  const { app } = await service(t, kind)
  await app.inject('/healthz')
  await app.inject('/healthz')
  await app.inject('/ui/no/such/route')
  await app.audit.record({ action: 'test' })
  const res = await app.inject('/metrics')
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
  const again = (await app.inject('/metrics')).body
  t.match(again, /^cache_hits_total 1$/m, 'app.metrics counters other plugins increment show up')
  t.match(again, /^config_reloads_total\{result="applied"\} 1$/m)
}))

t.test('/docs: the OpenAPI description of /ui from the route schemas', async (t) => {
  const { app } = await service(t, 'pglite')
  const json = await app.inject('/docs/json')
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
  const ui = await app.inject('/docs/')
  t.equal(ui.statusCode, 200)
  t.match(ui.body, /swagger/i, 'the browsable page is served')
})
