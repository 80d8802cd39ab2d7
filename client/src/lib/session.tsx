// The signed-in session: the one query that reads it, and the context the shell shares it through with the pages it hosts.
import { createContext, useContext } from 'react'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { getSession, type SessionInfo } from './api.ts'
import { ApiError } from './errors.ts'
import { queryKeys } from './queries.ts'
import { keys, localSet, sessionSet } from './storage.ts'

/** Below this width the menu is the mobile menu (seed 001 §9). */
export const MOBILE_BREAKPOINT = 992
/** The media query of the mobile menu. */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`

/** GET /ui/session for this screen size (the service remembers it for the mobile menu variants); null when signed out: that is an answer here, not an error. */
export async function fetchSession (): Promise<SessionInfo | null> {
  try {
    const session = await getSession({ handleAuth: false, mobile: window.matchMedia(MOBILE_QUERY).matches })
    if (!session) return null
    sessionSet(keys.user, JSON.stringify(session.profile))
    sessionSet(keys.termsAccepted, String(session.termsAccepted))
    localSet(keys.loc, session.location.LocId)
    return session
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

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
