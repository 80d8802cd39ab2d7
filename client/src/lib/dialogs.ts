// A location change or a pop-up closes every open dialog first (seed 001 §2).
const EVENT = 'app:close-dialogs'

/** Asks every open dialog to close. */
export function closeAllDialogs (): void {
  window.dispatchEvent(new Event(EVENT))
}

/** Runs onClose whenever closeAllDialogs is called; returns the unsubscribe. */
export function onCloseAllDialogs (onClose: () => void): () => void {
  window.addEventListener(EVENT, onClose)
  return () => window.removeEventListener(EVENT, onClose)
}
