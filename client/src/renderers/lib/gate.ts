// The access gate's rerun rule (seed 001 §4): the check follows the user id input only when it changes to a non-empty value.
import { withQuery } from './binding.ts'

/** The user id the gate checks next: the new input when non-empty, else the one it had. */
export function gateUserId (previous: string | undefined, input: unknown): string | undefined {
  const value = input === undefined || input === null ? '' : String(input).trim()
  return value === '' ? previous : value
}

/** The check URL: a {UserId} segment (the seed's checkMemberAccess/{id}) takes the id, else it goes in the query; no id checks the signed-in user. */
export function gateCheckUrl (endpoint: string, params: Record<string, string | number | boolean>, userId: string | undefined, sessionUserId: string | undefined): string {
  if (endpoint.includes('{UserId}')) return withQuery(endpoint.replace('{UserId}', encodeURIComponent(userId ?? sessionUserId ?? '')), params)
  return withQuery(endpoint, userId ? { ...params, UserId: userId } : params)
}
