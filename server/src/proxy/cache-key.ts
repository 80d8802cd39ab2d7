/** The cache key of a proxied GET: never shared across users or locations; query order does not matter. */
export function cacheKey (userId: string, locId: string, path: string, query: Record<string, unknown>): string {
  const pairs = Object.entries(query)
    .filter(([name]) => name !== 'LocId' && name !== 'rand' && name !== '_')
    .map(([name, value]) => [name, Array.isArray(value) ? value.map(String).join(',') : String(value)])
    .sort(([a], [b]) => (a as string).localeCompare(b as string))
  return JSON.stringify([userId, locId, path, pairs])
}

/** The users a cached answer is about: its owner, or a supporter and the user they previewed ("sup1>mem1"). */
export function usersOfCacheKey (key: string): string[] {
  try {
    const [owner] = JSON.parse(key) as [unknown]
    return typeof owner === 'string' ? owner.split('>') : []
  } catch {
    return []
  }
}
