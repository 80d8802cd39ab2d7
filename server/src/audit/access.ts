import { createHash, timingSafeEqual } from 'node:crypto'

const digest = (text: string) => createHash('sha256').update(text).digest()

/** Whether an authorization header carries "Bearer <expected>", compared in constant time (both sides hashed to one length). */
export function bearerMatches (header: string | undefined, expected: string | undefined): boolean {
  if (!header || !expected) return false
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  if (!match?.[1]) return false
  return timingSafeEqual(digest(match[1]), digest(expected))
}
