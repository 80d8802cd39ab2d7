// Reading the session without the query cache: the sign-in screen's pre-check loads this alone (lib/session.tsx wraps it in a query).
import { getSession, type SessionInfo } from './api.ts'
import { ApiError } from './errors.ts'
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
