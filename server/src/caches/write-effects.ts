// What a proxied write makes every instance drop: one reading of a write's effects on the service's caches.
import type { Invalidation } from './invalidation.ts'

/** Writes that change what a location's kept reads hold: draws (the close dates in settings), SMS settings, maintenance. */
const LOCATION_WRITE = /^\/api\/v1\/(?:4d|tt)\/(?:draw(?:[/?]|$)|dSMSSetting\b|updateSMSGateway\b|maintenance\b)/

/** A finished write as the caches see it. */
export interface FinishedWrite {
  /** The upstream status; a refused write changed nothing but the answers it may have raced with. */
  status: number
  /** The upstream path and query (/api/v1/4d/draw/12/close?LocId=SG). */
  url: string
  /** The endpoint is Clear Cache (api.json clearsCaches). */
  clearsCaches: boolean
  /** The writing session's token key, none for a public call. */
  tokenKey?: string | undefined
  /** The location the write was made at. */
  locId?: string | undefined
  /** The users the write names (body or query UserId, a path's last segment). */
  namedUsers: readonly string[]
}

/** The answers always (or everything, for a successful Clear Cache), the writer's profile, and after a success the users it names and its location's settings. */
export function invalidationsOf (write: FinishedWrite): Invalidation[] {
  const ok = write.status < 400
  const batch: Invalidation[] = [{ kind: write.clearsCaches && ok ? 'all' : 'answers' }]
  // The call may have moved the writer's own credit or balances.
  if (write.tokenKey) batch.push({ kind: 'session', tokenKey: write.tokenKey, scope: 'profile' })
  if (!ok) return batch
  // A call about another user (a grant, a suspension, a credit change) reaches that user's next request, not after the cache expires.
  for (const userId of new Set(write.namedUsers)) batch.push({ kind: 'user', userId })
  if (write.locId && LOCATION_WRITE.test(write.url)) batch.push({ kind: 'location', locId: write.locId })
  return batch
}
