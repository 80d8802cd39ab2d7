import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { writeSetting, settingKeys } from '../../../../server/game-api/lib/store/settings.ts'
import { twilioSignature } from '../../../../server/game-api/messaging/rules/twilio-signature.ts'
import { gameApiHarness, type GameApiHarness } from '../../harness.ts'

// The inbound SMS webhook (Twilio's shape) end to end: signature, registered phone, open hours, the bet grammar, the ticket, the queued reply, and one bet per message id.
const SECRET = 'test-gateway-auth-token'
const URL = 'https://sms.example.test/api/v1/sms/twilio'
const SMS_4D = '+6591234567'
let sid = 0

function webhook (h: GameApiHarness) {
  return async (from: string, body: string, options: { messageId?: string, to?: string, signature?: string } = {}) => {
    const params: Record<string, string> = { MessageSid: options.messageId ?? `SM${String(++sid).padStart(32, '0')}`, AccountSid: 'AC0001', From: from, To: options.to ?? SMS_4D, Body: body, NumMedia: '0' }
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/v1/sms/twilio',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': options.signature ?? twilioSignature(SECRET, URL, params) },
      payload: new URLSearchParams(params).toString()
    })
    const { rows: [reply] } = await h.db.query<{ body: string, recipient: string }>(
      'SELECT o.body, o.recipient FROM sms_outbound o JOIN sms_inbound i ON i.inbound_id = o.inbound_id WHERE i.message_id = $1', [params.MessageSid])
    return { response, status: response.headers['x-sms-status'], reply: reply?.body ?? '', recipient: reply?.recipient, messageId: params.MessageSid as string }
  }
}

const smsTickets = async (h: GameApiHarness) => Number((await h.db.query<{ n: string }>("SELECT count(*) AS n FROM tickets WHERE source = 'sms'")).rows[0]?.n)
const creditLeft = async (h: GameApiHarness, userId: string) => Number((await h.db.query<{ c: string }>('SELECT credit_left AS c FROM users WHERE user_id = $1', [userId])).rows[0]?.c)

onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const send = webhook(h)
  const admin = await h.signIn('admin')
  await writeSetting(h.db, settingKeys.smsInboundSecret, SECRET)
  await writeSetting(h.db, settingKeys.smsInboundUrl, URL)
  const register = async (UserId: string, Phone: string) => {
    const added = await h.call('POST', '/api/v1/4d/addSMSAgent', { token: admin, payload: { UserId, Phone } })
    if (added.statusCode !== 200) throw new Error(added.body)
  }
  await register('mem1', '81234567')
  await register('ag1', '+65 8765 4321')

  t.test('a registered member bets by SMS: one ticket, and the reply carries its number, stake and credit left', async (t) => {
    const before = await smsTickets(h)
    const sent = await send('+6581234567', 'mem1 3 1234 1-2')
    t.equal(sent.response.statusCode, 200, 'answered 200')
    t.match(sent.response.headers['content-type'], /text\/xml/)
    t.match(sent.response.body, /<Response><\/Response>/, 'empty TwiML: the reply goes through the outbound queue')
    t.equal(sent.status, 'placed')
    t.equal(await smsTickets(h), before + 1)
    const { rows: [ticket] } = await h.db.query<{ ticket_no: string, user_id: string, stake: string, text: string }>(
      'SELECT t.ticket_no, t.user_id, t.stake, t.text FROM tickets t JOIN sms_inbound i ON i.ticket_no = t.ticket_no WHERE i.message_id = $1', [sent.messageId])
    t.equal(ticket?.user_id, 'mem1')
    t.equal(ticket?.text, 'mem1 3 1234 1-2')
    t.equal(sent.recipient, '+6581234567', 'the reply goes back to the sender')
    t.equal(sent.reply, `Ticket ${ticket?.ticket_no} for mem1: stake ${Number(ticket?.stake).toFixed(2)} over 1 draw, credit left ${(await creditLeft(h, 'mem1')).toFixed(2)}.`)
    const found = await h.call('GET', `/api/v1/4d/SMSGatewayById?MessageId=${sent.messageId}`, { token: admin })
    t.equal(found.statusCode, 200, found.body)
    t.match(found.json().data, { Direction: 'in', Message: { From: '+6581234567', UserId: 'mem1', Status: 'placed', TicketNo: ticket?.ticket_no, Reply: sent.reply } }, 'support finds the message by the gateway\'s id')
    const unknown = await h.call('GET', '/api/v1/4d/SMSGatewayById?MessageId=SMnothing', { token: admin })
    t.equal(unknown.statusCode, 404)
    t.match(unknown.json(), { code: 'GA_SMS_GATEWAY_MESSAGE_NOT_FOUND', params: ['SMnothing'] })
  })

  t.test('a retried webhook places one bet, also when the retries arrive at once', async (t) => {
    const before = await smsTickets(h)
    const first = await send('+6581234567', 'mem1 3 2345 1-', { messageId: 'SMretry0001' })
    const again = await send('+6581234567', 'mem1 3 2345 1-', { messageId: 'SMretry0001' })
    t.equal(first.status, 'placed')
    t.equal(again.status, 'duplicate')
    t.equal(again.response.statusCode, 200, 'the gateway is told it arrived, so it stops retrying')
    const together = await Promise.all([1, 2, 3].map(() => send('+6581234567', 'mem1 3 3456 1-', { messageId: 'SMretry0002' })))
    t.same(together.map((r) => r.status).sort(), ['duplicate', 'duplicate', 'placed'])
    t.equal(await smsTickets(h), before + 2, 'two messages, two tickets')
    const { rows } = await h.db.query("SELECT 1 FROM sms_outbound o JOIN sms_inbound i ON i.inbound_id = o.inbound_id WHERE i.message_id IN ('SMretry0001', 'SMretry0002')")
    t.equal(rows.length, 2, 'one reply per message')
  })

  t.test('a wrong signature is refused with 403, audited, and records and places nothing', async (t) => {
    const before = await smsTickets(h)
    const forged = await send('+6581234567', 'mem1 3 1234 5-', { signature: 'RSOYDt4T1cUTdK1PDd93/VVr8B8=' })
    t.equal(forged.response.statusCode, 403)
    t.match(forged.response.json().message, /X-Twilio-Signature does not match/)
    t.equal(await smsTickets(h), before)
    t.equal((await h.db.query('SELECT 1 FROM sms_inbound WHERE message_id = $1', [forged.messageId])).rows.length, 0, 'the id stays free for the real message')
    const { rows: [audit] } = await h.db.query<{ detail: string | Record<string, unknown> }>("SELECT detail FROM audits WHERE action = 'sms.signatureRefused' ORDER BY audit_id DESC LIMIT 1")
    t.match(typeof audit?.detail === 'string' ? JSON.parse(audit.detail) : audit?.detail, { provider: 'twilio', MessageSid: forged.messageId })
    t.equal((await send('+6581234567', 'mem1 3 1234 5-', { signature: '' })).response.statusCode, 403, 'no signature at all')
  })

  t.test('an unregistered number, a closed hour, a malformed text and an unregistered ID each get their reply and place nothing', async (t) => {
    const before = await smsTickets(h)
    const stranger = await send('+6590001111', 'mem1 3 1234 1-')
    t.equal(stranger.status, 'rejected')
    t.equal(stranger.reply, 'Nothing placed: your number +6590001111 is not registered; register it on the site\'s Mobile page or ask your agent, then send the bet again.')
    const bad = await send('+6581234567', 'mem1 3 12x4 1-')
    t.equal(bad.status, 'rejected')
    t.match(bad.reply, /^Nothing placed: at position 7: /)
    const forOther = await send('+6587654321', 'mem1 3 1234 1-')
    t.equal(forOther.status, 'placed', 'ag1 may bet for mem1, whose number is registered')
    await h.db.query('DELETE FROM sms_phones WHERE user_id = $1', ['mem1'])
    const unregisteredId = await send('+6587654321', 'mem1 3 1234 1-')
    t.equal(unregisteredId.reply, 'Nothing placed: mem1 has no registered number; you may bet only for yourself or IDs with registered numbers.')
    await register('mem1', '81234567')
    h.clock.set('2030-01-02T11:00:00Z')
    const late = await send('+6581234567', 'mem1 0 1234 1-')
    t.equal(late.reply, 'Nothing placed: SMS betting is open Wed, Sat, Sun from 09:00 to 18:00; send the bet again then.', '19:00 GMT+8')
    h.clock.set('2030-01-03T02:00:00Z')
    t.equal((await send('+6581234567', 'mem1 0 1234 1-')).status, 'rejected', 'Thursday is not an open day')
    h.clock.set('2030-01-02T02:00:00Z')
    const elsewhere = await send('+6581234567', 'mem1 3 1234 1-', { to: '+6580000000' })
    t.match(elsewhere.reply, /^Nothing placed: \+6580000000 does not take bets/)
    t.equal(await smsTickets(h), before + 1, 'only ag1\'s bet for mem1 was placed')
  })

  t.test('over 10 number sets or 150 characters: placed, with the seed\'s advice as a warning', async (t) => {
    const sets = Array.from({ length: 11 }, (_, i) => `${String(1000 + i)} 1-`).join(' ')
    const long = await send('+6581234567', `mem1 3 ${sets}`)
    t.equal(long.status, 'placed')
    t.match(long.reply, /credit left [\d.]+\. Warning: at position \d+: 11 number sets in one message: at most 10 are advised/)
  })

  t.test('the number written to chooses the game: a TOTO bet to the TOTO number on a TOTO day', async (t) => {
    h.clock.set('2030-01-03T02:00:00Z')
    t.teardown(() => h.clock.set('2030-01-02T02:00:00Z'))
    const toto = await send('+6581234567', 'mem1 4 010203040506 -1', { to: '+6598765432' })
    t.equal(toto.status, 'placed', toto.reply)
    const { rows: [ticket] } = await h.db.query<{ game: string }>('SELECT t.game FROM tickets t JOIN sms_inbound i ON i.ticket_no = t.ticket_no WHERE i.message_id = $1', [toto.messageId])
    t.equal(ticket?.game, 'TOTO')
    t.equal((await send('+6581234567', 'mem1 3 1234 1-')).status, 'rejected', 'Thursday is closed for 4D SMS')
  })

  t.test('a refusal of the placement itself (not enough credit) is the reply', async (t) => {
    const refused = await send('+6581234567', 'mem1 3 1234 40000-')
    t.equal(refused.status, 'rejected')
    t.match(refused.reply, /^Nothing placed: Not enough credit/)
  })

  t.test('without a configured secret every message is refused', async (t) => {
    await writeSetting(h.db, settingKeys.smsInboundSecret, '')
    t.teardown(() => writeSetting(h.db, settingKeys.smsInboundSecret, SECRET))
    const answer = await send('+6581234567', 'mem1 3 1234 1-')
    t.equal(answer.response.statusCode, 503)
    t.match(answer.response.json().message, /not configured/)
  })
})
