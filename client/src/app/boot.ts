// Work done once at start: old service workers removed, maintenance polled, the client version watched.
import { useEffect } from 'react'
import { getStatus, redirect } from '../lib/api.ts'
import { clearAuth, keys, sessionSet } from '../lib/storage.ts'

/** Maintenance poll period and first update check, then its period (seed 000 §9, seed 001 §9). */
export const STATUS_POLL_MS = 60000
export const UPDATE_FIRST_CHECK_MS = 60000
export const UPDATE_CHECK_MS = 480000

/** Unregisters any service worker an earlier version of the site installed. */
export async function unregisterServiceWorkers (): Promise<void> {
  if (!('serviceWorker' in navigator)) return
  const registrations = await navigator.serviceWorker.getRegistrations()
  await Promise.all(registrations.map((r) => r.unregister()))
}

/** Acts on one maintenance value: non-empty starts maintenance, empty ends it for a user on /maintenance. */
export function applyMaintenance (t: string): void {
  const onMaintenance = window.location.pathname === '/maintenance'
  if (t) {
    sessionSet(keys.captchaRequired, null)
    clearAuth()
    if (!onMaintenance || new URLSearchParams(window.location.search).get('t') !== t) redirect.to(`/maintenance?t=${encodeURIComponent(t)}`)
  } else if (onMaintenance) {
    redirect.to(`/login?_=${Date.now()}`)
  }
}

/** Asks the service for the maintenance value now and every 60000 ms, acting on each answer (a failure simply waits for the next round). */
export function useStatusPoll (): void {
  useEffect(() => {
    const host = window.location.hostname
    // Each answer is acted on, the same one again too: the browser may have moved to /maintenance since.
    const check = () => { getStatus(host).then(applyMaintenance, () => {}) }
    check()
    const timer = setInterval(check, STATUS_POLL_MS)
    return () => clearInterval(timer)
  }, [])
}

/** Polls /version.json (written by the build) after 60 s and then every 480000 ms; calls onNewVersion once it differs. */
export function startVersionWatch (onNewVersion: () => void): () => void {
  let stopped = false
  let timer: ReturnType<typeof setTimeout>
  const check = async () => {
    try {
      const response = await fetch(`/version.json?_=${Date.now()}`, { cache: 'no-store' })
      const { version } = await response.json() as { version?: string }
      if (version && version !== __APP_VERSION__) { onNewVersion(); return }
    } catch { /* offline or not built: try later */ }
    if (!stopped) timer = setTimeout(check, UPDATE_CHECK_MS)
  }
  timer = setTimeout(check, UPDATE_FIRST_CHECK_MS)
  return () => { stopped = true; clearTimeout(timer) }
}
