import { Writable } from 'node:stream'
import t from 'tap'
import Fastify, { type FastifyInstance } from 'fastify'
import type { Test } from 'tap'
import { loadSettings } from '../../../server/shared/env.ts'
import { loggerOptions } from '../../../server/shared/logger.ts'
import type { Db } from '../../../server/shared/db.ts'
import storePlugin from '../../../server/src/plugins/app/store.ts'
import eventsPlugin from '../../../server/src/plugins/app/events.ts'
import metricsPlugin from '../../../server/src/plugins/app/metrics.ts'
import auditPlugin from '../../../server/src/plugins/app/audit.ts'
import { verifyAuditLog } from '../../../server/src/audit/store.ts'
import { onTestDatabase, freshDb, type DbKind } from '../../helpers/db.ts'
import { wholeAuditTable } from './helpers.ts'
import { eventually } from '../../helpers/eventually.ts'

interface Rig { app: FastifyInstance, db: Db, forks: Db[], logs: string[], effects: string[], emitConfig: (change: unknown) => void }

/** The audit plugin as the service wires it (store, events, a config store's onChange, metrics), a guarded POST and a plain GET, logs captured. */
async function rig (t: Test, kind: DbKind): Promise<Rig> {
  const db = await freshDb(t, kind, { of: 'service' })
  // Keeps the handles the plugins fork off the store, so a test can take the whole store down.
  const forks: Db[] = []
  const fork = db.fork.bind(db)
  db.fork = async (max) => { const handle = await fork(max); forks.push(handle); return handle }
  const logs: string[] = []
  const stream = new Writable({ write (chunk, _enc, done) { logs.push(String(chunk)); done() } })
  const app = Fastify({ logger: { ...(loggerOptions('trace') as object), stream }, requestIdHeader: 'x-request-id', genReqId: () => crypto.randomUUID() })
  app.decorate('settings', loadSettings({ DATA_DIR: 'memory://' }))
  const listeners: Array<(change: unknown) => void> = []
  // Stands in for the config store: only the two members the audit and metrics plugins read.
  app.decorate('configStore', { onChange: (fn: (change: unknown) => void) => { listeners.push(fn) }, current: () => ({ version: 'cfg-v7' }) } as never)
  await app.register(storePlugin, { db, owned: false })
  await app.register(eventsPlugin)
  await app.register(metricsPlugin)
  await app.register(auditPlugin)
  const effects: string[] = []
  app.post('/api/v1/4d/thing', async (request, reply) => {
    // Logs the body as a route might; the shared logger's redaction must hold for it.
    request.log.info({ body: request.body }, 'mutating call')
    if (!await app.audit.guard(request, reply, { action: 'api-call', detail: { body: request.body, headers: request.headers } })) return reply
    // Audit before effect: the record is committed by the time the effect runs.
    const seen = await app.store.query('SELECT 1 FROM audit_log WHERE id = $1', [request.auditId])
    effects.push(seen.rowCount === 1 ? 'after-record' : 'without-record')
    return { success: true, data: 'done' }
  })
  app.get('/api/v1/4d/thing', async () => ({ success: true, data: 'read' }))
  t.teardown(() => app.close())
  await app.ready()
  return { app, db, forks, logs, effects, emitConfig: (change) => { for (const fn of listeners) fn(change) } }
}

t.test('guarded calls: record committed before the effect, outcome appended after', (t) => onTestDatabase(t, async (t, kind) => {
  const { app, db, effects } = await rig(t, kind)
  const res = await app.inject({ method: 'POST', url: '/api/v1/4d/thing?LocId=SG', payload: { a: 1 }, headers: { 'x-request-id': 'req-abc' } })
  t.equal(res.statusCode, 200)
  t.same(effects, ['after-record'])
  await eventually(async () => (await db.query("SELECT 1 FROM audit_log WHERE action = 'outcome'")).rowCount === 1)
  const { rows } = await db.query<Record<string, unknown>>('SELECT * FROM audit_log ORDER BY id')
  t.match(rows[0], { action: 'api-call', request_id: 'req-abc', method: 'POST', path: '/api/v1/4d/thing', status: null, config_version: 'cfg-v7', client_address: '127.0.0.1' })
  t.match(rows[1], { action: 'outcome', request_id: 'req-abc', status: 200, detail: { of: Number(rows[0]!.id) } })
  t.ok(typeof rows[1]!.duration_ms === 'number', 'the outcome carries the duration')
  t.match(await verifyAuditLog(db), { ok: true, count: 2 })
}))

t.test('session events and config changes are recorded', (t) => onTestDatabase(t, async (t, kind) => {
  const { app, db, emitConfig } = await rig(t, kind)
  const base = { ip: '10.1.2.3', requestId: 'r-ev' }
  app.events.emit('login', { ...base, UserId: 'ag1', LocId: 'SG', updatePassword: false, termsAccepted: true })
  app.events.emit('login-failed', { ...base, UserId: 'ag1', message: 'Invalid password', captchaRequired: true, status: 400 })
  app.events.emit('logout', { ...base, UserId: 'ag1', reason: 'user' })
  app.events.emit('password-changed', { ...base, UserId: 'mem2', forced: true, ok: true, message: 'ok' })
  app.events.emit('terms', { ...base, UserId: 'mem3', agree: false })
  app.events.emit('denied', { ...base, UserId: 'mem1', path: '/report/full', LocId: 'SG', reason: 'not in menu' })
  emitConfig({ kind: 'loaded', version: 'v2', previousVersion: 'v1', loadedAt: '2024-01-01T00:00:00.000Z' })
  emitConfig({ kind: 'rejected', version: 'v3', keptVersion: 'v2', at: '2024-01-01T00:00:01.000Z', errors: [{ file: 'menu.json', pointer: '/groups/0', message: 'bad <b>' }] })
  await eventually(async () => (await db.query('SELECT 1 FROM audit_log')).rowCount === 8)
  const { rows } = await db.query<Record<string, any>>('SELECT action, user_id, loc_id, status, path, request_id, client_address, config_version, detail FROM audit_log ORDER BY id')
  t.same(rows.map((r) => r.action).sort(), ['config-reload', 'config-rejected', 'denied', 'login', 'login-failed', 'logout', 'password-changed', 'terms'].sort())
  const by = Object.fromEntries(rows.map((r) => [r.action, r]))
  t.match(by.login, { user_id: 'ag1', loc_id: 'SG', request_id: 'r-ev', detail: { ip: '10.1.2.3', updatePassword: false } })
  t.match(by['login-failed'], { user_id: 'ag1', status: 400, detail: { captchaRequired: true } })
  t.match(by.denied, { user_id: 'mem1', path: '/report/full', detail: { reason: 'not in menu' } })
  t.match(by.terms, { user_id: 'mem3', detail: { agree: false } })
  t.match(by['config-reload'], { config_version: 'v2', detail: { previousVersion: 'v1' } })
  t.match(by['config-rejected'], { config_version: 'v3', detail: { keptVersion: 'v2', errorCount: 1, errors: [{ message: 'bad &lt;b&gt;' }] } })
  const metrics = await app.metrics.registry.metrics()
  t.match(metrics, /config_reloads_total\{result="applied"\} 1/)
  t.match(metrics, /config_reloads_total\{result="rejected"\} 1/)
}))

t.test('canaries: no password, token, captcha answer or cookie reaches the audit table or the log', (t) => onTestDatabase(t, async (t, kind) => {
  const { app, db, logs } = await rig(t, kind)
  const canary = {
    password: 'CANARY-pw-7f3a91',
    newPassword: 'CANARY-newpw-22c1',
    token: 'CANARY-token-b81e0c',
    captcha: 'CANARY-captcha-k9q',
    xToken: 'CANARY-xtoken-51d',
    cookie: 'CANARY-cookie-0aa4',
    csrf: 'CANARY-csrf-e19'
  }
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/4d/thing',
    headers: { cookie: `bo_session=${canary.cookie}`, authorization: `Bearer ${canary.token}`, 'x-csrf-token': canary.csrf, 'x-token': canary.xToken },
    payload: { UserId: 'canary-user', OldPassword: canary.password, Password1: canary.newPassword, Password2: canary.newPassword, Token: canary.captcha, xToken: canary.xToken }
  })
  t.equal(res.statusCode, 200)
  await app.audit.record({ action: 'login-failed', userId: 'canary-user', detail: { Password: canary.password, access_token: canary.token, captcha: canary.captcha, nested: [{ cookie: canary.cookie }] } })
  app.events.emit('login-failed', { UserId: 'canary-user', ip: '10.0.0.9', requestId: 'r', message: 'x', captchaRequired: false, status: 400, ...{ Password: canary.password, Token: canary.captcha } } as never)
  await eventually(async () => (await db.query('SELECT 1 FROM audit_log')).rowCount === 4)
  const table = await wholeAuditTable(db)
  const log = logs.join('')
  t.match(table, /canary-user/, 'the records were written (the search looks at the right data)')
  t.match(table, /\[redacted\]/, 'secrets were replaced')
  t.match(log, /canary-user/, 'the log was captured, request bodies included')
  for (const [name, value] of Object.entries(canary)) {
    t.notOk(table.includes(value), `the ${name} canary is not in the audit table`)
    t.notOk(log.includes(value), `the ${name} canary is not in the log`)
  }
}))

t.test('CR, LF and markup are neutralised in stored fields', (t) => onTestDatabase(t, async (t, kind) => {
  const { app, db } = await rig(t, kind)
  await app.audit.record({ action: 'denied', userId: 'ag1\r\n2024-01-01 INFO admin signed in', path: '/x<script>', detail: { note: '<img src=x onerror=alert(1)>\nnext' } })
  const { rows } = await db.query<Record<string, any>>('SELECT user_id, path, detail FROM audit_log')
  t.equal(rows[0]!.user_id, 'ag1\\r\\n2024-01-01 INFO admin signed in')
  t.equal(rows[0]!.path, '/x&lt;script&gt;')
  t.equal(rows[0]!.detail.note, '&lt;img src=x onerror=alert(1)&gt;\\nnext')
  t.notOk(/[\r\n<>]/.test(JSON.stringify(rows)), 'no raw CR, LF or angle bracket is stored')
}))

t.test('store down: record rejects, mutating calls answer 503 without effect, reads go on', (t) => onTestDatabase(t, async (t, kind) => {
  const { app, db, effects, forks } = await rig(t, kind)
  t.equal((await app.inject({ method: 'POST', url: '/api/v1/4d/thing', payload: {} })).statusCode, 200, 'up: the call goes through')
  // The server goes away for every handle: the store's and the audit writer's own connection (a fork of the store).
  await db.close()
  db.close = async () => {} // the fixture's teardown closes it again
  for (const fork of forks) { await fork.close(); fork.close = async () => {} }
  await t.rejects(app.audit.record({ action: 'x' }), { code: 'AUDIT_UNAVAILABLE', statusCode: 503 })
  const res = await app.inject({ method: 'POST', url: '/api/v1/4d/thing', payload: {} })
  t.equal(res.statusCode, 503)
  t.same(res.json(), { success: false, code: 'AUDIT_UNAVAILABLE', message: 'The audit log is unavailable; no change was made.' })
  t.same(effects, ['after-record'], 'the refused call had no effect')
  const read = await app.inject({ method: 'GET', url: '/api/v1/4d/thing' })
  t.equal(read.statusCode, 200, 'reads go on')
  t.match(await app.metrics.registry.metrics(), /audit_writes_total\{result="failed"\} [1-9]/)
}))
