// The signed-in session shared by the shell and the pages it hosts.
import { createContext, useContext } from 'react'
import type { SessionInfo } from './api.ts'

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
