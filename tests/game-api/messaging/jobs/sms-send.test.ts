import t from 'tap'
import { buildGameApi } from '../../../helpers/build.ts'
import { settingKeys, writeSetting } from '../../../../server/game-api/lib/store/settings.ts'
import { startStandInGateway } from '../../../../server/game-api/messaging/stand-ins/sms-gateway.ts'
import { twilioSignature } from '../../../../server/game-api/messaging/rules/twilio-signature.ts'
import { testClockStart } from '../../../helpers/clock.ts'
import { onTestDatabase } from '../../../helpers/db.ts'

// The reply to an inbound SMS leaves through the durable job runner to the configured gateway (the local stand-in), retried with backoff when the gateway fails.
const SECRET = 'gateway-auth-token'
const INBOUND_URL = 'https://sms.example.test/api/v1/sms/twilio'

onTestDatabase(t, async (t, kind) => {
  const now = new Date(testClockStart)
  const { gameApi: app, db } = await buildGameApi(t, { kind, listen: false, now: () => new Date(now), jobs: { pollMs: 20, leaseMs: 2000, heartbeatMs: 500, retryMs: 30 } })
  const gateway = await startStandInGateway({ accountSid: 'AC00000000000000000000000000000001', authToken: SECRET })
  t.teardown(() => gateway.close())
  await app.ready()
  for (const [key, value] of [[settingKeys.smsInboundSecret, SECRET], [settingKeys.smsInboundUrl, INBOUND_URL], [settingKeys.smsGatewayUrl, gateway.url],
    [settingKeys.smsAccountSid, 'AC00000000000000000000000000000001'], [settingKeys.smsSenderId, 'DemoBet']] as const) await writeSetting(db, key, value)
  await db.query("INSERT INTO sms_phones (phone, user_id, created_by, created_at) VALUES ('6581234567', 'mem1', 'admin', now())")
  const send = async (MessageSid: string, Body: string) => {
    const params = { MessageSid, From: '+6581234567', To: '+6591234567', Body }
    const response = await app.inject({ method: 'POST', url: '/api/v1/sms/twilio', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(SECRET, INBOUND_URL, params) }, payload: new URLSearchParams(params).toString() })
    if (response.statusCode !== 200) throw new Error(response.body)
  }
  const outbound = async () => (await db.query<{ status: string, attempts: number, last_error: string | null, gateway_message_id: string | null, body: string }>('SELECT * FROM sms_outbound ORDER BY outbound_id')).rows
  const until = async (what: string, check: () => Promise<boolean>) => {
    for (let i = 0; i < 300; i++) { if (await check()) return; await new Promise((resolve) => setTimeout(resolve, 20)) }
    throw new Error(`timed out waiting for ${what}`)
  }

  t.test('a ticket reply reaches the gateway once, from the sender id, and is marked sent with the gateway\'s id', async (t) => {
    await send('SMjob0001', 'mem1 3 1234 1-')
    await until('the reply to be sent', async () => (await outbound())[0]?.status === 'sent')
    const [row] = await outbound()
    t.equal(gateway.messages.length, 1)
    t.match(gateway.messages[0], { to: '+6581234567', from: 'DemoBet', body: row?.body })
    t.match(row?.body, /^Ticket \S+ for mem1: stake 1\.00/)
    t.equal(row?.gateway_message_id, gateway.messages[0]?.sid)
    t.equal(row?.attempts, 1)
    await send('SMjob0001', 'mem1 3 1234 1-')
    await new Promise((resolve) => setTimeout(resolve, 200))
    t.equal(gateway.messages.length, 1, 'a retried webhook sends no second reply')
  })

  t.test('a failing gateway is retried with backoff until it takes the message', async (t) => {
    gateway.failNext(2)
    await send('SMjob0002', 'mem1 3 12 1-')
    await until('the reply to be sent after the outage', async () => (await outbound())[1]?.status === 'sent')
    const row = (await outbound())[1]
    t.equal(row?.attempts, 3, 'two failures, then sent')
    t.equal(row?.last_error, null)
    t.match(gateway.messages.at(-1)?.body, /^Nothing placed: at position/)
    const { rows: [job] } = await db.query<{ status: string, attempts: number }>("SELECT status, attempts FROM jobs WHERE kind = 'sms.send' ORDER BY job_id DESC LIMIT 1")
    t.match(job, { status: 'done', attempts: 3 })
  })

  t.test('Resend queues a copy that reaches the gateway again; an unknown message is a 404', async (t) => {
    const admin = await app.inject({ method: 'POST', url: '/api/v1/oauth/token', headers: { 'x-forwarded-for': '10.9.8.7' }, payload: { username: 'admin', password: 'Demo#1234' } })
    const token = admin.json().data.access_token as string
    const before = gateway.messages.length
    const first = (await db.query<{ outbound_id: string, body: string }>('SELECT outbound_id, body FROM sms_outbound ORDER BY outbound_id LIMIT 1')).rows[0]
    const resent = await app.inject({ method: 'POST', url: '/api/v1/4d/resendSms', headers: { authorization: `Bearer ${token}` }, payload: { OutboundId: Number(first?.outbound_id) } })
    t.equal(resent.statusCode, 200, resent.body)
    t.equal(resent.json().data.Queued, true)
    await until('the copy to be sent', async () => gateway.messages.length === before + 1)
    t.equal(gateway.messages.at(-1)?.body, first?.body)
    const missing = await app.inject({ method: 'POST', url: '/api/v1/4d/resendSms', headers: { authorization: `Bearer ${token}` }, payload: { OutboundId: 999999 } })
    t.equal(missing.statusCode, 404)
  })

  t.test('a gateway that never takes it: the message ends failed with the reason', async (t) => {
    gateway.failNext(100)
    t.teardown(() => gateway.failNext(0))
    await send('SMjob0003', 'mem1 3 2345 1-')
    await until('the message to fail', async () => (await outbound()).at(-1)?.status === 'failed')
    const row = (await outbound()).at(-1)
    t.equal(row?.attempts, 5)
    t.match(row?.last_error, /^Failed after 5 attempts: the gateway answered 500/)
  })
})
