import { request as undiciRequest, type Dispatcher } from 'undici'

/** How many proxy timeouts a keyed write's upstream call may take: the client stops waiting at one, the answer is still kept for its retry. */
export const HELD_WRITE_WAIT_FACTOR = 30

/** A write as sent upstream. */
export interface HeldWrite {
  url: string
  method: 'POST' | 'PUT' | 'DELETE'
  headers: Record<string, string>
  body: string | Buffer | undefined
}

/** The whole upstream answer of a write (write answers are small envelopes). */
export interface WriteAnswer { status: number, headers: Record<string, string | string[] | undefined>, body: Buffer }

/** Sends a write and waits for its whole answer up to waitMs, however long the client who asked waits. */
export async function sendHeldWrite (dispatcher: Dispatcher, write: HeldWrite, waitMs: number): Promise<WriteAnswer> {
  const res = await undiciRequest(write.url, { dispatcher, method: write.method, headers: write.headers, body: write.body, headersTimeout: waitMs, bodyTimeout: waitMs })
  const body = Buffer.from(await res.body.arrayBuffer())
  return { status: res.statusCode, headers: res.headers, body }
}

/** Transport failures that happen before a request leaves (no connection): the game API cannot have acted on it. */
const BEFORE_SENDING = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT'])

/** Whether a failed write surely never reached the game API, so a retry may send it afresh. */
export function neverSent (error: unknown): boolean {
  const e = error as { code?: string, cause?: { code?: string } }
  return BEFORE_SENDING.has(e.code ?? '') || BEFORE_SENDING.has(e.cause?.code ?? '')
}
