// Error texts of seed 000 §8 and seed 001 §8, in one place.

/** Shown when nothing better is known. */
export const GENERIC_ERROR = 'Sorry, something went wrong. Please refresh this page and try again.'
/** The Msg the sign-in screen gets after any 401. */
export const SESSION_ERROR = 'Session Error.'
/** Unrecoverable-error and update texts of seed 000 §4. */
export const UNRECOVERABLE_ERROR = 'An error occurred that we cannot recover from'
export const UPDATE_AVAILABLE = 'A new version is available, reload now?'

/** A failed call to the service: its HTTP status and whatever body it sent. */
export class ApiError extends Error {
  constructor (readonly status: number, readonly statusText: string, readonly body: unknown) {
    super(messageOf(body) ?? (status !== 0 ? statusText || `HTTP ${status}` : GENERIC_ERROR))
    this.name = 'ApiError'
  }
}

/** The server's message, nested ({ error: { message } }) or flat ({ message }). */
export function messageOf (body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined
  const record = body as { message?: unknown, error?: unknown }
  if (record.error && typeof record.error === 'object') {
    const nested = (record.error as { message?: unknown }).message
    if (typeof nested === 'string' && nested) return nested
  }
  return typeof record.message === 'string' && record.message ? record.message : undefined
}

/** The text to show for any error: server message, else HTTP message when status is not 0, else the generic text. */
export function errorText (error: unknown): string {
  if (error instanceof ApiError) {
    const message = messageOf(error.body)
    if (message) return message
    if (error.status !== 0) return error.statusText || `HTTP ${error.status}`
    return GENERIC_ERROR
  }
  console.error(error)
  return GENERIC_ERROR
}
