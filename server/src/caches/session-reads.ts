// The game API reads behind each session (profile, locations, a location's settings), kept briefly and dropped by whom or what they concern.
import NodeCache from 'node-cache'

/** Whose read an entry is: the session (its token key) and its user, the user previewed (if any), and the location it depends on. */
export interface ReadScope {
  tokenKey: string
  userId: string
  /** The user a supporter previews: the read is about them. */
  previewOf?: string | undefined
  /** The location the read depends on (settings, SMS settings, currency); none for the profile and the location list. */
  locId?: string | undefined
}

// Key parts are joined by a byte that no token key, user id, location id or read name holds.
const SEP = '\u0001'
const keyOf = (scope: ReadScope, name: string) => [scope.tokenKey, scope.userId, scope.previewOf ?? '', scope.locId ?? '', name].join(SEP)
const partsOf = (key: string) => key.split(SEP) as [tokenKey: string, userId: string, previewOf: string, locId: string, name: string]

/** Per-session reads in node-cache (no clones: shared promises of frozen-by-convention answers), with the profile's stale marks beside them. */
export class SessionReads {
  private readonly reads: NodeCache
  private readonly staleProfiles: NodeCache

  constructor (ttlSeconds: number) {
    this.reads = new NodeCache({ stdTTL: ttlSeconds, checkperiod: 60, useClones: false, maxKeys: 100_000 })
    this.staleProfiles = new NodeCache({ stdTTL: ttlSeconds, checkperiod: 60, useClones: false, maxKeys: 100_000 })
  }

  /** The read kept under (scope, name), started once for concurrent callers (the promise is kept); a failed read is not kept. */
  cached<T> (scope: ReadScope, name: string, read: () => Promise<T>): Promise<T> {
    const key = keyOf(scope, name)
    const hit = this.reads.get<Promise<T>>(key)
    if (hit) return hit
    const pending = read()
    this.keep(key, pending)
    pending.catch(() => { if (this.reads.get(key) === pending) this.reads.del(key) })
    return pending
  }

  /** Keeps a value read elsewhere (a fresh location list) for the next callers. */
  put<T> (scope: ReadScope, name: string, value: T): void { this.keep(keyOf(scope, name), Promise.resolve(value)) }

  /** Drops one read of a session: the profile, when its session made a write since (see markProfileStale). */
  takeStaleProfile (scope: ReadScope, name: string): void {
    if (this.staleProfiles.take(scope.tokenKey) === true) this.reads.del(keyOf(scope, name))
  }

  /** A session's own write may have moved its credit: its next fresh read of the profile asks again; the gates keep the kept one. */
  markProfileStale (tokenKey: string): void {
    try { this.staleProfiles.set(tokenKey, true) } catch { /* full: the profile expires by TTL */ }
  }

  forgetSession (tokenKey: string): void { this.dropWhere(([key]) => key === tokenKey); this.staleProfiles.del(tokenKey) }

  /** Every read of every session of the user, and every supporter's preview of them. */
  forgetUser (userId: string): void { this.dropWhere(([, user, previewOf]) => user === userId || previewOf === userId) }

  forgetLocation (locId: string): void { this.dropWhere(([, , , location]) => location === locId) }

  forgetAll (): void { this.reads.flushAll(); this.staleProfiles.flushAll() }

  get size (): number { return this.reads.keys().length }

  close (): void { this.reads.close(); this.staleProfiles.close() }

  private keep (key: string, value: Promise<unknown>) {
    // A full cache reads again next time instead of failing the request.
    try { this.reads.set(key, value) } catch { /* full */ }
  }

  private dropWhere (test: (parts: ReturnType<typeof partsOf>) => boolean) {
    this.reads.del(this.reads.keys().filter((key) => test(partsOf(key))))
  }
}
