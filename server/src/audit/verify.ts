import { GENESIS_HASH, hashRecord } from './chain.ts'
import type { AuditRecord } from './record.ts'

/** The verdict on a chain: ok with the number of records, or the first broken record and why. */
export type ChainVerdict =
  | { ok: true, count: number, lastHash: string }
  | { ok: false, count: number, brokenId: number, reason: string }

/** Checks records in id order: each must link to the previous hash and hash to what it holds. */
export async function verifyRecords (records: AsyncIterable<AuditRecord> | Iterable<AuditRecord>): Promise<ChainVerdict> {
  let prev = GENESIS_HASH
  let count = 0
  for await (const record of records) {
    if (record.prevHash !== prev) {
      return { ok: false, count, brokenId: record.id, reason: `prev_hash ${record.prevHash.slice(0, 12)}… does not match the hash of the record before (${prev.slice(0, 12)}…): a record was removed, inserted or changed` }
    }
    const expected = hashRecord(record.prevHash, record.id, record)
    if (record.hash !== expected) {
      return { ok: false, count, brokenId: record.id, reason: 'its contents do not match its hash: the record was changed after it was written' }
    }
    prev = record.hash
    count++
  }
  return { ok: true, count, lastHash: prev }
}
