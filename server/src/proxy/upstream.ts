import type { GamePrefix } from '../../../schemas/domain/calendar.ts'

/** Query names the service owns: a client's value for any spelling of them (any case, padded, LocId[] or LocId[0][x]) is dropped. */
const serviceOwned = /^\s*locid\s*(\[[^\]]*\]\s*)*$/i

/** Whether a query, body or multipart field name is one the service owns (LocId in any spelling). */
export const isServiceOwned = (name: string): boolean => serviceOwned.test(name)

/** The client's query with LocId replaced by the session's (every spelling and every repeat of the client's removed). */
export function upstreamQuery (clientQuery: string, locId: string): string {
  const params = new URLSearchParams(clientQuery)
  for (const name of [...params.keys()]) if (serviceOwned.test(name)) params.delete(name)
  params.set('LocId', locId)
  return params.toString()
}

/** A JSON object body with LocId replaced by the session's; other bodies (arrays, streams, none) are left as they are. */
export function upstreamBody (body: unknown, locId: string): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body) || typeof (body as { pipe?: unknown }).pipe === 'function') return body
  const copy: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(body)) if (!serviceOwned.test(name)) copy[name] = value
  copy.LocId = locId
  return copy
}

/** The game API path: game endpoints under 4d/ or tt/ chosen by the session location, never by the client. */
export function upstreamPath (segments: readonly string[], game: GamePrefix | undefined): string {
  return `/api/v1/${game ? `${game}/` : ''}${segments.join('/')}`
}

/** Drops a leading 4d/ or tt/ the client may have sent: the service chooses the game. */
export function withoutGamePrefix (segments: readonly string[]): string[] {
  return segments[0] === '4d' || segments[0] === 'tt' ? segments.slice(1) : [...segments]
}
