/** A game API endpoint path that is safe to forward: plain segments only. */
export type SafePath = { ok: true, segments: string[] } | { ok: false, reason: string }

// One plain segment: letters, digits, '_', '-', and '.' only inside a name (never a '.' or '..' segment).
const plainSegment = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/

/**
 * Checks the part of a URL path after /api/v1/ before anything is forwarded.
 * A strict whitelist instead of decoding: any percent-encoding, backslash, empty or dot segment is refused,
 * so no encoding (single, double, overlong) can smuggle a traversal past the allowlist.
 */
export function safeEndpointPath (rest: string): SafePath {
  if (rest.length === 0) return { ok: false, reason: 'no endpoint named after /api/v1/' }
  if (rest.length > 512) return { ok: false, reason: 'the path is longer than 512 characters' }
  if (rest.includes('%')) return { ok: false, reason: 'percent-encoded characters are not allowed in game API paths' }
  if (rest.includes('\\')) return { ok: false, reason: 'backslashes are not allowed in game API paths' }
  const segments = rest.split('/')
  for (const segment of segments) {
    if (!plainSegment.test(segment)) {
      return { ok: false, reason: segment === '' ? 'empty path segments (//) are not allowed' : `path segment "${segment.slice(0, 40)}" is not a plain name` }
    }
  }
  return { ok: true, segments }
}
