// A burst of inbound SMS bets at a fixed rate (default 200 a second) through the Twilio webhook, against the same bets posted straight to
// POST 4d/bet at the same rate, in the same run on the same game API: bets placed per second of each (goal: webhook / bet at least 0.8),
// and the p95 from the webhook call to the reply taken by the local stand-in gateway (sent by the durable job runner).
// PGlite in memory. Run: npm run bench -- sms-inbound   (BENCH_RATE, BENCH_SECONDS to change the defaults)
import { buildGameApi } from '../../server/game-api/app.ts'
import { openDb } from '../../server/shared/db.ts'
import { settingKeys, writeSetting } from '../../server/game-api/lib/store/settings.ts'
import { startStandInGateway } from '../../server/game-api/messaging/stand-ins/sms-gateway.ts'
import { twilioSignature } from '../../server/game-api/messaging/rules/twilio-signature.ts'

const RATE = Number(process.env.BENCH_RATE ?? 200)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const GOAL = 0.8
const SECRET = 'bench-auth-token'
const ACCOUNT = 'AC00000000000000000000000000000009'
const REPLY_WAIT_MS = 120_000

const db = await openDb({ dataDir: 'memory://' })
const app = await buildGameApi({ db, jobs: { retryMs: 200 } })
const gameApiUrl = await app.listen({ port: 0, host: '127.0.0.1' })
const gateway = await startStandInGateway({ accountSid: ACCOUNT, authToken: SECRET })
const inboundUrl = `${gameApiUrl}/api/v1/sms/twilio`
for (const [key, value] of [[settingKeys.smsInboundSecret, SECRET], [settingKeys.smsInboundUrl, inboundUrl], [settingKeys.smsGatewayUrl, gateway.url], [settingKeys.smsAccountSid, ACCOUNT], [settingKeys.smsSenderId, 'Bench'],
  // The gateway's rate well above the run's, so the figure is the pipeline's, not SMS Gateway's limit.
  [settingKeys.smsRatePerSecond, '1000']] as const) {
  await writeSetting(db, key, value)
}
// SMS open every day all day, ag1 with a registered phone and credit for every bet of the run.
await db.query("UPDATE sms_settings SET open_day = 'Mon, Tue, Wed, Thu, Fri, Sat, Sun', open_time = '00:00', close_time = '23:59'")
await db.query("INSERT INTO sms_phones (phone, user_id, created_by, created_at) VALUES ('6581234567', 'ag1', 'bench', now())")
await db.query("UPDATE users SET credit = credit + 10000000, credit_left = credit_left + 10000000 WHERE user_id = 'ag1'")
const token = (await (await fetch(`${gameApiUrl}/api/v1/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'ag1', password: 'Demo#1234' }) })).json() as { data: { access_token: string } }).data.access_token

const count = RATE * SECONDS
const numberOf = (i: number) => String((i * 7919) % 10_000).padStart(4, '0')
const sentAt = new Map<string, number>()

/** Fires count calls at RATE a second without waiting for answers; answers the seconds until the last answer and the calls not answered 200. */
async function burst (call: (i: number) => Promise<Response>): Promise<{ seconds: number, failures: string[] }> {
  const started = performance.now()
  const failures: string[] = []
  const pending: Array<Promise<void>> = []
  for (let i = 0; i < count; i++) {
    const due = started + (i * 1000) / RATE
    const wait = due - performance.now()
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait))
    pending.push(call(i).then(async (res) => { const text = await res.text(); if (res.status !== 200) failures.push(`${res.status} ${text.slice(0, 200)}`) }, (error: unknown) => { failures.push(String(error)) }))
  }
  await Promise.all(pending)
  return { seconds: (performance.now() - started) / 1000, failures }
}

const ticketsSince = async (id: number) => Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM tickets WHERE ticket_id > $1', [id])).rows[0]?.n)
const lastTicket = async () => Number((await db.query<{ m: string }>('SELECT COALESCE(max(ticket_id), 0) AS m FROM tickets')).rows[0]?.m)

let before = await lastTicket()
const direct = await burst((i) => fetch(`${gameApiUrl}/api/v1/4d/bet`, {
  method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ DayCode: '0', Lines: [{ Number: numberOf(i), Big: 1 }] })
}))
const directPlaced = await ticketsSince(before)
before = await lastTicket()
const sms = await burst((i) => {
  const params = { MessageSid: `SMbench${String(i).padStart(26, '0')}`, From: '+6581234567', To: '+6591234567', Body: `ag1 0 ${numberOf(i)} 1-` }
  sentAt.set(params.MessageSid, Date.now())
  return fetch(inboundUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(SECRET, inboundUrl, params) }, body: new URLSearchParams(params).toString() })
})
const smsPlaced = await ticketsSince(before)
const { rows: [{ n: rejected } = { n: '0' }] } = await db.query<{ n: string }>("SELECT count(*) AS n FROM sms_inbound WHERE status <> 'placed'")

// Replies: wait until the stand-in gateway has one for every message (or the cap), then match each to its webhook call.
const waitStarted = Date.now()
while (gateway.messages.length < count && Date.now() - waitStarted < REPLY_WAIT_MS) await new Promise((resolve) => setTimeout(resolve, 100))
const takenAt = new Map(gateway.messages.map((m) => [m.sid, m.at.getTime()]))
const { rows: pairs } = await db.query<{ message_id: string, gateway_message_id: string | null }>('SELECT i.message_id, o.gateway_message_id FROM sms_inbound i JOIN sms_outbound o ON o.inbound_id = i.inbound_id')
const latencies = pairs.flatMap((p) => { const at = p.gateway_message_id ? takenAt.get(p.gateway_message_id) : undefined; const sent = sentAt.get(p.message_id); return at !== undefined && sent !== undefined ? [at - sent] : [] }).sort((a, b) => a - b)
const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN

const directRate = directPlaced / direct.seconds
const smsRate = smsPlaced / sms.seconds
const ratio = smsRate / directRate
console.log(`PGlite: ${count} bets offered at ${RATE}/s (one $1 Big line, day code 0, for ag1), each path in turn on one game API:`)
console.log(`PGlite:   POST 4d/bet straight        ${directPlaced} placed in ${direct.seconds.toFixed(2)} s = ${directRate.toFixed(0)} bets/s (${direct.failures.length} failed${direct.failures[0] ? `, first: ${direct.failures[0]}` : ''})`)
console.log(`PGlite:   Twilio webhook (SMS)        ${smsPlaced} placed in ${sms.seconds.toFixed(2)} s = ${smsRate.toFixed(0)} bets/s (${sms.failures.length} failed, ${rejected} rejected${sms.failures[0] ? `, first: ${sms.failures[0]}` : ''})`)
console.log(`PGlite:   ratio webhook / bet ${ratio.toFixed(2)} (goal at least ${GOAL})`)
console.log(`PGlite:   webhook call to reply taken by the gateway: ${latencies.length} of ${count} replies, p50 ${p(0.5).toFixed(0)} ms, p95 ${p(0.95).toFixed(0)} ms, max ${(latencies.at(-1) ?? NaN).toFixed(0)} ms`)
await gateway.close()
await app.close()
await db.close()
process.exit(ratio >= GOAL && sms.failures.length === 0 && direct.failures.length === 0 ? 0 : 1)
