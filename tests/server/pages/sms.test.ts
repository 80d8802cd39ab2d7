import t from 'tap'
import { Browser, signedIn } from '../../helpers/http-browser.ts'
import { buildProduct } from '../../helpers/build.ts'

// SMS Agent and SMS View through the service: admin-only pages (the SMS group's rule), and the gate lets through exactly the calls they bind.

interface Descriptor { widgets: Array<{ id: string, type: string, rowActions?: Array<{ id: string }> }> }

const { serviceUrl } = await buildProduct(t)
const signIn = (userId: string) => signedIn(serviceUrl, userId)
const [admin, ag1] = [await signIn('admin'), await signIn('ag1')]
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
