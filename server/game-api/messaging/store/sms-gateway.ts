// The outbound SMS gateway as SMS Gateway sets it: where messages go (Twilio's Messages API shape), as whom, whether sending is on,
// how fast (one rate per gateway, shared by every instance through the store) and at what price. The auth token never leaves this module
// except in the Authorization header of a gateway call.
import type { Queryable } from '../../../shared/db.ts'
import { readSettings, settingKeys, writeSetting } from '../../lib/store/settings.ts'
import { SMS_PROVIDERS, type SmsProvider } from '../rules/sms-providers.ts'
import type { GatewaySettings } from '../rules/sms-gateway-view.ts'

/** Messages a second when SMS Gateway has not set a rate. */
export const DEFAULT_RATE_PER_SECOND = 10

const keys = [settingKeys.smsProvider, settingKeys.smsGatewayUrl, settingKeys.smsAccountSid, settingKeys.smsInboundSecret, settingKeys.smsSenderId,
  settingKeys.smsEnabled, settingKeys.smsInboundUrl, settingKeys.smsRatePerSecond, settingKeys.smsCostPerMessage] as const

const positive = (text: string, fallback: number) => {
  const n = Number(text)
  return text !== '' && Number.isFinite(n) && n > 0 ? n : fallback
}

/** Reads the gateway settings in one query (absent ones at their defaults: Twilio's shape, enabled, 10 a second, free). */
export async function readGateway (q: Queryable): Promise<GatewaySettings> {
  const [provider = '', url = '', accountSid = '', authToken = '', senderId = '', enabled = '', inboundUrl = '', rate = '', cost = ''] = await readSettings(q, keys)
  return {
    provider: (SMS_PROVIDERS as readonly string[]).includes(provider) ? provider as SmsProvider : 'twilio',
    url,
    accountSid,
    authToken,
    senderId,
    // Absent means on: a gateway URL set before SMS Gateway existed keeps sending.
    enabled: enabled !== 'false',
    inboundUrl,
    ratePerSecond: positive(rate, DEFAULT_RATE_PER_SECOND),
    costPerMessage: Number(cost) >= 0 ? Number(cost) : 0
  }
}

/** What SMS Gateway saves; authToken undefined keeps the one set, '' clears it. */
export interface GatewayChange {
  provider: SmsProvider
  url: string
  accountSid: string
  senderId: string
  enabled: boolean
  inboundUrl: string
  ratePerSecond: number
  costPerMessage: number
  authToken?: string
}

/** Writes the gateway settings in the caller's transaction. */
export async function writeGateway (q: Queryable, change: GatewayChange): Promise<void> {
  const values: Array<[string, string]> = [
    [settingKeys.smsProvider, change.provider],
    [settingKeys.smsGatewayUrl, change.url],
    [settingKeys.smsAccountSid, change.accountSid],
    [settingKeys.smsSenderId, change.senderId],
    [settingKeys.smsEnabled, change.enabled ? 'true' : 'false'],
    [settingKeys.smsInboundUrl, change.inboundUrl],
    [settingKeys.smsRatePerSecond, String(change.ratePerSecond)],
    [settingKeys.smsCostPerMessage, String(change.costPerMessage)]
  ]
  if (change.authToken !== undefined) values.push([settingKeys.smsInboundSecret, change.authToken])
  for (const [key, value] of values) await writeSetting(q, key, value)
}

/** A send slot: wait this long and send, or come back later (the gateway's rate is spoken for beyond the wait a sender may take). */
export type SendSlot = { waitMs: number } | { laterMs: number }

/**
 * Reserves the gateway's next send slot, one every 1/rate seconds across every instance (the row's lock orders concurrent senders; the
 * database clock is the one clock they share). A slot further away than maxWaitMs is not taken: the caller gives its turn to other work.
 */
export async function reserveSendSlot (q: Queryable, gateway: string, ratePerSecond: number, maxWaitMs: number): Promise<SendSlot> {
  const gapMs = 1000 / ratePerSecond
  const { rows: [taken] } = await q.query<{ wait_ms: string }>(
    `INSERT INTO sms_send_rate AS r (gateway, next_at) VALUES ($1, now() + $2 * interval '1 millisecond')
     ON CONFLICT (gateway) DO UPDATE SET next_at = GREATEST(r.next_at, now()) + $2 * interval '1 millisecond'
       WHERE r.next_at <= now() + $3 * interval '1 millisecond'
     RETURNING extract(epoch FROM (next_at - now())) * 1000 - $2 AS wait_ms`, [gateway, gapMs, maxWaitMs])
  if (taken) return { waitMs: Math.max(0, Number(taken.wait_ms)) }
  const { rows: [next] } = await q.query<{ later_ms: string }>('SELECT extract(epoch FROM (next_at - now())) * 1000 AS later_ms FROM sms_send_rate WHERE gateway = $1', [gateway])
  return { laterMs: Math.max(1, Math.ceil(Number(next?.later_ms ?? gapMs))) }
}

/** How long one gateway call may take. */
const GATEWAY_TIMEOUT_MS = 10_000

/** What a gateway call came to: the gateway's message id, or why it did not take the message. */
export type Delivery = { ok: true, gatewayId: string | null } | { ok: false, problem: string }

/**
 * One POST of a message to the gateway in Twilio's Messages shape (form-encoded To, From, Body; Basic auth account : token). The
 * Idempotency-Key names the message, so a gateway that honours it (the stand-in does; Twilio ignores it) takes a repeat after a crash once.
 */
export async function postToGateway (g: GatewaySettings, message: { to: string, body: string, key: string }, signal: AbortSignal): Promise<Delivery> {
  try {
    const response = await fetch(g.url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${g.accountSid}:${g.authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': message.key
      },
      body: new URLSearchParams({ To: message.to, From: g.senderId, Body: message.body }).toString(),
      signal: AbortSignal.any([signal, AbortSignal.timeout(GATEWAY_TIMEOUT_MS)])
    })
    const text = await response.text()
    if (!response.ok) return { ok: false, problem: `the gateway answered ${response.status}: ${text.slice(0, 200)}` }
    let sid: unknown
    try { sid = (JSON.parse(text || '{}') as { sid?: unknown }).sid } catch { sid = undefined }
    return { ok: true, gatewayId: typeof sid === 'string' ? sid : null }
  } catch (error) {
    if (signal.aborted) throw error
    return { ok: false, problem: `the gateway could not be reached: ${error instanceof Error ? error.message : String(error)}` }
  }
}
