// Sending queued SMS replies: one durable job per message, an HTTP call to the configured gateway in Twilio's Messages API shape, retried with exponential backoff.
import type { Db, Queryable } from '../../shared/db.ts'
import { enqueueJob, type JobHandler } from '../jobs/runner.ts'
import { readSetting, readSettings, settingKeys } from '../lib/settings-store.ts'

/** The job kind that sends one queued message. */
export const SMS_SEND_JOB = 'sms.send'

/** Tries per message before it is marked failed (with backoff from the runner's retryMs: 1×, 2×, 4×, 8×). */
const SEND_ATTEMPTS = 5

/** How long one gateway call may take. */
const GATEWAY_TIMEOUT_MS = 10_000

/** Queues the sending of one outbound message in the caller's transaction, when a gateway is configured (until then messages wait in the queue). */
export async function queueSend (q: Queryable, outboundId: number): Promise<boolean> {
  if (await readSetting(q, settingKeys.smsGatewayUrl) === '') return false
  await enqueueJob(q, { kind: SMS_SEND_JOB, subjectId: outboundId, maxAttempts: SEND_ATTEMPTS, message: 'Waiting to send.' })
  return true
}

interface OutboundRow { outbound_id: string, recipient: string, body: string, status: string }

/** The handler: sends the message once (a message sent already is not sent again), records the gateway's id, or the error and throws for a retry. */
export function smsSendJob (db: Db, now: () => Date): JobHandler {
  return {
    backoff: 'exponential',
    async run (job, { signal }) {
      const { rows: [row] } = await db.query<OutboundRow>('SELECT outbound_id, recipient, body, status FROM sms_outbound WHERE outbound_id = $1', [job.subjectId])
      if (!row) return `Message ${job.subjectId} no longer exists.`
      if (row.status === 'sent') return `Message ${job.subjectId} was sent already.`
      const [url = '', accountSid = '', authToken = '', senderId = ''] = await readSettings(db, [settingKeys.smsGatewayUrl, settingKeys.smsAccountSid, settingKeys.smsInboundSecret, settingKeys.smsSenderId])
      if (!url) throw new Error('no SMS gateway URL is configured (SMS Gateway)')
      let problem: string
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ To: row.recipient, From: senderId, Body: row.body }).toString(),
          signal: AbortSignal.any([signal, AbortSignal.timeout(GATEWAY_TIMEOUT_MS)])
        })
        const text = await response.text()
        if (response.ok) {
          const gatewayId = (JSON.parse(text || '{}') as { sid?: unknown }).sid
          await db.query("UPDATE sms_outbound SET status = 'sent', attempts = attempts + 1, sent_at = $2, last_error = NULL, gateway_message_id = $3 WHERE outbound_id = $1",
            [row.outbound_id, now(), typeof gatewayId === 'string' ? gatewayId : null])
          return `Sent message ${row.outbound_id} to ${row.recipient}.`
        }
        problem = `the gateway answered ${response.status}: ${text.slice(0, 200)}`
      } catch (error) {
        if (signal.aborted) throw error
        problem = `the gateway could not be reached: ${error instanceof Error ? error.message : String(error)}`
      }
      // Unless the runner is stopping, this attempt counts (the gateway call was made, or tried).
      await db.query('UPDATE sms_outbound SET attempts = attempts + 1, last_error = $2 WHERE outbound_id = $1', [row.outbound_id, problem])
      throw new Error(problem)
    },
    async failed (job, message, tx) {
      await tx.query("UPDATE sms_outbound SET status = 'failed', last_error = $2 WHERE outbound_id = $1 AND status <> 'sent'", [job.subjectId, message])
    }
  }
}
