// Sending queued SMS: one durable job per message, an HTTP call to the configured gateway in Twilio's Messages API shape, at the gateway's
// rate, retried with exponential backoff.
import type { Db } from '../../../shared/db.ts'
import { RunLater, type JobHandler } from '../../jobs/runner.ts'
import { jobMessages } from '../../jobs/messages.ts'
import type { OutboundRow } from '../store/outbound.ts'
import { gameOfChannel } from '../rules/channels.ts'
import { readBot, type BotSettings } from '../store/telegram-settings.ts'
import { botIdOf } from '../rules/telegram-token.ts'
import { TELEGRAM_RATE_PER_SECOND, sendTelegram } from '../telegram/send.ts'
import { postToGateway, readGateway, reserveSendSlot, type Delivery } from '../store/sms-gateway.ts'
import { gatewayReady, type GatewaySettings } from '../rules/sms-gateway-view.ts'
import { markOutboundSent, markSendFailed, outboundToSend, recordSendAttempt } from '../store/outbound-sends.ts'

/** The longest a sender waits for its send slot; a slot further off gives the runner to other jobs meanwhile. */
const MAX_SLOT_WAIT_MS = 1000

/** The key a gateway may use to take a message once: the message's id and creation time (ids alone repeat across installations). */
const idempotencyKey = (row: OutboundRow) => `sms-${row.outbound_id}-${new Date(row.created_at).getTime()}`

/** Takes a send slot of the sender's rate (key: the gateway or bot), waiting for it when it is near, else giving the runner back (RunLater). */
async function takeSlot (db: Db, key: string, ratePerSecond: number, signal: AbortSignal, maxWaitMs: number): Promise<void> {
  const slot = await reserveSendSlot(db, key, ratePerSecond, maxWaitMs)
  if ('laterMs' in slot) throw new RunLater(slot.laterMs, jobMessages.smsRate({ rate: ratePerSecond }))
  if (slot.waitMs > 0) {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, slot.waitMs)
      signal.addEventListener('abort', () => { clearTimeout(timer); reject(signal.reason) }, { once: true })
    })
  }
}

/** Records a call's outcome on the message: sent (with the gateway's id and price), or the attempt and its error. */
async function recordDelivery (db: Db, row: OutboundRow, outcome: Delivery, cost: number, now: () => Date): Promise<{ ok: true } | { ok: false, problem: string }> {
  if (outcome.ok) {
    await markOutboundSent(db, row.outbound_id, { at: now(), gatewayId: outcome.gatewayId, cost })
    return { ok: true }
  }
  // Unless the runner is stopping, this attempt counts (the gateway call was made, or tried).
  await recordSendAttempt(db, row.outbound_id, outcome.problem)
  return outcome
}

/** Sends one SMS at the gateway's rate and records the outcome on its row: sent (with the gateway's id and price) or the error. */
export async function deliver (db: Db, gateway: GatewaySettings, row: OutboundRow, now: () => Date, signal: AbortSignal, maxWaitMs = MAX_SLOT_WAIT_MS): Promise<{ ok: true } | { ok: false, problem: string }> {
  await takeSlot(db, gateway.url, gateway.ratePerSecond, signal, maxWaitMs)
  return recordDelivery(db, row, await postToGateway(gateway, { to: row.recipient, body: row.body, key: idempotencyKey(row) }, signal), gateway.costPerMessage, now)
}

/** Sends one Telegram message by the game's bot, at the bot's rate; Telegram charges nothing, so its cost is 0. */
async function deliverTelegram (db: Db, bot: BotSettings, row: OutboundRow, now: () => Date, signal: AbortSignal): Promise<{ ok: true } | { ok: false, problem: string }> {
  await takeSlot(db, `${bot.apiRoot}#bot${botIdOf(bot.token)}`, TELEGRAM_RATE_PER_SECOND, signal, MAX_SLOT_WAIT_MS)
  return recordDelivery(db, row, await sendTelegram(bot, row.recipient, row.body, signal), 0, now)
}

/** The handler: sends the message once (a message sent already is not sent again), records the gateway's id, or the error and throws for a retry. */
export function smsSendJob (db: Db, now: () => Date): JobHandler {
  return {
    backoff: 'exponential',
    async run (job, { signal }) {
      const row = await outboundToSend(db, Number(job.subjectId))
      if (!row) return jobMessages.smsGone({ message: Number(job.subjectId) })
      if (row.status === 'sent') return jobMessages.smsSentAlready({ message: Number(job.subjectId) })
      if (row.channel !== undefined && row.channel !== 'sms') {
        const bot = await readBot(db, gameOfChannel(row.channel))
        if (bot.token === '') return jobMessages.smsNoBot({ message: Number(job.subjectId), game: gameOfChannel(row.channel) })
        const outcome = await deliverTelegram(db, bot, row, now, signal)
        if (!outcome.ok) throw new Error(outcome.problem)
        return jobMessages.smsSentTelegram({ message: Number(row.outbound_id), recipient: row.recipient })
      }
      const gateway = await readGateway(db)
      // Switched off or unset since it was queued: the message waits, and saving a ready gateway queues it again.
      if (!gatewayReady(gateway)) return (gateway.enabled ? jobMessages.smsGatewayUnset : jobMessages.smsGatewayOff)({ message: Number(job.subjectId) })
      const outcome = await deliver(db, gateway, row, now, signal)
      if (!outcome.ok) throw new Error(outcome.problem)
      return jobMessages.smsSent({ message: Number(row.outbound_id), recipient: row.recipient })
    },
    async failed (job, message, tx) {
      await markSendFailed(tx, Number(job.subjectId), message)
    }
  }
}
