import t from 'tap'
import { GENESIS_HASH, canonicalJson, hashRecord } from '../../../server/src/audit/chain.ts'
import { shapeRecord, type AuditRecord } from '../../../server/src/audit/record.ts'
import { verifyRecords } from '../../../server/src/audit/verify.ts'

t.test('canonical JSON sorts keys at every level and keeps arrays in order', async (t) => {
  t.equal(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } }), '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}')
  t.equal(canonicalJson({ a: 1, b: 2 }), canonicalJson({ b: 2, a: 1 }))
})

/** A chain of n records built in memory as the store builds it. */
function chain (n: number): AuditRecord[] {
  const records: AuditRecord[] = []
  let prev = GENESIS_HASH
  for (let id = 1; id <= n; id++) {
    const fields = shapeRecord({ action: 'request', userId: `u${id}`, detail: { n: id } }, new Date(1_700_000_000_000 + id))
    const hash = hashRecord(prev, id, fields)
    records.push({ ...fields, id, prevHash: prev, hash })
    prev = hash
  }
  return records
}

t.test('an intact chain verifies with its count', async (t) => {
  const verdict = await verifyRecords(chain(5))
  t.match(verdict, { ok: true, count: 5 })
  t.match(await verifyRecords([]), { ok: true, count: 0, lastHash: GENESIS_HASH }, 'an empty log is intact')
})

t.test('any change is found and the first broken record named', async (t) => {
  const changed = chain(5)
  changed[2] = { ...changed[2]!, userId: 'someone else' }
  t.match(await verifyRecords(changed), { ok: false, brokenId: 3, count: 2, reason: /contents do not match/ }, 'a changed field')

  const detail = chain(5)
  detail[1] = { ...detail[1]!, detail: { n: 99 } }
  t.match(await verifyRecords(detail), { ok: false, brokenId: 2 }, 'a changed detail')

  const removed = chain(5)
  removed.splice(2, 1)
  t.match(await verifyRecords(removed), { ok: false, brokenId: 4, reason: /removed, inserted or changed/ }, 'a removed record breaks the next link')

  const rehashed = chain(5)
  const r = rehashed[1]!
  const fields = { ...r, action: 'forged' }
  rehashed[1] = { ...fields, hash: hashRecord(r.prevHash, r.id, fields) }
  t.match(await verifyRecords(rehashed), { ok: false, brokenId: 3 }, 'a record rehashed after a change breaks its successor')

  const renumbered = chain(3)
  renumbered[1] = { ...renumbered[1]!, id: 7 }
  t.match(await verifyRecords(renumbered), { ok: false, brokenId: 7 }, 'the id is part of the hash')
})
