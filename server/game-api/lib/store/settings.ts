import { prepared, type Queryable } from '../../../shared/db.ts'

/** Keys of the settings table. */
export const settingKeys = {
  downloadUrl: 'app.downloadUrl',
  iosDownloadUrl: 'app.iosDownloadUrl',
  maintenanceUntil: 'maintenance.until',
  currencyCode: 'money.currencyCode',
  // The inbound SMS webhook's shared secret (the gateway's auth token) and the public URL the gateway signs; both write-only through SMS Gateway.
  smsInboundSecret: 'sms.inboundSecret',
  smsInboundUrl: 'sms.inboundUrl',
  // Where replies are sent: the gateway's Messages URL (Twilio's shape), its account id (Basic auth user; the password is the inbound secret) and the sender id shown to members.
  smsGatewayUrl: 'sms.gatewayUrl',
  smsAccountSid: 'sms.accountSid',
  smsSenderId: 'sms.senderId',
  // SMS Gateway's other settings (messaging/store/sms-gateway.ts reads them all): the provider's API shape, whether sending is on ('false' holds every
  // message in the queue), the gateway's send rate (messages a second, across instances) and its price per message (the SMS Report's cost).
  smsProvider: 'sms.provider',
  smsEnabled: 'sms.enabled',
  smsRatePerSecond: 'sms.ratePerSecond',
  smsCostPerMessage: 'sms.costPerMessage',
  // The Telegram bots (one per game, as the SMS settings name them): the Bot API's address and each bot's token (write-only, SMS Gateway).
  telegramApiRoot: 'telegram.apiRoot',
  telegram4DToken: 'telegram.4D.botToken',
  telegramTotoToken: 'telegram.TOTO.botToken'
} as const

/** A setting's value ('' when absent). */
export async function readSetting (q: Queryable, key: string): Promise<string> {
  const { rows } = await q.query<{ value: string }>(prepared('SELECT value FROM settings WHERE key = $1'), [key])
  return rows[0]?.value ?? ''
}

/** Several settings in one read, in the order asked ('' for each absent). */
export async function readSettings (q: Queryable, keys: readonly string[]): Promise<string[]> {
  const { rows } = await q.query<{ key: string, value: string }>('SELECT key, value FROM settings WHERE key = ANY($1::text[])', [keys])
  const values = new Map(rows.map((r) => [r.key, r.value]))
  return keys.map((key) => values.get(key) ?? '')
}

/** Sets or replaces a setting. */
export async function writeSetting (q: Queryable, key: string, value: string): Promise<void> {
  await q.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value', [key, value])
  if (key === settingKeys.maintenanceUntil) maintenanceRead = new WeakMap()
}

/** How long an instance reuses the maintenance setting it read: every call checks it, and another instance's switch reaches this one within it. */
export const MAINTENANCE_READ_MS = 1000
// Per database handle: the stored value and when it was read (a switch through this instance drops them all).
let maintenanceRead = new WeakMap<Queryable, { value: string, at: number }>()

/** The end of maintenance when it is on at now, else undefined (an end in the past means it is over); fresh: read now, not reused. */
export async function maintenanceEnd (q: Queryable, now: Date, fresh = false): Promise<Date | undefined> {
  let read = maintenanceRead.get(q)
  if (fresh || read === undefined || performance.now() - read.at >= MAINTENANCE_READ_MS) {
    read = { value: await readSetting(q, settingKeys.maintenanceUntil), at: performance.now() }
    maintenanceRead.set(q, read)
  }
  const value = read.value
  if (!value) return undefined
  const end = new Date(value)
  return Number.isNaN(end.getTime()) || end.getTime() <= now.getTime() ? undefined : end
}
