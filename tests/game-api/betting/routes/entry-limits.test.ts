import t from 'tap'
import { writeSetting, settingKeys } from '../../../../server/game-api/lib/store/settings.ts'
import { twilioSignature } from '../../../../server/game-api/messaging/rules/twilio-signature.ts'
import { receiveBet } from '../../../../server/game-api/messaging/store/sms-inbound.ts'
import { gameApiHarness } from '../../harness.ts'
import { api } from '../support.ts'
import { upload, waitForJob } from '../upload-support.ts'

// One ticket takes at most bet/settings' MaxLines lines, whichever way it comes in: the form, a bet text, an upload, an SMS or Telegram,
// each refused with the same sentence (GA_TOO_MANY_LINES) and nothing placed.
const h = await gameApiHarness(t, 'pglite')
const tokens = { admin: await h.signIn('admin'), ag1: await h.signIn('ag1'), mem1: await h.signIn('mem1') }
const { body: settings } = await api(h, 'GET', '/api/v1/4d/bet/settings', tokens.mem1)
const max = Number(settings.data.MaxLines)
const numbers = (count: number) => Array.from({ length: count }, (_, i) => String(1000 + i))
// A bet text of count numbers, each 1 big, on Wednesday's draw.
const text = (count: number) => `mem1 3 ${numbers(count).join(' ')} 1-`
const sentence = `This ticket has ${max + 1} bet lines (one per number written); one ticket takes at most ${max}: split the bets over several tickets.`
const tickets = async () => Number((await h.db.query<{ n: string }>('SELECT count(*) AS n FROM tickets')).rows[0]?.n)

t.test('the form and the bet text: one line over MaxLines is refused with the catalogued sentence', async (t) => {
  t.equal(max, 200)
  const before = await tickets()
  const form = await api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DayCode: '3', Lines: numbers(max + 1).map((Number) => ({ Number, Big: 1 })) })
  t.match(form, { status: 400, body: { code: 'GA_TOO_MANY_LINES', message: sentence, params: [String(max + 1), String(max)] } })
  const typed = await api(h, 'POST', '/api/v1/4d/bet/text', tokens.mem1, { Text: text(max + 1) })
  t.match(typed, { status: 400, body: { code: 'GA_TOO_MANY_LINES', message: sentence } })
  t.equal(await tickets(), before, 'nothing placed')
  const atMax = await api(h, 'POST', '/api/v1/4d/bet/text', tokens.mem1, { Text: text(max) })
  t.equal(atMax.status, 200, 'MaxLines lines are taken')
})

t.test('an upload: the line over MaxLines is recorded with the same sentence', async (t) => {
  const up = await upload(h, tokens.ag1, '4d', {}, `${text(max + 1)}\nmem1 3 4321 1-\n`)
  t.equal(up.status, 200, JSON.stringify(up.body))
  await api(h, 'POST', `/api/v1/4d/files/processUpload/${up.body.data.FileId}`, tokens.ag1, {})
  const { last } = await waitForJob(h, tokens.ag1, '4d', up.body.data.FileId)
  t.match(last, { Placed: 1, Failed: 1, Errors: [{ Line: 1, Message: sentence }] })
})

t.test('an SMS of MaxLines + 1 numbers places nothing; the reply says the limit', async (t) => {
  const secret = 'entry-limits-secret'
  const url = 'https://sms.example.test/api/v1/sms/twilio'
  await writeSetting(h.db, settingKeys.smsInboundSecret, secret)
  await writeSetting(h.db, settingKeys.smsInboundUrl, url)
  t.equal((await h.call('POST', '/api/v1/4d/addSMSAgent', { token: tokens.admin, payload: { UserId: 'mem1', Phone: '81234567' } })).statusCode, 200)
  const before = await tickets()
  const params = { MessageSid: 'SM-entry-limits-1', AccountSid: 'AC0001', From: '+6581234567', To: '+6591234567', Body: text(max + 1), NumMedia: '0' }
  const sent = await h.app.inject({
    method: 'POST',
    url: '/api/v1/sms/twilio',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(secret, url, params) },
    payload: new URLSearchParams(params).toString()
  })
  t.equal(sent.statusCode, 200, sent.body)
  t.equal(sent.headers['x-sms-status'], 'rejected')
  const { rows: [reply] } = await h.db.query<{ body: string }>("SELECT o.body FROM sms_outbound o JOIN sms_inbound i ON i.inbound_id = o.inbound_id WHERE i.message_id = 'SM-entry-limits-1'")
  t.equal(reply?.body, `Nothing placed: ${sentence}`)
  t.equal(await tickets(), before, 'nothing placed')
})

t.test('a Telegram bet (the bot hands its text to receiveBet) is refused alike', async (t) => {
  const before = await tickets()
  const outcome = await receiveBet(h.db, { provider: 'telegram', messageId: 'tg:entry-limits', from: '@alice', to: '@Demo4DBetBot', body: text(max + 1), channel: 'telegram:4D', replyTo: '5001' },
    '4D', { userId: 'mem1', role: 'MEM' }, 'not linked', h.clock.now())
  t.match(outcome, { status: 'rejected', reason: 'refused', reply: `Nothing placed: ${sentence}` })
  t.equal(await tickets(), before, 'nothing placed')
})
