import t from 'tap'
import { Browser, signedIn } from '../../helpers/http-browser.ts'
import { buildProduct } from '../../helpers/build.ts'

// SMS Agent and SMS View through the service: admin-only pages (the SMS group's rule), and the gate lets through exactly the calls they bind.

interface Descriptor { widgets: Array<{ id: string, type: string, rowActions?: Array<{ id: string }> }> }

const { serviceUrl, store } = await buildProduct(t)
const signIn = (userId: string) => signedIn(serviceUrl, userId)
const [admin, ag1, clerk, ops, mem1] = [await signIn('admin'), await signIn('ag1'), await signIn('clerk'), await signIn('ops'), await signIn('mem1')]
const page = async (browser: Browser, path: string) => browser.get(`/ui/pages?path=${encodeURIComponent(path)}`)

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
  t.same(descriptor.widgets.map((w) => w.id), ['mobileNow', 'mobile', 'telegramLinked', 'telegramHow'])
  const code = await mem1.post('/api/v1/4d/telegramCode', {})
  t.equal(code.status, 200, code.text)
  t.match(code.json.data, { Code: /^[A-Z2-9]{8}$/, Bot: '@RenamedBetBot' }, 'the bot the SMS settings name (edited above)')
  t.same((await mem1.get('/api/v1/4d/telegramLink')).json.data, { Linked: false, Accounts: '' })
  t.same((await mem1.request('DELETE', '/api/v1/4d/telegramLink')).json.data, { Removed: 0 })
  const help = await page(mem1, '/help/telegram')
  t.ok((help.json as Descriptor).widgets.some((w) => w.id === 'link'), 'the Telegram instructions say how to link')
})
