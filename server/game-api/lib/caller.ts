// Who calls a use case (<domain>/api.ts): built once from the request by the route, so the use case needs no Fastify.
import type { AuthUser } from './tokens.ts'

/** The signed-in user, and what the use case's audit record keeps of the call (its path and address) and the moment it runs at. */
export interface Caller {
  user: AuthUser
  path: string
  ip: string
  now: Date
}
