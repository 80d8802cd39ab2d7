// What the service's caches drop, as one instance tells the others: the message format, and its checked reading.

/** What a session forgets: every cached read, or only the profile (credit, balances) that its own write may have changed. */
export type ForgetScope = 'all' | 'profile'

/** One thing every instance drops from its caches. */
export type Invalidation =
  /** Any write: the cached GET answers (a write may change any of them). */
  | { kind: 'answers' }
  /** Clear Cache: every cache. */
  | { kind: 'all' }
  /** A config was loaded: answers cut to the old column sets and pages resolved from it; an instance on another version reads its directory again. */
  | { kind: 'config', version: string }
  /** Another user's call changed this user's rights or account: every read of every session of theirs, and every preview of them. */
  | { kind: 'user', userId: string }
  /** A session ended or changed location or password (all), or made a write (profile). */
  | { kind: 'session', tokenKey: string, scope: ForgetScope }
  /** A write changed what a location's reads hold (its settings, SMS settings): those reads in every session. */
  | { kind: 'location', locId: string }

/** The wire form: the sending instance's id and what it dropped. */
export interface InvalidationMessage { from: string, batch: Invalidation[] }

const text = (value: unknown): value is string => typeof value === 'string' && value !== '' && value.length <= 200

/** One invalidation read from untrusted JSON, or undefined when it is not one. */
function invalidationOf (value: unknown): Invalidation | undefined {
  if (value === null || typeof value !== 'object') return undefined
  const v = value as Record<string, unknown>
  switch (v.kind) {
    case 'answers': return { kind: 'answers' }
    case 'all': return { kind: 'all' }
    case 'config': return text(v.version) ? { kind: 'config', version: v.version } : undefined
    case 'user': return text(v.userId) ? { kind: 'user', userId: v.userId } : undefined
    case 'session': return text(v.tokenKey) && (v.scope === 'all' || v.scope === 'profile') ? { kind: 'session', tokenKey: v.tokenKey, scope: v.scope } : undefined
    case 'location': return text(v.locId) ? { kind: 'location', locId: v.locId } : undefined
    default: return undefined
  }
}

/** A message from the channel, or undefined when it is not one (then nothing is dropped on its account). */
export function parseInvalidationMessage (raw: string): InvalidationMessage | undefined {
  let value: unknown
  try { value = JSON.parse(raw) } catch { return undefined }
  if (value === null || typeof value !== 'object') return undefined
  const { from, batch } = value as { from?: unknown, batch?: unknown }
  if (!text(from) || !Array.isArray(batch) || batch.length === 0 || batch.length > 100) return undefined
  const read = batch.map(invalidationOf)
  return read.every((i) => i !== undefined) ? { from, batch: read as Invalidation[] } : undefined
}
