import t from 'tap'
import { onTestDatabase } from '../../helpers/db.ts'
import { startSessionProduct } from '../../helpers/http-browser.ts'
import { verifyAuditLog } from '../../../server/src/audit/store.ts'
import { wholeAuditTable } from './helpers.ts'

const AUDIT_TOKEN = 'audit-token-for-support-tooling-0123'
const bearer = { authorization: `Bearer ${AUDIT_TOKEN}` }

t.test('GET /ui/audit over HTTP against the reference game API', (t) => onTestDatabase(t, async (t, kind) => {
  const product = await startSessionProduct(t, { kind, env: { AUDIT_TOKEN } })
  const { service } = product
  const support = product.browser()

  await t.test('who may read', async (t) => {
    const none = await support.get('/ui/audit')
    t.equal(none.status, 401)
    t.equal(none.json.code, 'AUDIT_AUTH_REQUIRED')
    t.match(none.headers.get('www-authenticate'), /^Bearer/)
    for (const authorization of [`Bearer ${AUDIT_TOKEN}x`, `Bearer ${AUDIT_TOKEN.slice(0, -1)}`, 'Bearer short', `Basic ${AUDIT_TOKEN}`, AUDIT_TOKEN, 'Bearer ']) {
      const wrong = await support.get('/ui/audit', { authorization })
      t.equal(wrong.status, 401, `"${authorization.slice(0, 12)}…" is refused`)
      t.equal(wrong.json.code, 'AUDIT_TOKEN_INVALID')
    }
    t.equal((await support.get('/ui/audit', bearer)).status, 200, 'support tooling holding AUDIT_TOKEN reads')

    const admin = product.browser()
    t.equal((await admin.login('admin')).status, 200)
    const asAdmin = await admin.get('/ui/audit?limit=5')
    t.equal(asAdmin.status, 200, 'a signed-in ADMIN reads')
    t.equal(asAdmin.json.items.length, 5)
    for (const user of ['ag1', 'mem1']) {
      const b = product.browser()
      t.equal((await b.login(user)).status, 200)
      const refused = await b.get('/ui/audit')
      t.equal(refused.status, 403, `${user} may not read`)
      t.equal(refused.json.code, 'AUDIT_FORBIDDEN')
    }
    const denials = await support.get('/ui/audit?action=denied&limit=200', bearer)
    t.ok(denials.json.items.length >= 9, 'every refusal was audited')
    t.ok(denials.json.items.some((r: any) => r.userId === 'mem1' && r.status === 403 && r.path === '/ui/audit'), 'with the user and the path')
    t.ok(denials.json.items.some((r: any) => r.detail.reason === 'AUDIT_TOKEN_INVALID' && r.status === 401), 'and a wrong token')
  })

  await t.test('every read is itself audited, with its filters', async (t) => {
    const read = await support.get('/ui/audit?user=nobody-xyz&status=418', { ...bearer, 'x-request-id': 'read-req-1' })
    t.equal(read.status, 200)
    t.same(read.json, { items: [], nextCursor: null })
    const reads = await support.get('/ui/audit?action=audit-read&limit=1', bearer)
    t.match(reads.json.items[0], { action: 'audit-read', role: 'support-token', path: '/ui/audit', method: 'GET', detail: { via: 'token' } }, 'the newest audit-read is the one just made… ')
    const byRequest = await support.get('/ui/audit?action=audit-read&limit=200', bearer)
    // The service names each request with an id of its own (the caller's x-request-id is not taken) and answers it.
    const readId = read.headers.get('x-request-id')
    t.not(readId, 'read-req-1', 'the request id is the service\'s own')
    t.match(byRequest.json.items.find((r: any) => r.requestId === readId), { detail: { via: 'token', filters: { user: 'nobody-xyz', status: 418 } } }, 'the earlier read, with its filters')
    const adminReads = byRequest.json.items.filter((r: any) => r.userId === 'admin')
    t.ok(adminReads.length >= 1 && adminReads.every((r: any) => r.role === 'ADMIN' && r.detail.via === 'session'), 'an admin read names the admin')
  })

  await t.test('filters and cursor paging', async (t) => {
    const base = Date.parse('2020-06-01T00:00:00.000Z')
    // Thirty records under one action so other traffic (reads, logins) stays out of the pages.
    for (let i = 0; i < 30; i++) {
      await service.audit.record({ action: 'seeded', userId: i % 2 ? 'ag1' : 'mem1', path: i % 3 ? `/api/v1/4d/p${i}` : `/api/v1/tt/p${i}`, status: i % 4 ? 200 : 403, detail: { i } })
    }
    const ids: number[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const page: any = await support.get(`/ui/audit?action=seeded&limit=7${cursor ? `&cursor=${cursor}` : ''}`, bearer)
      t.equal(page.status, 200)
      ids.push(...page.json.items.map((r: any) => r.id))
      cursor = page.json.nextCursor
      pages++
    } while (cursor)
    t.equal(pages, 5, '30 records in pages of 7')
    t.equal(ids.length, 30)
    t.same(ids, [...ids].sort((a, b) => b - a), 'newest first')
    t.equal(new Set(ids).size, 30, 'no record twice')

    const get = async (query: string) => (await support.get(`/ui/audit?action=seeded&limit=200&${query}`, bearer)).json.items as any[]
    const ag1 = await get('user=ag1')
    t.ok(ag1.length === 15 && ag1.every((r) => r.userId === 'ag1'), 'user')
    const tt = await get(`path=${encodeURIComponent('/api/v1/tt/')}`)
    t.ok(tt.length === 10 && tt.every((r) => r.path.startsWith('/api/v1/tt/')), 'path prefix')
    const forbidden = await get('status=403')
    t.ok(forbidden.length === 8 && forbidden.every((r) => r.status === 403), 'status')
    t.equal((await get('user=ag1&status=403')).length, 0, 'filters combine (ag1 has odd i, 403 needs i % 4 = 0)')
    t.equal((await get(`from=${new Date(base).toISOString()}&to=2021-01-01T00:00:00.000Z`)).length, 0, 'time range: nothing written in 2020')
    const now = await get(`from=${new Date(Date.now() - 3_600_000).toISOString()}&to=${new Date(Date.now() + 60_000).toISOString()}`)
    t.equal(now.length, 30, 'time range: all written this hour')
  })

  await t.test('bad queries answer 400 naming the field', async (t) => {
    for (const [query, field] of <Array<[string, string]>>[['limit=201', 'limit'], ['limit=0', 'limit'], ['status=abc', 'status'], ['from=yesterday', 'from'], ['path=no-slash', 'path'], ['cursor=bm9wZQ', 'cursor'], ['cursor=%3Cx%3E', 'cursor']]) {
      const answer = await support.get(`/ui/audit?${query}`, bearer)
      t.equal(answer.status, 400, query)
      t.match(answer.json.message, field, `${query}: the message names ${field}`)
    }
    const range = await support.get('/ui/audit?from=2024-02-01T00:00:00Z&to=2024-01-01T00:00:00Z', bearer)
    t.equal(range.status, 400)
    t.equal(range.json.code, 'AUDIT_BAD_RANGE')
  })

  await t.test('sign-in secrets never reach the audit table', async (t) => {
    const b = product.browser()
    const canaryPassword = 'CANARY-login-pw-93ff1e'
    t.equal((await b.login('ag1', canaryPassword)).status, 400, 'a wrong password is refused')
    const failed = await support.get('/ui/audit?action=login-failed&user=ag1', bearer)
    t.ok(failed.json.items.length >= 1, 'the failed sign-in is audited')
    const table = await wholeAuditTable(service.store)
    t.notOk(table.includes(canaryPassword), 'its password is not')
    const ops = product.browser()
    t.equal((await ops.login('ops')).status, 200)
    t.equal((await ops.get('/ui/audit?limit=1')).status, 200, 'an admin with a session cookie reads')
    const table2 = await wholeAuditTable(service.store)
    t.notOk(table2.includes(product.tokenOf(ops)), 'the game API token of a session is not')
    t.notOk(table2.includes(ops.cookie.split('=')[1] ?? 'no cookie'), 'nor its session cookie')
    t.notOk(table2.includes(ops.csrf), 'nor its CSRF token')
  })

  t.match(await verifyAuditLog(service.store), { ok: true }, 'after all of it the chain verifies')
}))
