// Where the client keeps its state between pages: the language and location outlive the tab, the sign-in state does not.

/** Storage keys named by seed 000 §3 and seed 001 §9. */
export const keys = {
  locale: 'locale',
  loc: 'loc',
  user: 'user',
  termsAccepted: 'termsAccepted',
  csrfToken: 'csrfToken',
  captchaRequired: 'captchaRequired',
  currentUrl: 'currentUrl',
  newLayout: 'new_layout'
} as const

/** Reads a browser-session value (null when absent or storage is blocked). */
export function sessionGet (key: string): string | null {
  try { return sessionStorage.getItem(key) } catch { return null }
}

/** Writes a browser-session value; null removes it. */
export function sessionSet (key: string, value: string | null): void {
  try { value === null ? sessionStorage.removeItem(key) : sessionStorage.setItem(key, value) } catch { /* storage blocked: state lives for this page only */ }
}

/** Reads a long-lived value. */
export function localGet (key: string): string | null {
  try { return localStorage.getItem(key) } catch { return null }
}

/** Writes a long-lived value. */
export function localSet (key: string, value: string): void {
  try { localStorage.setItem(key, value) } catch { /* storage blocked */ }
}

/** Signed-out state: user, terms flag and CSRF token gone (language and location stay). */
export function clearAuth (): void {
  for (const key of [keys.user, keys.termsAccepted, keys.csrfToken]) sessionSet(key, null)
}

/** The stored location, default SG (seed 001 §3). */
export function storedLoc (): string {
  return localGet(keys.loc) ?? 'SG'
}
