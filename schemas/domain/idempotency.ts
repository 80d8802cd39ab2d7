// The Idempotency-Key contract the client and the service share (README, Idempotent writes).

/** The header a client names its write with: one value per user action, the same on every retry of it. */
export const IDEMPOTENCY_HEADER = 'idempotency-key'

/** What a key may be: 1 to 255 visible ASCII characters (a UUID, as the client sends, fits). */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/
