// Error texts of seed 000 §8 and seed 001 §8, the one error class of the client, and the one rule that picks the text to show.
import type { ErrorBody } from '../../../schemas/errors.ts'

/** Shown when nothing better is known. */
export const GENERIC_ERROR = 'Sorry, something went wrong. Please refresh this page and try again.'
/** The i18n key of GENERIC_ERROR (its English text is GENERIC_ERROR). */
export const GENERIC_ERROR_KEY = 'renderers.error.generic'
/** The Msg the sign-in screen gets after any 401. */
export const SESSION_ERROR = 'Session Error.'
/** Unrecoverable-error and update texts of seed 000 §4. */
export const UNRECOVERABLE_ERROR = 'An error occurred that we cannot recover from'
export const UPDATE_AVAILABLE = 'A new version is available, reload now?'

/** A failed call to the service: its HTTP status (0: no answer; 200: an envelope with success false) and whatever body it sent. */
export class ApiError extends Error {
  constructor (readonly status: number, readonly statusText: string, readonly body: unknown) {
    super(shownText(status, statusText, body) ?? GENERIC_ERROR)
    this.name = 'ApiError'
  }

  /** The body as the service's error body, when it is one. */
  get errorBody (): ErrorBody | undefined {
    return messageOf(this.body) !== undefined ? this.body as ErrorBody : undefined
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

// The seed's display rule (001 §8), written once: the server's message, else the HTTP message when there was an answer, else nothing.
function shownText (status: number, statusText: string, body: unknown): string | undefined {
  return messageOf(body) ?? (status !== 0 ? statusText || `HTTP ${status}` : undefined)
}

/** The text to show for any error, or undefined when only the generic sentence fits; an error that is not an ApiError is a bug and is logged. */
export function shownMessage (error: unknown): string | undefined {
  if (error instanceof ApiError) return shownText(error.status, error.statusText, error.body)
  console.error(error)
  return undefined
}

/** The text to show for any error: the display rule, else the generic sentence. */
export const errorText = (error: unknown): string => shownMessage(error) ?? GENERIC_ERROR

/** A refusal the client can say in the user's language: the catalogue key of its code, and its values by position ("0", "1", …). */
export interface Refusal { code: string, key: string, values: Record<string, string> }

/** The refusal behind a failed call whose body names a code (the game API's own when the service passed its failure on). */
export function refusalOf (error: unknown): Refusal | undefined {
  if (!(error instanceof ApiError) || error.body === null || typeof error.body !== 'object') return undefined
  const body = error.body as { code?: unknown, gameApiCode?: unknown, params?: unknown }
  const code = typeof body.gameApiCode === 'string' ? body.gameApiCode : typeof body.code === 'string' ? body.code : undefined
  if (code === undefined) return undefined
  const params = Array.isArray(body.params) ? body.params.map(String) : []
  return { code, key: `errors.${code}`, values: Object.fromEntries(params.map((value, i) => [String(i), value])) }
}

/** A field path of a refusal (body/Lines/0/Numbers) in plain words when no form names it: Lines 1 › Numbers. */
export function plainFieldPath (path: string): string {
  return path.replace(/^(body|querystring|params|headers)\/?/, '').split('/').filter(Boolean)
    .map((part) => /^\d+$/.test(part) ? String(Number(part) + 1) : part).join(' › ') || path
}
