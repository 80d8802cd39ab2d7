import { createHash } from 'node:crypto'
import type { JsonValue } from './neutralise.ts'
import type { AuditFields } from './record.ts'

/** The prev_hash of the very first record. */
export const GENESIS_HASH = '0'.repeat(64)

/** The last record of the chain: the next one takes id + 1 and links to hash. */
export interface ChainHead {
  id: number
  hash: string
}

/** JSON with object keys sorted at every level, so the same value always gives the same text (jsonb reorders keys). */
export function canonicalJson (value: JsonValue): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  const keys = Object.keys(value).sort()
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k] as JsonValue)}`).join(',')}}`
}

/** sha256 (hex) of the previous hash followed by the canonical JSON of this record's id and fields (forwardedRequestId only when set, so records older than it keep their hashes). */
export function hashRecord (prevHash: string, id: number, fields: AuditFields): string {
  const body: JsonValue = {
    id,
    at: fields.at,
    requestId: fields.requestId,
    userId: fields.userId,
    role: fields.role,
    locId: fields.locId,
    clientAddress: fields.clientAddress,
    action: fields.action,
    method: fields.method,
    path: fields.path,
    status: fields.status,
    durationMs: fields.durationMs,
    configVersion: fields.configVersion,
    detail: fields.detail,
    ...(fields.forwardedRequestId === null ? {} : { forwardedRequestId: fields.forwardedRequestId })
  }
  return createHash('sha256').update(prevHash).update(canonicalJson(body)).digest('hex')
}
