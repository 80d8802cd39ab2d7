// A queued message's sending as its job records it: the message read, each attempt, sent with the gateway's id and price, or failed for good.
import type { Queryable } from '../../../shared/db.ts'
import type { OutboundRow } from './outbound.ts'

/** The message as its send job reads it; undefined when it is gone. */
export async function outboundToSend (q: Queryable, outboundId: number): Promise<OutboundRow | undefined> {
  const { rows: [row] } = await q.query<OutboundRow>('SELECT outbound_id, recipient, body, status, created_at, channel FROM sms_outbound WHERE outbound_id = $1', [outboundId])
  return row
}

/** Marks the message sent by this attempt, with the gateway's id for it and its price. */
export async function markOutboundSent (q: Queryable, outboundId: number | string, sent: { at: Date, gatewayId: string | null, cost: number }): Promise<void> {
  await q.query("UPDATE sms_outbound SET status = 'sent', attempts = attempts + 1, sent_at = $2, last_error = NULL, gateway_message_id = $3, cost = $4 WHERE outbound_id = $1",
    [outboundId, sent.at, sent.gatewayId, sent.cost])
}

/** Counts an attempt that did not send, with its error. */
export async function recordSendAttempt (q: Queryable, outboundId: number | string, problem: string): Promise<void> {
  await q.query('UPDATE sms_outbound SET attempts = attempts + 1, last_error = $2 WHERE outbound_id = $1', [outboundId, problem])
}

/** Marks the message failed for good with the job's last error, unless it was sent meanwhile. */
export async function markSendFailed (q: Queryable, outboundId: number, message: string): Promise<void> {
  await q.query("UPDATE sms_outbound SET status = 'failed', last_error = $2 WHERE outbound_id = $1 AND status <> 'sent'", [outboundId, message])
}
