// The signed-in session: the one query that reads it, and the context the shell shares it through with the pages it hosts.
import { createContext, useContext } from 'react'
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SessionInfo } from './api.ts'
import { queryKeys } from './queries.ts'
import { fetchSession } from './sessionRead.ts'

export { MOBILE_BREAKPOINT, MOBILE_QUERY, fetchSession } from './sessionRead.ts'

/** The session query, for useQuery and for fetchQuery outside a component's render. */
export const sessionQuery = queryOptions({ queryKey: queryKeys.session, queryFn: fetchSession })

/** The session as a screen that decides on it sees it: fetched again whenever such a screen mounts, and `known` only once that fetch answered. */
export function useSessionQuery () {
  const query = useQuery({ ...sessionQuery, refetchOnMount: 'always' })
  return { session: query.data ?? null, known: query.isFetchedAfterMount, error: query.data ? null : query.error }
}

/** Set by the main or embed layout once GET /ui/session answered. */
export const SessionContext = createContext<SessionInfo | null>(null)

/** The current session; only pages inside a signed-in layout call it. */
export function useSession (): SessionInfo {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession outside a signed-in layout')
  return session
}

/** Whether the current location plays TOTO. */
export const isTT = (session: SessionInfo) => session.location.flags.includes('TT')
