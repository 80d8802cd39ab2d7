// Route modules load on demand; a chunk that fails to load (usually a newer deploy) reloads the page once.
const RELOAD_KEY = 'chunkReloadAt'

/** Whether an error is a failed dynamic import. */
export function isChunkError (error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error)
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Failed to fetch dynamically/i.test(message)
}

/** Reloads the page for a failed chunk, at most once in 10 s (so a broken deploy cannot loop). */
export function reloadForChunk (): boolean {
  const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0)
  if (Date.now() - last < 10000) return false
  sessionStorage.setItem(RELOAD_KEY, String(Date.now()))
  window.location.reload()
  return true
}

/** Wraps a route import: a failed chunk reloads the page, anything else is thrown on. */
export function lazyRoute<T> (load: () => Promise<T>): () => Promise<T> {
  return () => load().catch((error: unknown) => {
    if (isChunkError(error) && reloadForChunk()) return new Promise<T>(() => {})
    throw error
  })
}
