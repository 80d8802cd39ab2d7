import t from 'tap'
import { buildGameApi } from '../helpers/build.ts'
import { onTestDatabase } from '../helpers/db.ts'
import { gameApiHarness } from './harness.ts'
import { contractFields } from '../helpers/envelope.ts'

onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const count = async (table: string) => Number((await h.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n)

  t.test('the seed runs once: a second start on the same database changes nothing', async (t) => {
    t.equal(await count('users'), 8)
    t.equal(await count('locations'), 6)
    t.equal(await count('user_locations'), 21)
    t.equal(await count('sms_settings'), 2)
    const announcements = await count('announcements')
    t.ok(announcements >= 6)
    const { gameApi: again } = await buildGameApi(t, { db: h.db, listen: false })
    t.equal(await count('users'), 8)
    t.equal(await count('announcements'), announcements)
    t.equal(await count("audits WHERE action = 'seed'"), 1)
    const hashes = (await h.db.query<{ password_hash: string }>('SELECT password_hash FROM users')).rows.map((r) => r.password_hash)
    t.equal(new Set(hashes).size, 8, 'each password hash has its own salt')
    t.ok(hashes.every((hash) => hash.startsWith('scrypt$') && !hash.includes('Demo#1234')))
    const tree = (await h.db.query<{ user_id: string, parent_id: string | null }>('SELECT user_id, parent_id FROM users ORDER BY user_id')).rows
    t.same(tree.find((r) => r.user_id === 'mem2'), { user_id: 'mem2', parent_id: 'ag2' })
    const grant = await again.inject({ method: 'POST', url: '/api/v1/oauth/token', payload: { username: 'clerk', password: 'Demo#1234' } })
    t.equal(grant.statusCode, 200, 'the default options (system clock, no sink) work')
  })

  t.test('unknown paths answer the envelope with 404', async (t) => {
    for (const [method, url] of [['GET', '/api/v1/unknown'], ['POST', '/api/v2/oauth/token'], ['DELETE', '/api/v1/4d/loc'], ['GET', '/']] as const) {
      const r = await h.call(method, url)
      t.equal(r.statusCode, 404, `${method} ${url}`)
      t.same(contractFields(r.json()), { success: false, message: `${method} ${url} is not a game API path; see server/docs/game-api.md for the paths.` })
    }
  })

  t.test('malformed requests are 4xx in the envelope, never 500', async (t) => {
    const json = await h.call('POST', '/api/v1/oauth/token', { payload: '{"username":"ag1",', headers: { 'content-type': 'application/json' } })
    t.equal(json.statusCode, 400)
    t.match(json.json(), { success: false, code: 'GA_REQUEST_UNREADABLE', message: /JSON/ }, 'Fastify\'s own refusal, catalogued')
    const text = await h.call('POST', '/api/v1/oauth/token', { payload: 'username=ag1', headers: { 'content-type': 'text/plain' } })
    t.same(contractFields(text.json()), { success: false, message: 'body must be an object' })
    const xml = await h.call('POST', '/api/v1/oauth/token', { payload: '<a/>', headers: { 'content-type': 'application/xml' } })
    t.equal(xml.statusCode, 415)
    t.match(xml.json(), { success: false, code: 'GA_REQUEST_UNREADABLE' }, 'under the status Fastify gave')
    const big = await h.call('POST', '/api/v1/oauth/token', { payload: JSON.stringify({ username: 'a'.repeat(2_000_000), password: 'x' }), headers: { 'content-type': 'application/json' } })
    t.equal(big.statusCode, 413)
    const wrongType = await h.call('POST', '/api/v1/oauth/token', { payload: { username: { a: 1 }, password: 'x' } })
    t.same(contractFields(wrongType.json()), { success: false, message: 'body/username must be a string' })
    const array = await h.call('POST', '/api/v1/oauth/token', { payload: [1, 2] })
    t.same(contractFields(array.json()), { success: false, message: 'body must be an object' })
  })

  t.test('the health check answers', async (t) => {
    t.same((await h.call('GET', '/healthz')).json(), { success: true, data: 'ok' })
  })
})
