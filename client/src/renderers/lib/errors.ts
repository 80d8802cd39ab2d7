// The seed's error display rule (001 §8): the server's message (nested or flat), else the HTTP message, else a generic sentence.

/** What a failed call left: an HTTP status (0 for network errors), its text, and the parsed body if any. */
export interface CallError { status: number, statusText: string, body?: unknown }

/** The error a failed call rejects with. */
export class ApiCallError extends Error implements CallError {
  constructor (readonly status: number, readonly statusText: string, readonly body?: unknown) {
    super(statusText || `HTTP ${status}`)
    this.name = 'ApiCallError'
  }
}

export const GENERIC_ERROR_KEY = 'renderers.error.generic'

/** The text to show for a failed call, or the generic key (to translate) when nothing better is known. */
export function errorMessage (error: CallError): { text: string } | { key: string } {
  const body = error.body as { message?: unknown, error?: { message?: unknown } } | undefined
  const nested = body?.error?.message
  if (typeof nested === 'string' && nested) return { text: nested }
  if (typeof body?.message === 'string' && body.message) return { text: body.message }
  if (error.status !== 0 && error.statusText) return { text: error.statusText }
  return { key: GENERIC_ERROR_KEY }
}
