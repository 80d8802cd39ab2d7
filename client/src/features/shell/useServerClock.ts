import { useEffect, useState } from 'react'

/** Now on the server's clock: anchored to the server time of the session, ticking every second. */
export function useServerClock (serverTime: string | undefined): number {
  const [offset] = useState(() => {
    const server = serverTime ? Date.parse(serverTime) : NaN
    return Number.isNaN(server) ? 0 : server - Date.now()
  })
  const [now, setNow] = useState(() => Date.now() + offset)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() + offset), 1000)
    return () => clearInterval(timer)
  }, [offset])
  return now
}
