import { GENESIS_HASH, hashRecord } from './chain.ts'
import type { AuditRecord } from './record.ts'
import type { Checkpoint } from './anchor.ts'

/** The verdict on a chain: ok with the number of records, or the first broken record and why. */
export type ChainVerdict =
  | { ok: true, count: number, lastId: number, lastHash: string }
  | { ok: false, count: number, brokenId: number, reason: string }

/** Checks records in id order: each must link to the previous hash and hash to what it holds. */
export async function verifyRecords (records: AsyncIterable<AuditRecord> | Iterable<AuditRecord>): Promise<ChainVerdict> {
  let prev = GENESIS_HASH
  let count = 0
  let lastId = 0
  for await (const record of records) {
    if (record.prevHash !== prev) {
      return { ok: false, count, brokenId: record.id, reason: `prev_hash ${record.prevHash.slice(0, 12)}… does not match the hash of the record before (${prev.slice(0, 12)}…): a record was removed, inserted or changed` }
    }
    const expected = hashRecord(record.prevHash, record.id, record)
    if (record.hash !== expected) {
      return { ok: false, count, brokenId: record.id, reason: 'its contents do not match its hash: the record was changed after it was written' }
    }
    prev = record.hash
    lastId = record.id
    count++
  }
  return { ok: true, count, lastId, lastHash: prev }
}

/**
 * Holds an intact chain against the signed checkpoints kept outside it: the newest checkpoint's record must still be
 * there (else the tail was deleted), and every checkpointed record must still have the hash it was committed with.
 * hashes holds the stored hash of each checkpointed id that exists.
 */
export function checkAnchors (verdict: ChainVerdict & { ok: true }, checkpoints: readonly Checkpoint[], hashes: ReadonlyMap<number, string>): ChainVerdict {
  const newest = checkpoints.reduce<Checkpoint | undefined>((a, c) => (a === undefined || c.id > a.id ? c : a), undefined)
  if (newest && newest.id > verdict.lastId) {
    return { ok: false, count: verdict.count, brokenId: verdict.lastId + 1, reason: `records after id ${verdict.lastId} are missing: the last checkpoint, at ${newest.at}, names head id ${newest.id} with hash ${newest.hash}` }
  }
  for (const checkpoint of checkpoints) {
    const stored = hashes.get(checkpoint.id)
    if (stored !== checkpoint.hash) {
      return { ok: false, count: verdict.count, brokenId: checkpoint.id, reason: `the checkpoint at ${checkpoint.at} names hash ${checkpoint.hash.slice(0, 12)}… for this record but it holds ${stored?.slice(0, 12) ?? 'nothing'}…: the log was rewritten from there` }
    }
  }
  return verdict
}
