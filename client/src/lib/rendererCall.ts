// The renderer's ApiCall on top of the shell's client: same CSRF header, 401 and maintenance handling; envelopes unwrapped.
import type { ApiCall } from '../renderers/context.tsx'
import { ApiCallError } from '../renderers/lib/errors.ts'
import { call } from './api.ts'
import { ApiError } from './errors.ts'

/** Calls the service for a widget: resolves to the envelope's data (or the whole answer when it has none), rejects with a CallError. */
export const rendererCall: ApiCall = async (method, url, body) => {
  let answer: unknown
  try {
    answer = await call<unknown>(method, url, body)
  } catch (error) {
    if (error instanceof ApiError) throw new ApiCallError(error.status, error.statusText, error.body)
    throw new ApiCallError(0, '')
  }
  const envelope = answer as { success?: unknown, data?: unknown } | undefined
  if (envelope && typeof envelope === 'object' && envelope.success === false) throw new ApiCallError(200, '', answer)
  return envelope && typeof envelope === 'object' && 'data' in envelope ? envelope.data : answer
}
