import t from 'tap'
import { AuditWriter } from '../../../server/src/audit/writer.ts'
import { shapeRecord } from '../../../server/src/audit/record.ts'
import { appendRecords, decodeCursor, encodeCursor, queryRecords, verifyAuditLog, walkRecords } from '../../../server/src/audit/store.ts'
import { eachDatabase } from '../../helpers/db.ts'
import { auditDb } from './helpers.ts'

t.test('200 concurrent records form one verifiable chain', (t) => eachDatabase(t, async (t, kind) => {
  const db = await auditDb(t, kind)
  const writer = new AuditWriter(db)
  const ids = await Promise.all(Array.from({ length: 200 }, (_, i) => writer.append(shapeRecord({ action: 'request', userId: `u${i % 7}`, detail: { i } }))))
  t.equal(new Set(ids).size, 200, 'each record has its own id')
  const verdict = await verifyAuditLog(db)
  t.match(verdict, { ok: true, count: 200 })
  const stored = []
  for await (const r of walkRecords(db, 37)) stored.push(r)
  t.same(stored.map((r) => r.detail), ids.map((_, i) => ({ i })).sort((a, b) => ids[a.i]! - ids[b.i]!), 'each caller got the id of its own record')
}))

t.test('deferred records share the next urgent commit, or are written alone after a short wait; flush writes the rest', (t) => eachDatabase(t, async (t, kind) => {
  const db = await auditDb(t, kind)
  const writer = new AuditWriter(db)
  const count = async () => Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM audit_log')).rows[0]!.n)
  const outcome = writer.append(shapeRecord({ action: 'outcome' }), { deferred: true })
  t.equal(await count(), 0, 'a deferred record waits')
  const request = await writer.append(shapeRecord({ action: 'request' }))
  t.ok(await outcome === request + 1, 'it rode along with the next urgent record, in the same batch')
  t.equal(await count(), 2)
  const alone = await writer.append(shapeRecord({ action: 'outcome' }), { deferred: true })
  t.ok(alone > request, 'with nothing urgent coming it is written after the linger')
  // Records appended one after another, each awaited, never wait for a drain that already ended.
  for (let i = 0; i < 5; i++) await writer.append(shapeRecord({ action: 'request', detail: { i } }))
  const pending = writer.append(shapeRecord({ action: 'outcome' }), { deferred: true })
  await writer.flush()
  t.equal(await count(), 9, 'flush wrote the waiting record')
  t.ok(await pending)
  t.match(await verifyAuditLog(db), { ok: true, count: 9 })
}))

t.test('two writers (two instances) appending at once still keep one chain', (t) => eachDatabase(t, async (t, kind) => {
  const db = await auditDb(t, kind)
  // On PostgreSQL the second instance is a second pool; on PGlite both share the one embedded database.
  const other = await db.fork(4)
  t.teardown(() => other.close())
  const a = new AuditWriter(db)
  const b = new AuditWriter(other)
  await Promise.all(Array.from({ length: 120 }, (_, i) => (i % 2 ? a : b).append(shapeRecord({ action: i % 2 ? 'a' : 'b' }))))
  t.match(await verifyAuditLog(db), { ok: true, count: 120 })
}))

t.test('tampering with a stored row is found and named', (t) => eachDatabase(t, async (t, kind) => {
  const db = await auditDb(t, kind)
  const { ids } = await appendRecords(db, Array.from({ length: 10 }, (_, i) => shapeRecord({ action: 'request', userId: 'ag1', status: 200, detail: { i } })))
  t.match(await verifyAuditLog(db), { ok: true, count: 10 })

  await db.query('UPDATE audit_log SET status = 500 WHERE id = $1', [ids[4]])
  t.match(await verifyAuditLog(db), { ok: false, brokenId: ids[4], count: 4 }, 'a changed status')
  await db.query('UPDATE audit_log SET status = 200 WHERE id = $1', [ids[4]])
  t.match(await verifyAuditLog(db), { ok: true }, 'put back, the chain holds again')

  await db.query('UPDATE audit_log SET detail = \'{"i": 99}\' WHERE id = $1', [ids[2]])
  t.match(await verifyAuditLog(db), { ok: false, brokenId: ids[2] }, 'a changed detail')
  await db.query('UPDATE audit_log SET detail = \'{"i": 2}\' WHERE id = $1', [ids[2]])

  await db.query('UPDATE audit_log SET at = at + interval \'1 second\' WHERE id = $1', [ids[7]])
  t.match(await verifyAuditLog(db), { ok: false, brokenId: ids[7] }, 'a changed time')
  await db.query('UPDATE audit_log SET at = at - interval \'1 second\' WHERE id = $1', [ids[7]])

  await db.query('DELETE FROM audit_log WHERE id = $1', [ids[5]])
  t.match(await verifyAuditLog(db), { ok: false, brokenId: ids[6], reason: /removed/ }, 'a deleted row names the record after the gap')
}))

t.test('records keep their fields exactly through the store', (t) => eachDatabase(t, async (t, kind) => {
  const db = await auditDb(t, kind)
  const fields = shapeRecord({ action: 'login', requestId: 'r1', userId: 'ag1', role: 'AG', locId: 'SG', clientAddress: '10.0.0.1', method: 'post', path: '/ui/login', status: 200, durationMs: 12, configVersion: 'v1', detail: { z: 1.5, a: ['中文', null, true], big: 9007199254740991, nested: { k: 'x<y' } } })
  const { ids: [id] } = await appendRecords(db, [fields])
  const page = await queryRecords(db, {}, undefined, 10)
  t.same(page.items[0], { ...fields, id, prevHash: '0'.repeat(64), hash: page.items[0]!.hash })
  t.match(await verifyAuditLog(db), { ok: true, count: 1 })
}))

t.test('queries: filters, newest first, cursor paging', (t) => eachDatabase(t, async (t, kind) => {
  const db = await auditDb(t, kind)
  const base = Date.parse('2024-03-01T00:00:00.000Z')
  const batch = Array.from({ length: 30 }, (_, i) => shapeRecord({
    action: i % 3 === 0 ? 'login' : 'request',
    userId: i % 2 ? 'ag1' : 'mem1',
    path: i % 5 === 0 ? '/api/v1/4d/bet' : i === 7 ? '/api/v1/tt/reportx1' : `/api/v1/tt/report_${i}`,
    status: i % 4 === 0 ? 403 : 200
  }, new Date(base + i * 60_000)))
  await appendRecords(db, batch)

  let cursor: number | undefined
  const seen: number[] = []
  for (;;) {
    const page = await queryRecords(db, {}, cursor, 7)
    seen.push(...page.items.map((r) => r.id))
    if (!page.nextCursor) break
    cursor = decodeCursor(page.nextCursor)
  }
  t.same(seen, Array.from({ length: 30 }, (_, i) => 30 - i), 'paging walks every record once, newest first')

  const byUser = await queryRecords(db, { user: 'ag1', action: 'request' }, undefined, 200)
  t.ok(byUser.items.length > 0 && byUser.items.every((r) => r.userId === 'ag1' && r.action === 'request'), 'user and action filters')
  t.equal(byUser.items.length, batch.filter((b) => b.userId === 'ag1' && b.action === 'request').length)
  const byPath = await queryRecords(db, { pathPrefix: '/api/v1/tt/' }, undefined, 200)
  t.equal(byPath.items.length, 24, 'path prefix')
  t.equal((await queryRecords(db, { pathPrefix: '/api/v1/tt/report%' }, undefined, 200)).items.length, 0, 'LIKE wildcards in the prefix are literal')
  t.equal((await queryRecords(db, { pathPrefix: '/api/v1/tt/report_1' }, undefined, 200)).items.length, batch.filter((b) => b.path?.startsWith('/api/v1/tt/report_1')).length, '_ in the prefix is literal (reportx1 does not match)')
  t.ok((await queryRecords(db, { status: 403 }, undefined, 200)).items.every((r) => r.status === 403), 'status')
  const range = await queryRecords(db, { from: new Date(base + 10 * 60_000), to: new Date(base + 20 * 60_000) }, undefined, 200)
  t.same(range.items.map((r) => r.id), Array.from({ length: 10 }, (_, i) => 20 - i), 'from is inclusive, to exclusive')
  t.equal(decodeCursor(encodeCursor(123)), 123, 'cursors round-trip')
  t.equal(decodeCursor('bm9wZQ'), undefined, 'a foreign cursor is refused')
}))
