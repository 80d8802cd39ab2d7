import { useEffect } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useMutation } from '@tanstack/react-query'
import { redirect, setLocation, type SessionInfo } from '../../lib/api.ts'
import { keys, localSet } from '../../lib/storage.ts'

/**
 * A link naming another location the user may use (…?LocId=TT while at SG) switches the session to it and loads the link
 * afresh there, since pages and reads depend on the location; true while that runs. A location the user may not use is left
 * to the page, which the service answers for the current location.
 */
export function useLinkedLocation (session: SessionInfo | null): boolean {
  const [params] = useSearchParams()
  const wanted = params.get('LocId')
  const other = session !== null && wanted !== null && wanted !== session.location.LocId && session.locations.some((l) => l.LocId === wanted)
  const change = useMutation({
    mutationFn: setLocation,
    onSuccess: (_answer, locId) => { localSet(keys.loc, locId); redirect.to(window.location.pathname + window.location.search) }
  })
  const { mutate, isIdle } = change
  useEffect(() => { if (other && isIdle && wanted) mutate(wanted) }, [other, isIdle, wanted, mutate])
  // Once refused, the page shows as it is for the current location (no second try, no loop).
  return other && !change.isError
}
