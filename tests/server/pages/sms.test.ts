import t from 'tap'
import { Browser, signedIn } from '../../helpers/http-browser.ts'
import { buildProduct } from '../../helpers/build.ts'
import { eventually } from '../../helpers/eventually.ts'
import { pathOf, urlOf, widgetsOf } from '../../helpers/page-data.ts'
import { catalogueOf, gameApiAs, read, tableOf } from './report-tables.ts'
import { submitPayload, successValues } from '../../../client/src/renderers/lib/formSubmit.ts'
import { jobPhase, statusUrl } from '../../../client/src/renderers/lib/job.ts'
import { startStandInGateway } from '../../../server/game-api/messaging/stand-ins/sms-gateway.ts'
import { startStandInBotApi } from '../../../server/game-api/messaging/stand-ins/telegram-bot-api.ts'
import { webhookSecret } from '../../../server/game-api/messaging/rules/telegram-token.ts'
import type { ContentWidget, DataBinding, FormWidget, JobWidget, TableColumn, Widget } from '../../../schemas/widgets.ts'

// SMS Agent and SMS View through the service: admin-only pages (the SMS group's rule), and the gate lets through exactly the calls they bind.

interface Descriptor { widgets: Array<{ id: string, type: string, rowActions?: Array<{ id: string }> }> }

const { serviceUrl, gameApiUrl, store } = await buildProduct(t)
const signIn = (userId: string) => signedIn(serviceUrl, userId)
const [admin, ag1, clerk, ops, mem1] = [await signIn('admin'), await signIn('ag1'), await signIn('clerk'), await signIn('ops'), await signIn('mem1')]
const page = async (browser: Browser, path: string) => browser.get(`/ui/pages?path=${encodeURIComponent(path)}`)
const say = await catalogueOf(admin)
/** A catalogue text with its {{values}} filled; rich text read as its words. */
const sayWith = (key: string | undefined, values: Record<string, unknown> = {}) => say(key).replace(/\{\{(\w+)[^}]*\}\}/g, (_, name: string) => String(values[name] ?? '')).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim()
/** A page's widgets (tabs opened) by id, as the user is served them. */
const widgetsAt = async (browser: Browser, path: string) => new Map(widgetsOf((await page(browser, path)).json.widgets as Widget[]).map((w) => [w.id, w]))
/** A content widget's words as the page shows them: its text with the values of its call; empty while its showWhen value is. */
const shown = async (browser: Browser, widget: ContentWidget, filters: Record<string, string> = {}) => {
  const binding = widget.data!
  const answer = await browser.get(urlOf(binding, {}, Object.fromEntries(Object.entries(binding.params ?? {}).filter(([, src]) => src.from === 'filter').map(([name, src]) => [name, filters[(src as { name: string }).name] ?? '']))))
  const values = pathOf(answer.json.data, binding.dataPath) as Record<string, unknown>
  return widget.showWhen !== undefined && !values?.[widget.showWhen] ? '' : sayWith(widget.bodyKey, values)
}
/** The constant parameters a submit sends with its form (Game: 4D). */
const constants = (binding: Pick<DataBinding, 'params'> | undefined) => Object.fromEntries(Object.entries(binding?.params ?? {}).filter(([, src]) => src.from === 'const').map(([name, src]) => [name, (src as { value: string | number | boolean }).value]))
const ACCOUNT = 'AC0000000000000000000000000000e2e1'
const TOKEN = 'browser-test-auth-token-5c1d'

t.test('SMS Agent and SMS View are served to an ADMIN only', async (t) => {
  const agent = await page(admin, '/sms/smsAgent')
  t.equal(agent.status, 200, agent.text)
  const descriptor = agent.json as Descriptor
  t.same(descriptor.widgets.map((w) => w.id), ['smsAgentIntro', 'addSmsAgent', 'smsAgentFilters', 'smsAgents'])
  t.same(descriptor.widgets.find((w) => w.id === 'smsAgents')?.rowActions?.map((a) => a.id), ['delete'])
  const view = await page(admin, '/sms/smsView')
  t.equal(view.status, 200)
  t.same((view.json as Descriptor).widgets.map((w) => w.id), ['smsViewFilters', 'smsInbound', 'smsOutbound'])
  t.same((view.json as Descriptor).widgets.find((w) => w.id === 'smsOutbound')?.rowActions?.map((a) => a.id), ['resend'])
  t.equal((await page(ag1, '/sms/smsAgent')).status, 403)
  t.equal((await page(ag1, '/sms/smsView')).status, 403)
})

t.test('the gate lets an ADMIN register, list and remove phones and read SMS View, and refuses an agent', async (t) => {
  const added = await admin.request('POST', '/api/v1/4d/addSMSAgent', { body: { UserId: 'mem1', Phone: '9123 4567' } })
  t.equal(added.status, 200, added.text)
  t.equal(added.json.data.Phone, '6591234567')
  const listed = await admin.get('/api/v1/4d/getSMSAgent?UserId=mem1')
  t.same(listed.json.data.map((p: { Phone: string }) => p.Phone), ['6591234567'])
  const taken = await admin.request('POST', '/api/v1/4d/addSMSAgent', { body: { UserId: 'ag1', Phone: '+65 9123 4567' } })
  t.equal(taken.status, 409)
  t.match(taken.json.message, /one phone, one user/)
  t.equal((await admin.request('DELETE', `/api/v1/4d/deleteSMSAgent/${added.json.data.PhoneId}`)).status, 200)
  t.same((await admin.get('/api/v1/4d/getSMSAgent?UserId=mem1')).json.data, [])
  const view = await admin.get('/api/v1/4d/dSMS?Direction=in')
  t.equal(view.status, 200, view.text)
  t.same(view.json.data, { rows: [], total: 0 })
  t.equal((await ag1.get('/api/v1/4d/getSMSAgent')).status, 403)
  t.equal((await ag1.request('POST', '/api/v1/4d/addSMSAgent', { body: { UserId: 'mem1', Phone: '91234567' } })).status, 403)
  t.equal((await ag1.get('/api/v1/4d/dSMS?Direction=out')).status, 403)
  const resend = await admin.request('POST', '/api/v1/4d/resendSms', { body: { OutboundId: 999999 } })
  t.equal(resend.status, 404, 'the gate lets Resend through; the game API finds no such message')
  t.equal((await ag1.request('POST', '/api/v1/4d/resendSms', { body: { OutboundId: 1 } })).status, 403)
})

t.test('SMS Gateway is served to an ADMIN granted SMSGateway at a 4D location, with its forms and test send', async (t) => {
  const served = await page(clerk, '/sms/smsGateway')
  t.equal(served.status, 200, served.text)
  t.same((served.json as Descriptor).widgets.map((w) => w.id), ['gatewayIntro', 'tokenSet', 'gateway', 'testSend', 'smsSettings'])
  t.equal((await page(admin, '/sms/smsGateway')).status, 200)
  t.equal((await page(ops, '/sms/smsGateway')).status, 403, 'an ADMIN without SMSGateway')
  t.equal((await page(ag1, '/sms/smsGateway')).status, 403)
  const tt = await signIn('admin')
  t.equal((await tt.put('/ui/session/location', { LocId: 'TT' })).status, 200)
  t.equal((await page(tt, '/sms/smsGateway')).status, 403, 'not at a TT location')
  t.equal((await ops.get('/api/v1/4d/SMSGateway')).status, 403, 'the gate refuses the calls too')
})

// Moved from the browser tier (issue #40): admin points the gateway at the stand-in through the page's form (the auth token
// typed once, never shown again), sends a test message, finds it sent in SMS View, and edits the SMS settings the SMS
// instruction page shows at once.
t.test('SMS Gateway as admin uses it: the gateway saved, a test sent and listed in SMS View, the open time on the SMS instructions', async (t) => {
  const gateway = await startStandInGateway({ accountSid: ACCOUNT, authToken: TOKEN })
  t.teardown(() => gateway.close())
  const widgets = await widgetsAt(admin, '/sms/smsGateway')
  const tokenSet = widgets.get('tokenSet') as ContentWidget
  t.equal(await shown(admin, tokenSet), '', 'no auth token is set yet, and the page says nothing of one')
  const form = widgets.get('gateway') as FormWidget
  const loaded = (await admin.get(urlOf(form.load!))).json.data as Record<string, unknown>
  t.equal(loaded.Enabled, true, 'sending is on (loaded from the game API)')
  const saved = await admin.request(form.submit!.method, form.submit!.endpoint, { body: submitPayload(form, { ...loaded, Endpoint: gateway.url, AccountSid: ACCOUNT, AuthToken: TOKEN, SenderId: 'DemoBet', CostPerMessage: 0.05 } as never, {}) })
  t.equal(saved.status, 200, saved.text)
  t.equal(await shown(admin, tokenSet), 'An auth token is set.', 'the page now says a token is set')
  const reread = [saved.text, (await admin.get(urlOf(form.load!))).text, (await admin.get(urlOf(tokenSet.data!))).text].join('\n')
  t.notMatch(reread, TOKEN, 'the token is not shown back')

  const test = widgets.get('testSend') as FormWidget
  const sent = await admin.request(test.submit!.method, test.submit!.endpoint, { body: submitPayload(test, { To: '8123 4567', Body: 'Hello from the browser test' }, {}) })
  t.match(sayWith(test.submit!.successKey, successValues(sent.json.data, test.submit!.successValues)), /^Test message sent to \+6581234567/, sent.text)
  t.match(gateway.messages.at(-1), { to: '+6581234567', from: 'DemoBet', body: 'Hello from the browser test' }, 'the stand-in gateway took it')

  const outbound = tableOf(await widgetsAt(admin, '/sms/smsView'), 'smsOutbound')
  const row = (await read(admin, outbound)).rows.find((r) => r.Text === 'Hello from the browser test')!
  const status = outbound.columns.find((c) => c.field === 'Status') as TableColumn & { statusLabels: Record<string, string> }
  t.match(`${row.To} ${say(status.statusLabels[String(row.Status)])}`, /\+6581234567[\s\S]*Sent/, 'SMS View lists the message as sent')

  const settings = widgets.get('smsSetting4d') as FormWidget
  const current = pathOf((await admin.get(urlOf(settings.load!))).json.data, settings.load!.dataPath) as Record<string, unknown>
  const edited = await admin.request(settings.submit!.method, settings.submit!.endpoint, { body: submitPayload(settings, { ...current, OpenTime: '07:45' } as never, constants(settings.submit)) })
  t.equal(edited.status, 200, edited.text)
  const facts = (await widgetsAt(admin, '/help/sms')).get('facts') as ContentWidget
  t.match(await shown(admin, facts), /Open time\s+07:45/, 'the SMS instructions show the new open time at once')
})

t.test('the auth token goes in and never comes back, nor into the service\'s audit', async (t) => {
  const token = 'service-side-secret-auth-token-91'
  const body = { Provider: 'twilio', Endpoint: 'http://127.0.0.1:9/2010-04-01/Accounts/AC1/Messages.json', AccountSid: 'AC1', SenderId: 'DemoBet', Enabled: false, RatePerSecond: 5, CostPerMessage: 0.05, AuthToken: token }
  const saved = await clerk.put('/api/v1/4d/updateSMSGateway', body)
  t.equal(saved.status, 200, saved.text)
  t.equal(saved.json.data.AuthTokenSet, true)
  t.notMatch(saved.text, token)
  const read = await clerk.get('/api/v1/4d/SMSGateway')
  t.notMatch(read.text, token)
  t.equal(read.json.data.Endpoint, body.Endpoint)
  const { rows } = await store.query<{ detail: unknown }>('SELECT detail FROM audit_log')
  t.ok(rows.length > 0, 'the service audited the calls')
  t.notMatch(JSON.stringify(rows), token, 'no audit record holds the token')
})

t.test('dSMSSetting: the instruction pages read the edit at once, and every session\'s shell follows', async (t) => {
  const before = await mem1.get('/ui/session')
  t.equal(before.json.settings.sms.TelegramBot, 'Demo4DBetBot', 'the member\'s shell has the seeded bot (and caches it)')
  const edit = { SMSNumber: '6591230000', TelegramBot: 'RenamedBetBot', OpenTime: '10:00', CloseTime: '17:30', OpenDay: 'Wed, Sat', SMSHelpdesk: '' }
  const saved = await admin.put('/api/v1/4d/dSMSSetting', { ...edit, Game: '4D' })
  t.equal(saved.status, 200, saved.text)
  t.same((await mem1.get('/api/v1/4d/smsSetting')).json.data.qResults, edit, 'the SMS page\'s call answers the edit')
  const help = await page(mem1, '/help/sms')
  t.equal(help.status, 200)
  t.match(JSON.stringify(help.json), /\/api\/v1\/4d\/smsSetting/, 'the SMS page reads smsSetting')
  t.equal((await mem1.get('/ui/session')).json.settings.sms.TelegramBot, 'RenamedBetBot', 'the member\'s cached shell was dropped: the header\'s Telegram bot follows')
  t.equal((await mem1.put('/api/v1/4d/dSMSSetting', edit)).status, 403, 'a member cannot edit them')
})

t.test('SMS Subscribe, Send Result and Send Strike: served to an ADMIN, and the gate passes exactly their calls', async (t) => {
  const widgets = async (path: string) => {
    const answer = await page(admin, path)
    t.equal(answer.status, 200, `${path}: ${answer.text}`)
    return (answer.json as Descriptor).widgets.map((w) => w.id)
  }
  t.same(await widgets('/sms/smsSubscribe'), ['subscribeIntro', 'subscribeMany', 'subscriptions'])
  t.same(await widgets('/sms/sendResult'), ['sendIntro', 'drawFilter', 'resultText', 'recipients', 'send'])
  t.same(await widgets('/sms/sendStrike'), ['sendIntro', 'drawFilter', 'recipients', 'send'])
  for (const path of ['/sms/smsSubscribe', '/sms/sendResult', '/sms/sendStrike']) t.equal((await page(ag1, path)).status, 403, `${path} is not an agent's`)

  const added = await admin.post('/api/v1/4d/insertMultiSMSSubscribe', { UserIds: ['mem1'], Kinds: ['result'] })
  t.equal(added.status, 200, added.text)
  const tree = await admin.get('/api/v1/4d/mSMSSubscribeTree?UserId=ag1')
  t.equal(tree.status, 200, tree.text)
  const mem1Row = tree.json.data.find((r: { UserId: string }) => r.UserId === 'mem1')
  t.match(mem1Row, { Subscribed: true, Kind: 'result' })
  t.equal((await admin.get('/api/v1/4d/mSMSSubscribeStrikeTree')).status, 200)
  t.equal((await admin.request('DELETE', `/api/v1/4d/SMSSubscribe?SubscriptionId=${mem1Row.SubscriptionId}`)).status, 200)
  const draws = await admin.get('/api/v1/4d/draw/resultDate')
  const final = draws.json.data.find((d: { IsFinalised: boolean }) => d.IsFinalised)
  t.equal((await admin.get(`/api/v1/4d/sendSmsResult?DrawId=${final.DrawId}`)).status, 200)
  t.equal((await admin.get(`/api/v1/4d/sendSmsStrike?DrawId=${final.DrawId}`)).status, 200)
  t.equal((await admin.get(`/api/v1/4d/result/SMSString?DrawId=${final.DrawId}`)).status, 200)
  const sent = await admin.post('/api/v1/4d/sendSmsResult', { DrawId: final.DrawId })
  t.equal(sent.status, 200, sent.text)
  t.equal((await admin.get(`/api/v1/4d/sendSmsResult/${sent.json.data.JobId}/status`)).status, 200)
  t.equal((await ag1.post('/api/v1/4d/sendSmsResult', { DrawId: final.DrawId })).status, 403)
  t.equal((await ag1.post('/api/v1/4d/insertMultiSMSSubscribe', { UserIds: ['mem1'], Kinds: ['result'] })).status, 403)
})

t.test('SMS Report: served to an ADMIN; its two calls pass the gate with their sums', async (t) => {
  const served = await page(admin, '/sms/smsReport')
  t.equal(served.status, 200, served.text)
  t.same((served.json as Descriptor).widgets.map((w) => w.id), ['reportIntro', 'reportFilters', 'perUser', 'perDay'])
  t.equal((await page(ag1, '/sms/smsReport')).status, 403)
  for (const call of ['getSMSReport', 'getSMSReportSum']) {
    const answer = await admin.get(`/api/v1/4d/${call}?DateFrom=2020-01-01&DateTo=2020-12-31`)
    t.equal(answer.status, 200, answer.text)
    t.match(answer.json.data, { rows: [], totals: { Cost: 0 } })
    t.equal((await ag1.get(`/api/v1/4d/${call}`)).status, 403)
  }
})

t.test('the Mobile page links Telegram: a member gets a code, sees the link, unlinks; the calls pass the gate for any signed-in user', async (t) => {
  const mobile = await page(mem1, '/admin/mobile')
  t.equal(mobile.status, 200, mobile.text)
  const descriptor = mobile.json as Descriptor & { actions: Array<{ id: string }> }
  t.same(descriptor.actions.map((a) => a.id), ['telegramCode', 'telegramUnlink'])
  t.same(descriptor.widgets.map((w) => w.id), ['mobileNow', 'mobile', 'mobile2', 'telegramLinked', 'telegramHow'], 'the second number (mobile2, commit e0cf49c) among them')
  const code = await mem1.post('/api/v1/4d/telegramCode', {})
  t.equal(code.status, 200, code.text)
  t.match(code.json.data, { Code: /^[A-Z2-9]{8}$/, Bot: '@RenamedBetBot' }, 'the bot the SMS settings name (edited above)')
  t.same((await mem1.get('/api/v1/4d/telegramLink')).json.data, { Linked: false, Accounts: '' })
  t.same((await mem1.request('DELETE', '/api/v1/4d/telegramLink')).json.data, { Removed: 0 })
  const help = await page(mem1, '/help/telegram')
  t.ok((help.json as Descriptor).widgets.some((w) => w.id === 'link'), 'the Telegram instructions say how to link')
})

// Moved from the browser tier (issue #40): admin subscribes a member to results on SMS Subscribe and sends a finalised draw's
// result from Send Result, through the page's form, filter, content, table and job.
t.test('admin subscribes a member to results and sends a finalised draw\'s result from Send Result', async (t) => {
  const gateway = await startStandInGateway({ accountSid: ACCOUNT, authToken: TOKEN })
  t.teardown(() => gateway.close())
  const api = await gameApiAs(gameApiUrl, 'admin')
  await api('4d/updateSMSGateway', 'PUT', { Provider: 'twilio', Endpoint: gateway.url, AccountSid: ACCOUNT, SenderId: 'Results', Enabled: true, RatePerSecond: 50, CostPerMessage: 0.05, AuthToken: TOKEN })
  await api('4d/addSMSAgent', 'POST', { UserId: 'mem1', Phone: '81112222' })
  const drawId = ((await api('4d/draw/resultDate')) as Array<{ DrawId: number, IsFinalised: boolean }>).find((d) => d.IsFinalised)?.DrawId
  t.ok(drawId, 'the seed has a finalised draw')

  const subscribe = (await widgetsAt(admin, '/sms/smsSubscribe')).get('subscribeMany') as FormWidget
  const added = await admin.request(subscribe.submit!.method, subscribe.submit!.endpoint, { body: submitPayload(subscribe, { UserIds: ['mem1'], Kinds: ['result'] }, {}) })
  t.match(sayWith(subscribe.submit!.successKey, successValues(added.json.data, subscribe.submit!.successValues)), /^1 subscriptions added for 1 users/, added.text)

  const widgets = await widgetsAt(admin, '/sms/sendResult')
  const filters = { DrawId: String(drawId) }
  const recipients = tableOf(widgets, 'recipients')
  const status = recipients.columns.find((c) => c.field === 'Status') as TableColumn & { statusLabels: Record<string, string> }
  const mem1Status = async () => { const row = (await read(admin, recipients, filters)).rows.find((r) => r.UserId === 'mem1'); return row && say(status.statusLabels[String(row.Status)]) }
  t.equal(await mem1Status(), 'To send', 'mem1 is listed to be sent the result')
  t.match(await shown(admin, widgets.get('resultText') as ContentWidget, filters), /1\)\d{4} 2\)\d{4}/, 'the message is shown before sending')
  const job = widgets.get('send') as JobWidget
  const started = await admin.request(job.start.method ?? 'POST', job.start.endpoint, { body: filters })
  t.equal(started.status, 200, started.text)
  const last = await eventually(async () => { const a = (await admin.get(statusUrl(job.status, started.json.data))).json.data; return jobPhase(a, job.status).phase === 'done' && a }, { within: 30_000, every: 200, what: 'the send job ending' })
  t.match(sayWith(job.result!.key, successValues(last, job.result!.values)), /^1 of 1 sent/, 'the job says one of one sent')
  await eventually(async () => gateway.messages.some((m) => m.to === '+6581112222'), { within: 20_000, every: 100, what: 'the gateway to take the result' })
  t.equal(gateway.messages.filter((m) => m.to === '+6581112222').length, 1, 'mem1 got the result once')
  t.equal(await eventually(async () => (await mem1Status()) === 'Sent' && 'Sent', { within: 20_000, every: 100, what: 'mem1\'s row to read Sent' }), 'Sent', 'and its row reads Sent')
})

// Moved from the browser tier (issue #40): a member gets a Telegram code from the Mobile page's action, links the account through
// the bot, and the page's linked-account text shows it.
t.test('a member gets a Telegram code on the Mobile page, links the account through the bot, and sees it linked', async (t) => {
  const token = '7000009:AAE2eBotTokenForTheStandInBotApi_0123'
  const botApi = await startStandInBotApi([{ token, username: 'Demo4DBetBot' }])
  t.teardown(() => botApi.close())
  // gameApiAs throws unless the game API answers 200 with success.
  const saved = await (await gameApiAs(gameApiUrl, 'admin'))('4d/updateSMSGateway', 'PUT', { Provider: 'twilio', Endpoint: '', AccountSid: '', SenderId: '', Enabled: true, RatePerSecond: 10, CostPerMessage: 0, TelegramApiRoot: botApi.apiRoot, Telegram4DBotToken: token }) as { Telegram4DBotSet?: boolean }
  t.ok(saved, 'the bot token is saved')

  const descriptor = (await page(mem1, '/admin/mobile')).json as { actions: Array<{ id: string, endpoint: string, method: string, successKey: string, successValues: Record<string, string> }>, widgets: Widget[] }
  const action = descriptor.actions.find((a) => a.id === 'telegramCode')!
  const issued = await mem1.request(action.method, action.endpoint, { body: {} })
  const code = /\/link ([A-Z2-9]{8})/.exec(sayWith(action.successKey, successValues(issued.json.data, action.successValues)))?.[1] ?? ''
  t.match(code, /^[A-Z2-9]{8}$/, 'the page shows the code')

  const update = { update_id: 1, message: { message_id: 1, date: 1_900_000_000, chat: { id: 6001, type: 'private', first_name: 'Mem' }, from: { id: 6001, is_bot: false, first_name: 'Mem', username: 'mem_one' }, text: `/link ${code}`, entities: [{ type: 'bot_command', offset: 0, length: 5 }] } }
  const hook = await fetch(`${gameApiUrl}/api/v1/telegram/4d`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': webhookSecret(token) }, body: JSON.stringify(update) })
  t.equal(hook.status, 200)
  await eventually(() => botApi.sent.some((m) => m.chatId === '6001' && m.text.startsWith('Linked to mem1.')), { within: 20_000, every: 50, what: 'the bot to confirm the link' })
  const linked = widgetsOf(descriptor.widgets).find((w) => w.id === 'telegramLinked') as ContentWidget
  t.match(await shown(mem1, linked), /@mem_one/, 'the Mobile page shows the linked account')
})
