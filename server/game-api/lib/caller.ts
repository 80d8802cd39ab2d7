// Who calls a use case (<domain>/api.ts): built once from the request by the route, so the use case needs no Fastify.
import type { AuthUser } from './tokens.ts'

/** The signed-in user, and what the use case's audit record keeps of the call (its path and address) and the moment it runs at. */
export interface Caller {
  user: AuthUser
  path: string
  ip: string
  now: Date
}

/** A call before anyone is signed in (sign-in, the forced password change): what its audit record keeps, and the moment it runs at. */
export type Call = Omit<Caller, 'user'>

/** The call a request makes, signed in or not: its path (without the query), its address, and the game API's clock now. */
export function callOf (request: { url: string, ip: string, server: { gaNow (): Date } }): Call {
  return { path: request.url.split('?')[0] ?? request.url, ip: request.ip, now: request.server.gaNow() }
}
