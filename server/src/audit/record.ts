import { neutraliseText, sanitiseDetail, type JsonValue } from './neutralise.ts'

/** What a caller hands to the audit log: an action and whatever context it knows. */
export interface AuditEntry {
  action: string
  requestId?: string | null | undefined
  forwardedRequestId?: string | null | undefined
  userId?: string | null | undefined
  role?: string | null | undefined
  locId?: string | null | undefined
  clientAddress?: string | null | undefined
  method?: string | null | undefined
  /** Path without its query string (a query found here is cut off; put what matters of it in detail). */
  path?: string | null | undefined
  status?: number | null | undefined
  durationMs?: number | null | undefined
  configVersion?: string | null | undefined
  /** The number of the live config version (GET /ui/config/versions): stored in detail as configVersionNumber. */
  configVersionNumber?: number | null | undefined
  detail?: unknown
}

/** One record's fields as stored and hashed (everything but id, prev_hash and hash). */
export interface AuditFields {
  at: string
  requestId: string | null
  /** The id a trusted proxy forwarded (x-request-id); null when none or not trusted. */
  forwardedRequestId: string | null
  userId: string | null
  role: string | null
  locId: string | null
  clientAddress: string | null
  action: string
  method: string | null
  path: string | null
  status: number | null
  durationMs: number | null
  configVersion: string | null
  detail: JsonValue
}

/** A stored record: its fields plus its place in the chain. */
export interface AuditRecord extends AuditFields {
  id: number
  prevHash: string
  hash: string
}

const text = (value: string | null | undefined, max = 200): string | null =>
  value === null || value === undefined || value === '' ? null : neutraliseText(String(value)).slice(0, max)

const whole = (value: number | null | undefined, max: number): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(Math.max(Math.round(value), 0), max) : null

/** The detail with the config version number in it: beside an object's keys, else beside the value (an earlier record's detail stays as it was). */
function detailWith (detail: JsonValue, configVersionNumber: number | null): JsonValue {
  if (configVersionNumber === null) return detail
  if (detail === null) return { configVersionNumber }
  if (typeof detail === 'object' && !Array.isArray(detail)) return { ...detail, configVersionNumber }
  return { value: detail, configVersionNumber }
}

/** Shapes an entry into storable fields: text neutralised and bounded, path without query, numbers whole, detail redacted. */
export function shapeRecord (entry: AuditEntry, at: Date = new Date()): AuditFields {
  return {
    at: at.toISOString(),
    requestId: text(entry.requestId, 100),
    forwardedRequestId: text(entry.forwardedRequestId, 100),
    userId: text(entry.userId, 100),
    role: text(entry.role, 50),
    locId: text(entry.locId, 50),
    clientAddress: text(entry.clientAddress, 100),
    action: text(entry.action, 100) ?? 'unknown',
    method: text(entry.method?.toUpperCase(), 10),
    path: text(entry.path?.split('?')[0], 1000),
    status: whole(entry.status, 999),
    durationMs: whole(entry.durationMs, 2_147_483_647),
    configVersion: text(entry.configVersion, 100),
    detail: detailWith(entry.detail === undefined ? null : sanitiseDetail(entry.detail), whole(entry.configVersionNumber, Number.MAX_SAFE_INTEGER))
  }
}
