// Sending queued SMS: one durable job per message, an HTTP call to the configured gateway in Twilio's Messages API shape, at the gateway's
// rate, retried with exponential backoff.
import type { Db, Queryable } from '../../shared/db.ts'
import { RunLater, enqueueJob, type JobHandler } from '../jobs/runner.ts'
import { gatewayReady, postToGateway, readGateway, reserveSendSlot, type GatewaySettings } from './gateway.ts'

/** The job kind that sends one queued message. */
export const SMS_SEND_JOB = 'sms.send'

/** Tries per message before it is marked failed (with backoff from the runner's retryMs: 1×, 2×, 4×, 8×). */
const SEND_ATTEMPTS = 5

/** The longest a sender waits for its send slot; a slot further off gives the runner to other jobs meanwhile. */
const MAX_SLOT_WAIT_MS = 1000

/** Queues the sending of one outbound message in the caller's transaction, when the gateway is ready (until then messages wait in the queue). */
export async function queueSend (q: Queryable, outboundId: number): Promise<boolean> {
  if (!gatewayReady(await readGateway(q))) return false
  await enqueueJob(q, { kind: SMS_SEND_JOB, subjectId: outboundId, maxAttempts: SEND_ATTEMPTS, message: 'Waiting to send.' })
  return true
}

/** Queues a send job for every message waiting without one (the gateway was off or unset when they were written); answers how many. */
export async function queueWaiting (q: Queryable): Promise<number> {
  if (!gatewayReady(await readGateway(q))) return 0
  const { rows } = await q.query<{ outbound_id: string }>(
    `SELECT o.outbound_id FROM sms_outbound o WHERE o.status = 'queued'
       AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.kind = $1 AND j.subject_id = o.outbound_id AND j.status IN ('queued', 'running'))
     ORDER BY o.outbound_id`, [SMS_SEND_JOB])
  for (const row of rows) await enqueueJob(q, { kind: SMS_SEND_JOB, subjectId: Number(row.outbound_id), maxAttempts: SEND_ATTEMPTS, message: 'Waiting to send.' })
  return rows.length
}

/** One outbound message as the sender reads it. */
export interface OutboundRow { outbound_id: string, recipient: string, body: string, status: string, created_at: Date }

/** The key a gateway may use to take a message once: the message's id and creation time (ids alone repeat across installations). */
const idempotencyKey = (row: OutboundRow) => `sms-${row.outbound_id}-${new Date(row.created_at).getTime()}`

/** Sends one message at the gateway's rate and records the outcome on its row: sent (with the gateway's id and price) or the error. */
export async function deliver (db: Db, gateway: GatewaySettings, row: OutboundRow, now: () => Date, signal: AbortSignal, maxWaitMs = MAX_SLOT_WAIT_MS): Promise<{ ok: true } | { ok: false, problem: string }> {
  const slot = await reserveSendSlot(db, gateway.url, gateway.ratePerSecond, maxWaitMs)
  if ('laterMs' in slot) throw new RunLater(slot.laterMs, `Waiting for the gateway's send rate (${gateway.ratePerSecond} a second).`)
  if (slot.waitMs > 0) {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, slot.waitMs)
      signal.addEventListener('abort', () => { clearTimeout(timer); reject(signal.reason) }, { once: true })
    })
  }
  const outcome = await postToGateway(gateway, { to: row.recipient, body: row.body, key: idempotencyKey(row) }, signal)
  if (outcome.ok) {
    await db.query("UPDATE sms_outbound SET status = 'sent', attempts = attempts + 1, sent_at = $2, last_error = NULL, gateway_message_id = $3, cost = $4 WHERE outbound_id = $1",
      [row.outbound_id, now(), outcome.gatewayId, gateway.costPerMessage])
    return { ok: true }
  }
  // Unless the runner is stopping, this attempt counts (the gateway call was made, or tried).
  await db.query('UPDATE sms_outbound SET attempts = attempts + 1, last_error = $2 WHERE outbound_id = $1', [row.outbound_id, outcome.problem])
  return outcome
}

/** The handler: sends the message once (a message sent already is not sent again), records the gateway's id, or the error and throws for a retry. */
export function smsSendJob (db: Db, now: () => Date): JobHandler {
  return {
    backoff: 'exponential',
    async run (job, { signal }) {
      const { rows: [row] } = await db.query<OutboundRow>('SELECT outbound_id, recipient, body, status, created_at FROM sms_outbound WHERE outbound_id = $1', [job.subjectId])
      if (!row) return `Message ${job.subjectId} no longer exists.`
      if (row.status === 'sent') return `Message ${job.subjectId} was sent already.`
      const gateway = await readGateway(db)
      // Switched off or unset since it was queued: the message waits, and saving a ready gateway queues it again.
      if (!gatewayReady(gateway)) return `Message ${job.subjectId} waits: the SMS gateway is ${gateway.enabled ? 'not set' : 'switched off'} (SMS Gateway).`
      const outcome = await deliver(db, gateway, row, now, signal)
      if (!outcome.ok) throw new Error(outcome.problem)
      return `Sent message ${row.outbound_id} to ${row.recipient}.`
    },
    async failed (job, message, tx) {
      await tx.query("UPDATE sms_outbound SET status = 'failed', last_error = $2 WHERE outbound_id = $1 AND status <> 'sent'", [job.subjectId, message])
    }
  }
}
