// The outbound queue: a message waits in sms_outbound until its channel (the SMS gateway or a game's Telegram bot) can send, then gets one send job.
import type { Queryable } from '../../../shared/db.ts'
import { enqueueJob } from '../../jobs/runner.ts'
import { jobMessages } from '../../jobs/messages.ts'
import { readBot } from './telegram-settings.ts'
import { readGateway } from './sms-gateway.ts'
import { gatewayReady } from '../rules/sms-gateway-view.ts'
import { gameOfChannel, type Channel } from '../rules/channels.ts'

/** The job kind that sends one queued message. */
export const SMS_SEND_JOB = 'sms.send'

/** Tries per message before it is marked failed (with backoff from the runner's retryMs: 1×, 2×, 4×, 8×). */
const SEND_ATTEMPTS = 5

/** Whether a channel can send now: the SMS gateway ready, or the game's bot token set. */
async function channelReady (q: Queryable, channel: Channel): Promise<boolean> {
  return channel === 'sms' ? gatewayReady(await readGateway(q)) : (await readBot(q, gameOfChannel(channel))).token !== ''
}

/** Queues the sending of one outbound message in the caller's transaction, when its channel is ready (until then messages wait in the queue). */
export async function queueSend (q: Queryable, outboundId: number, channel: Channel = 'sms'): Promise<boolean> {
  if (!await channelReady(q, channel)) return false
  await enqueueJob(q, { kind: SMS_SEND_JOB, subjectId: outboundId, maxAttempts: SEND_ATTEMPTS, message: jobMessages.smsWaiting() })
  return true
}

/** Queues a send job for every message waiting without one (its channel was off or unset when it was written); answers how many. */
export async function queueWaiting (q: Queryable): Promise<number> {
  let queued = 0
  for (const channel of ['sms', 'telegram:4D', 'telegram:TOTO'] as const) {
    if (!await channelReady(q, channel)) continue
    const { rows } = await q.query<{ outbound_id: string }>(
      `SELECT o.outbound_id FROM sms_outbound o WHERE o.status = 'queued' AND o.channel = $2
         AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.kind = $1 AND j.subject_id = o.outbound_id AND j.status IN ('queued', 'running'))
       ORDER BY o.outbound_id`, [SMS_SEND_JOB, channel])
    for (const row of rows) await enqueueJob(q, { kind: SMS_SEND_JOB, subjectId: Number(row.outbound_id), maxAttempts: SEND_ATTEMPTS, message: jobMessages.smsWaiting() })
    queued += rows.length
  }
  return queued
}

/** One outbound message as the sender reads it. */
export interface OutboundRow { outbound_id: string, recipient: string, body: string, status: string, created_at: Date, channel?: Channel }

/** A copy of an outbound message queued as its own message (kind resend, no draw: a draw's one message per subscriber stays the original); undefined when there is no such message. */
export async function copyOutbound (q: Queryable, outboundId: number, now: Date): Promise<number | undefined> {
  const { rows: [copy] } = await q.query<{ outbound_id: string }>(
    "INSERT INTO sms_outbound (inbound_id, recipient, body, kind, user_id, created_at) SELECT inbound_id, recipient, body, 'resend', user_id, $2 FROM sms_outbound WHERE outbound_id = $1 RETURNING outbound_id",
    [outboundId, now])
  return copy === undefined ? undefined : Number(copy.outbound_id)
}

/** Writes a test message to the recipient, sent now by SMS Gateway's test rather than by the queue. */
export async function insertTestMessage (q: Queryable, recipient: string, body: string, userId: string, now: Date): Promise<OutboundRow> {
  const { rows: [inserted] } = await q.query<OutboundRow>(
    "INSERT INTO sms_outbound (recipient, body, kind, user_id, created_at) VALUES ($1, $2, 'test', $3, $4) RETURNING outbound_id, recipient, body, status, created_at",
    [recipient, body, userId, now])
  if (!inserted) throw new Error('the test message INSERT returned no row')
  return inserted
}

/** Marks a message failed. */
export async function markOutboundFailed (q: Queryable, outboundId: number | string): Promise<void> {
  await q.query("UPDATE sms_outbound SET status = 'failed' WHERE outbound_id = $1", [outboundId])
}

/** A message's status and the gateway's id for it. */
export async function outboundSendState (q: Queryable, outboundId: number | string): Promise<{ status: string, gateway_message_id: string | null } | undefined> {
  const { rows: [sent] } = await q.query<{ status: string, gateway_message_id: string | null }>('SELECT status, gateway_message_id FROM sms_outbound WHERE outbound_id = $1', [outboundId])
  return sent
}
