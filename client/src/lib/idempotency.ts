// The Idempotency-Key of a write: one per user action, sent again with each automatic retry of it (README, Idempotent writes).

export { IDEMPOTENCY_HEADER } from '../../../schemas/domain/idempotency.ts'

/** A new key for one user action: a random UUID (crypto.randomUUID exists only on https and localhost, so plain http builds one). */
export function newIdempotencyKey (): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** How a write that got no answer is tried again: attempts in all, and the pause before each retry (Retry-After when the service names one). */
export const writeRetry = {
  attempts: 3,
  pauseMs: (attempt: number, retryAfter: string | null) => retryAfter !== null && /^\d+$/.test(retryAfter) ? Number(retryAfter) * 1000 : 1000 * attempt
}

/** Whether a write's answer says it may not have been answered yet: the service timed out (504) or the first attempt with the key still runs. */
export function answerPending (status: number, text: string): boolean {
  if (status === 504) return true
  if (status !== 409) return false
  try {
    return (JSON.parse(text) as { code?: unknown }).code === 'UI_IDEMPOTENCY_KEY_BUSY'
  } catch {
    return false
  }
}
