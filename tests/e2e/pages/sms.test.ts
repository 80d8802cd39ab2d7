import t from 'tap'
import { startStandInGateway } from '../../../server/game-api/messaging/stand-ins/sms-gateway.ts'
import { webhookSecret } from '../../../server/game-api/messaging/store/telegram-settings.ts'
import { startStandInBotApi } from '../../../server/game-api/messaging/stand-ins/telegram-bot-api.ts'
import { eventually } from '../../helpers/eventually.ts'
import { gameApiToken, openFromMenu, signInAt, startE2E, visit } from '../support.ts'

// SMS Gateway in the browser: admin points the gateway at the stand-in (the auth token typed once, never shown again), sends a test
// message, finds it sent in SMS View, and edits the SMS settings the SMS instruction page shows at once.
const ACCOUNT = 'AC0000000000000000000000000000e2e1'
const TOKEN = 'browser-test-auth-token-5c1d'

t.test('admin edits the gateway settings, sends a test, and sees the message sent in SMS View', async (t) => {
  const gateway = await startStandInGateway({ accountSid: ACCOUNT, authToken: TOKEN })
  t.teardown(() => gateway.close())
  const e2e = await startE2E(t)
  const { page, errors } = await e2e.newPage()
  await signInAt(e2e, page, 'admin')

  await openFromMenu(page, 'SMS Gateway', 'SMS Gateway', '/sms/smsGateway')
  const form = page.locator('[data-widget-id=gateway]')
  await form.getByLabel('Endpoint (send URL)').waitFor()
  t.equal(await page.locator('[data-widget-id=tokenSet]').count(), 0, 'no auth token is set yet, and the page says nothing of one')
  await form.getByLabel('Endpoint (send URL)').fill(gateway.url)
  await form.getByLabel('Account id').fill(ACCOUNT)
  await form.getByLabel('Auth token (write-only)').fill(TOKEN)
  await form.getByLabel('Sender id').fill('DemoBet')
  await form.getByLabel('Cost per message').fill('0.05')
  t.ok(await form.getByLabel('Sending on').isChecked(), 'sending is on (loaded from the game API)')
  await form.getByRole('button', { name: 'Save gateway' }).click()
  await form.getByRole('status').filter({ hasText: 'Gateway settings saved.' }).waitFor()
  await page.locator('[data-widget-id=tokenSet]').filter({ hasText: 'An auth token is set.' }).waitFor()
  t.notMatch(await page.locator('article.rr-page').innerText(), TOKEN, 'the token is not shown back')

  const test = page.locator('[data-widget-id=testSend]')
  await test.getByLabel('Test: send to phone').fill('8123 4567')
  await test.getByLabel('Test text').fill('Hello from the browser test')
  await test.getByRole('button', { name: 'Send test' }).click()
  await test.getByRole('status').filter({ hasText: 'Test message sent to +6581234567' }).waitFor()
  t.match(gateway.messages.at(-1), { to: '+6581234567', from: 'DemoBet', body: 'Hello from the browser test' }, 'the stand-in gateway took it')

  await openFromMenu(page, 'SMS', 'SMS View', '/sms/smsView')
  const row = page.locator('[data-widget-id=smsOutbound] tr').filter({ hasText: 'Hello from the browser test' })
  await row.waitFor()
  t.match(await row.innerText(), /\+6581234567[\s\S]*Sent/, 'SMS View lists the message as sent')

  await openFromMenu(page, 'SMS Gateway', 'SMS Gateway', '/sms/smsGateway')
  const settings = page.locator('[data-widget-id=smsSetting4d]')
  await settings.getByLabel('Open time (HH:mm)').waitFor()
  await settings.getByLabel('Open time (HH:mm)').fill('07:45')
  await settings.getByRole('button', { name: 'Save SMS settings' }).click()
  await settings.getByRole('status').filter({ hasText: 'SMS settings saved' }).waitFor()
  await visit(page, '/help/sms')
  const facts = page.locator('article.rr-page[data-page="/help/sms"] [data-widget-id=facts]')
  await facts.filter({ hasText: '07:45' }).waitFor()
  t.match(await facts.innerText(), /Open time\s+07:45/, 'the SMS instructions show the new open time at once')
  t.same(errors, [], 'no script errors or CSP violations')
})

t.test('admin subscribes a member to results and sends a finalised draw\'s result from Send Result', async (t) => {
  const gateway = await startStandInGateway({ accountSid: ACCOUNT, authToken: TOKEN })
  t.teardown(() => gateway.close())
  const e2e = await startE2E(t)
  const token = await gameApiToken(e2e, 'admin')
  const api = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${e2e.product.gameApiUrl}/api/v1/4d/${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
  }
  await api('PUT', 'updateSMSGateway', { Provider: 'twilio', Endpoint: gateway.url, AccountSid: ACCOUNT, SenderId: 'Results', Enabled: true, RatePerSecond: 50, CostPerMessage: 0.05, AuthToken: TOKEN })
  await api('POST', 'addSMSAgent', { UserId: 'mem1', Phone: '81112222' })
  const draws = await fetch(`${e2e.product.gameApiUrl}/api/v1/4d/draw/resultDate`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json()) as { data: Array<{ DrawId: number, IsFinalised: boolean }> }
  const drawId = draws.data.find((d) => d.IsFinalised)?.DrawId
  t.ok(drawId, 'the seed has a finalised draw')

  const { page, errors } = await e2e.newPage()
  await signInAt(e2e, page, 'admin')
  await openFromMenu(page, 'SMS', 'SMS Subscribe', '/sms/smsSubscribe')
  const form = page.locator('[data-widget-id=subscribeMany]')
  await form.getByLabel('Users').locator('option[value=mem1]').waitFor({ state: 'attached' })
  await form.getByLabel('Users').selectOption(['mem1'])
  await form.getByLabel('Results').check()
  await form.getByRole('button', { name: 'Subscribe' }).click()
  await form.getByRole('status').filter({ hasText: '1 subscriptions added for 1 users' }).waitFor()

  await openFromMenu(page, 'SMS', 'Send Result', '/sms/sendResult')
  await page.getByLabel('Draw').locator(`option[value="${drawId}"]`).waitFor({ state: 'attached' })
  await page.getByLabel('Draw').selectOption(String(drawId))
  await page.getByRole('button', { name: 'Show' }).click()
  const row = page.locator('[data-widget-id=recipients] tr').filter({ hasText: 'mem1' })
  await row.filter({ hasText: 'To send' }).waitFor()
  t.match(await page.locator('[data-widget-id=resultText]').innerText(), /1\)\d{4} 2\)\d{4}/, 'the message is shown before sending')
  await page.getByRole('button', { name: `Send the result of draw ${drawId}` }).click()
  await page.locator('[data-widget-id=send]').getByRole('status').filter({ hasText: '1 of 1 sent' }).waitFor({ timeout: 30_000 })
  t.equal(gateway.messages.filter((m) => m.to === '+6581112222').length, 1, 'mem1 got the result once')
  await row.filter({ hasText: 'Sent' }).waitFor()
  t.same(errors, [], 'no script errors or CSP violations')
})

t.test('a member gets a Telegram code on the Mobile page, links the account through the bot, and sees it linked', async (t) => {
  const token = '7000009:AAE2eBotTokenForTheStandInBotApi_0123'
  const botApi = await startStandInBotApi([{ token, username: 'Demo4DBetBot' }])
  t.teardown(() => botApi.close())
  const e2e = await startE2E(t)
  const admin = await gameApiToken(e2e, 'admin')
  const saved = await fetch(`${e2e.product.gameApiUrl}/api/v1/4d/updateSMSGateway`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ Provider: 'twilio', Endpoint: '', AccountSid: '', SenderId: '', Enabled: true, RatePerSecond: 10, CostPerMessage: 0, TelegramApiRoot: botApi.apiRoot, Telegram4DBotToken: token })
  })
  t.equal(saved.status, 200)

  const { page, errors } = await e2e.newPage()
  await signInAt(e2e, page, 'mem1')
  await openFromMenu(page, 'Administration', 'Mobile', '/admin/mobile')
  await page.getByRole('button', { name: 'Get a Telegram code' }).click()
  const issued = page.getByRole('status').filter({ hasText: 'to @Demo4DBetBot in Telegram' })
  await issued.waitFor()
  const code = /\/link ([A-Z2-9]{8})/.exec(await issued.innerText())?.[1] ?? ''
  t.match(code, /^[A-Z2-9]{8}$/, 'the page shows the code')

  const update = { update_id: 1, message: { message_id: 1, date: 1_900_000_000, chat: { id: 6001, type: 'private', first_name: 'Mem' }, from: { id: 6001, is_bot: false, first_name: 'Mem', username: 'mem_one' }, text: `/link ${code}`, entities: [{ type: 'bot_command', offset: 0, length: 5 }] } }
  const hook = await fetch(`${e2e.product.gameApiUrl}/api/v1/telegram/4d`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': webhookSecret(token) }, body: JSON.stringify(update) })
  t.equal(hook.status, 200)
  await eventually(() => botApi.sent.some((m) => m.chatId === '6001' && m.text.startsWith('Linked to mem1.')), { within: 20_000, every: 50, what: 'the bot to confirm the link' })
  await page.reload()
  await page.locator('[data-widget-id=telegramLinked]').filter({ hasText: '@mem_one' }).waitFor()
  t.pass('the Mobile page shows the linked account')
  t.same(errors, [], 'no script errors or CSP violations')
})
