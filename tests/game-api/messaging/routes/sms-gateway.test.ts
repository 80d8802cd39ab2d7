import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { readSetting, settingKeys } from '../../../../server/game-api/lib/store/settings.ts'
import { reserveSendSlot } from '../../../../server/game-api/messaging/store/sms-gateway.ts'
import { startStandInGateway } from '../../../../server/game-api/messaging/stand-ins/sms-gateway.ts'
import { gameApiHarness } from '../../harness.ts'

// SMS Gateway: the gateway's settings (the auth token write-only), the test send through the stand-in, messages held while sending is
// off, the send rate shared through the store, and the SMS settings the instruction pages read (dSMSSetting).
const ACCOUNT = 'AC00000000000000000000000000000042'
const TOKEN = 'gateway-test-auth-token-7f3a'

onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const gateway = await startStandInGateway({ accountSid: ACCOUNT, authToken: TOKEN })
  t.teardown(() => gateway.close())
  const [admin, clerk, ops, ag1] = [await h.signIn('admin'), await h.signIn('clerk'), await h.signIn('ops'), await h.signIn('ag1')]
  const settings = { Provider: 'twilio', Endpoint: gateway.url, AccountSid: ACCOUNT, SenderId: 'DemoBet', Enabled: true, InboundUrl: 'https://bo.example.test/api/v1/sms/twilio', RatePerSecond: 50, CostPerMessage: 0.0325 }
  const save = (token: string, payload: Record<string, unknown>) => h.call('PUT', '/api/v1/4d/updateSMSGateway', { token, payload })

  t.test('the gateway settings are saved and read back, the auth token never', async (t) => {
    const before = await h.call('GET', '/api/v1/4d/SMSGateway', { token: admin })
    t.equal(before.statusCode, 200, before.body)
    t.match(before.json().data, { Provider: 'twilio', Endpoint: '', Enabled: true, RatePerSecond: 10, CostPerMessage: 0, AuthTokenSet: false })
    const saved = await save(admin, { ...settings, AuthToken: TOKEN })
    t.equal(saved.statusCode, 200, saved.body)
    t.same(saved.json().data, { ...settings, AuthTokenSet: true, TelegramApiRoot: 'https://api.telegram.org', Telegram4DTokenSet: false, TelegramTotoTokenSet: false, TelegramWebhooks: '4D: no bot token; TOTO: no bot token' })
    t.notMatch(saved.body, TOKEN, 'the answer does not hold the token')
    const read = await h.call('GET', '/api/v1/4d/SMSGateway', { token: clerk })
    t.same(read.json().data, { ...settings, AuthTokenSet: true, TelegramApiRoot: 'https://api.telegram.org', Telegram4DTokenSet: false, TelegramTotoTokenSet: false }, 'a clerk granted SMSGateway reads it')
    t.notMatch(read.body, TOKEN)
    t.equal(await readSetting(h.db, settingKeys.smsInboundSecret), TOKEN, 'the store holds it for the sender and the webhook')
    const { rows: audits } = await h.db.query<{ detail: unknown }>("SELECT detail FROM audits WHERE action = 'smsGateway.update'")
    t.equal(audits.length, 1)
    t.match(audits[0]?.detail, { Endpoint: gateway.url, AuthTokenChange: 'replaced' })
    t.notMatch(JSON.stringify(audits), TOKEN, 'the audit says the token changed, not what it is')
  })

  t.test('an empty token keeps the one set; ClearAuthToken removes it', async (t) => {
    t.equal((await save(admin, { ...settings, AuthToken: '' })).json().data.AuthTokenSet, true)
    t.equal((await save(admin, settings)).json().data.AuthTokenSet, true)
    t.equal(await readSetting(h.db, settingKeys.smsInboundSecret), TOKEN)
    t.equal((await save(admin, { ...settings, ClearAuthToken: true })).json().data.AuthTokenSet, false)
    t.equal(await readSetting(h.db, settingKeys.smsInboundSecret), '')
    t.equal((await save(admin, { ...settings, AuthToken: TOKEN })).json().data.AuthTokenSet, true)
  })

  t.test('who may: ADMIN granted SMSGateway; a bad endpoint is refused naming the field', async (t) => {
    const denied = await h.call('GET', '/api/v1/4d/SMSGateway', { token: ops })
    t.equal(denied.statusCode, 403)
    t.match(denied.json(), { code: 'GA_NO_PERMISSION', params: ['SMSGateway'] })
    t.equal((await save(ag1, settings)).statusCode, 403)
    const bad = await save(admin, { ...settings, Endpoint: 'ftp://gateway.example.test/send' })
    t.equal(bad.statusCode, 400)
    t.match(bad.json(), { code: 'GA_SMS_BAD_ENDPOINT', params: ['body/Endpoint', 'ftp://gateway.example.test/send'] })
    t.equal((await save(admin, { ...settings, RatePerSecond: 0 })).statusCode, 400, 'a rate must be above 0')
  })

  t.test('a test send goes through the gateway now, and is a message like any other', async (t) => {
    const sent = await h.call('POST', '/api/v1/4d/testSMSGateway', { token: clerk, payload: { To: '8123 4567', Body: 'Gateway check' } })
    t.equal(sent.statusCode, 200, sent.body)
    const last = gateway.messages.at(-1)
    t.match(last, { to: '+6581234567', from: 'DemoBet', body: 'Gateway check' })
    t.match(sent.json().data, { To: '+6581234567', Status: 'sent', GatewayMessageId: last?.sid })
    const { rows: [row] } = await h.db.query<{ kind: string, user_id: string, status: string, cost: string }>('SELECT kind, user_id, status, cost FROM sms_outbound WHERE outbound_id = $1', [sent.json().data.OutboundId])
    t.match(row, { kind: 'test', user_id: 'clerk', status: 'sent' })
    t.equal(Number(row?.cost), 0.0325, 'priced at the gateway\'s cost per message')
    const view = await h.call('GET', '/api/v1/4d/dSMS?Direction=out', { token: admin })
    t.match(view.json().data.rows[0], { OutboundId: sent.json().data.OutboundId, Status: 'sent', Text: 'Gateway check' })
    const found = await h.call('GET', `/api/v1/4d/SMSGatewayById?MessageId=${last?.sid}`, { token: admin })
    t.match(found.json().data, { Direction: 'out', Message: { OutboundId: sent.json().data.OutboundId, To: '+6581234567', Kind: 'test', Status: 'sent' } }, 'found by the id the gateway answered')
  })

  t.test('a gateway that refuses the test: 502 with its reason, and the message recorded failed', async (t) => {
    await h.db.query("UPDATE settings SET value = 'wrong-token' WHERE key = $1", [settingKeys.smsInboundSecret])
    t.teardown(() => h.db.query('UPDATE settings SET value = $2 WHERE key = $1', [settingKeys.smsInboundSecret, TOKEN]))
    const refused = await h.call('POST', '/api/v1/4d/testSMSGateway', { token: admin, payload: { To: '+6581234567' } })
    t.equal(refused.statusCode, 502)
    t.match(refused.json(), { code: 'GA_SMS_TEST_FAILED', params: [/^the gateway answered 401/] })
    const { rows: [row] } = await h.db.query<{ status: string, last_error: string }>("SELECT status, last_error FROM sms_outbound WHERE kind = 'test' ORDER BY outbound_id DESC LIMIT 1")
    t.match(row, { status: 'failed', last_error: /401/ })
  })

  t.test('while sending is off messages wait; switching it on sends them', async (t) => {
    t.equal((await save(admin, { ...settings, Enabled: false })).statusCode, 200)
    const notReady = await h.call('POST', '/api/v1/4d/testSMSGateway', { token: admin, payload: { To: '+6581234567' } })
    t.equal(notReady.statusCode, 409)
    t.equal(notReady.json().code, 'GA_SMS_GATEWAY_NOT_READY')
    const { rows: [waiting] } = await h.db.query<{ outbound_id: string }>(
      "INSERT INTO sms_outbound (recipient, body, kind, created_at) VALUES ('+6581234567', 'held while off', 'reply', now()) RETURNING outbound_id")
    const before = gateway.messages.length
    const on = await save(admin, settings)
    t.equal(on.statusCode, 200)
    for (let i = 0; i < 200 && gateway.messages.length === before; i++) await new Promise((resolve) => setTimeout(resolve, 25))
    t.equal(gateway.messages.at(-1)?.body, 'held while off', 'the waiting message left once sending was on')
    const { rows: [row] } = await h.db.query<{ status: string }>('SELECT status FROM sms_outbound WHERE outbound_id = $1', [waiting?.outbound_id])
    for (let i = 0; i < 100 && row?.status !== 'sent'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25))
      Object.assign(row ?? {}, (await h.db.query<{ status: string }>('SELECT status FROM sms_outbound WHERE outbound_id = $1', [waiting?.outbound_id])).rows[0])
    }
    t.equal(row?.status, 'sent')
  })

  t.test('the send rate is one slot every 1/rate seconds for every sender of a gateway', async (t) => {
    const key = 'http://rate.example.test/send'
    const first = await reserveSendSlot(h.db, key, 4, 1000)
    const second = await reserveSendSlot(h.db, key, 4, 1000)
    const third = await reserveSendSlot(h.db, key, 4, 1000)
    t.match(first, { waitMs: Number }, 'the first slot is free')
    t.ok('waitMs' in first && first.waitMs < 50, `at once (${JSON.stringify(first)})`)
    t.ok('waitMs' in second && second.waitMs > 150 && second.waitMs <= 250, `the second a quarter second on (${JSON.stringify(second)})`)
    t.ok('waitMs' in third && third.waitMs > 400 && third.waitMs <= 500, `the third half a second on (${JSON.stringify(third)})`)
    const later = await reserveSendSlot(h.db, key, 4, 100)
    t.ok('laterMs' in later && later.laterMs > 400, `a slot beyond the wait a sender may take is not taken (${JSON.stringify(later)})`)
    const other = await reserveSendSlot(h.db, 'http://other.example.test/send', 4, 100)
    t.ok('waitMs' in other && other.waitMs < 50, 'another gateway has its own rate')
  })

  t.test('dSMSSetting edits the SMS settings the instruction pages read, per game', async (t) => {
    const edit = { SMSNumber: '+65 9111 2222', TelegramBot: 'Edited4DBot', OpenTime: '08:30', CloseTime: '19:15', OpenDay: 'Wed, Sat, Sun', SMSHelpdesk: '+65 6000 1111' }
    const saved = await h.call('PUT', '/api/v1/4d/dSMSSetting', { token: clerk, payload: edit })
    t.equal(saved.statusCode, 200, saved.body)
    const expected = { ...edit, SMSNumber: '6591112222' }
    t.same(saved.json().data.qResults, expected)
    t.same((await h.call('GET', '/api/v1/4d/smsSetting', { token: ag1 })).json().data.qResults, expected, 'every user reads the edit at once')
    const toto = await h.call('PUT', '/api/v1/4d/dSMSSetting', { token: admin, payload: { ...edit, Game: 'TOTO', TelegramBot: '', SMSHelpdesk: '' } })
    t.equal(toto.statusCode, 200, toto.body)
    t.match((await h.call('GET', '/api/v1/tt/smsSetting', { token: ag1 })).json().data.qResults, { SMSNumber: '6591112222', TelegramBot: '', SMSHelpdesk: '' }, 'the TOTO row, as the TT pages read it')
    t.match((await h.call('GET', '/api/v1/4d/smsSetting?Game=TOTO', { token: admin })).json().data.qResults, { TelegramBot: '' }, 'SMS Gateway reads either game')
    t.equal((await h.call('GET', '/api/v1/4d/smsSetting', { token: ag1 })).json().data.qResults.TelegramBot, 'Edited4DBot', 'the 4D row kept its own')
    const refusals: Array<[Record<string, string>, string, string[]]> = [
      [{ OpenTime: '19:00', CloseTime: '18:00' }, 'GA_SMS_BAD_HOURS', ['19:00', '18:00']],
      [{ OpenTime: '9am' }, 'GA_FIELD_NOT_TIME', ['body/OpenTime', '9am']],
      [{ OpenDay: 'weekends' }, 'GA_SMS_BAD_DAYS', ['weekends']],
      [{ SMSNumber: '12345x' }, 'GA_SMS_BAD_NUMBER', ['12345x']]
    ]
    for (const [change, code, params] of refusals) {
      const refused = await h.call('PUT', '/api/v1/4d/dSMSSetting', { token: admin, payload: { ...edit, ...change } })
      t.equal(refused.statusCode, 400, code)
      t.match(refused.json(), { code, params })
    }
    t.equal((await h.call('PUT', '/api/v1/4d/dSMSSetting', { token: ops, payload: edit })).statusCode, 403, 'SMSGateway is needed')
    const { rows } = await h.db.query("SELECT 1 FROM audits WHERE action = 'smsSetting.update'")
    t.equal(rows.length, 2, 'each edit audited')
  })
})
