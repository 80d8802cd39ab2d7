import t from 'tap'
import { Browser, signedIn } from '../../helpers/http-browser.ts'
import { buildProduct } from '../../helpers/build.ts'

// Agents, Players, Payments, Payment History and Permission through the service: each page's actions carry the menu rules,
// the gate lets through only what the pages bind, and a permission grant reaches the user's very next request.

interface Descriptor { actions?: Array<{ id: string }>, widgets: Array<{ id: string, rowActions?: Array<{ id: string }> }> }
interface Menu { menu: Array<{ items: Array<{ path: string }> }> }

const { serviceUrl } = await buildProduct(t)
const signIn = (userId: string) => signedIn(serviceUrl, userId)
const [admin, ag1, ag2, clerk, mem1] = [await signIn('admin'), await signIn('ag1'), await signIn('ag2'), await signIn('clerk'), await signIn('mem1')]
const page = async (browser: Browser, path: string) => browser.get(`/ui/pages?path=${encodeURIComponent(path)}`)
const menuPaths = async (browser: Browser) => ((await browser.get('/ui/session')).json as Menu).menu.flatMap((g) => g.items.map((i) => i.path))

t.test('the pages follow menu-rules.md: Agents for agents with EnableCreateAgent or MemberEdit admins, Players for agents only', async (t) => {
  const agents = await page(ag1, '/admin/agents')
  t.equal(agents.status, 200)
  const descriptor = agents.json as Descriptor
  t.same(descriptor.actions?.map((a) => a.id), ['createAgent'])
  t.same(descriptor.widgets.find((w) => w.id === 'agents')?.rowActions?.map((a) => a.id), ['edit', 'position', 'credit', 'suspend', 'delete'])
  t.notMatch(agents.text, /"rule"/, 'rules stay on the server')
  t.equal((await page(clerk, '/admin/agents')).status, 200, 'an admin granted MemberEdit')
  t.equal((await page(ag2, '/admin/agents')).status, 403, 'ag2 lacks EnableCreateAgent')
  t.equal((await page(ag2, '/admin/players')).status, 200)
  t.equal((await page(clerk, '/admin/players')).status, 403, 'players are for agents')
  t.equal((await page(mem1, '/admin/payments')).status, 403)
  t.equal((await page(ag1, '/admin/paymentHist')).status, 200)
})

t.test('the gate lets through the calls the pages bind, for the users who hold them', async (t) => {
  const created = await ag1.request('POST', '/api/v1/4d/players', { body: { UserId: 'svc_mem', Credit: 50 } })
  t.equal(created.status, 200, created.text)
  t.equal(created.json.data.updatePassword, true)
  t.equal((await mem1.request('POST', '/api/v1/4d/players', { body: { UserId: 'svc_mem2' } })).status, 403, 'not for a member')
  const list = await ag1.get('/api/v1/4d/players/directDownLine')
  t.ok(list.json.data.some((r: { UserId: string }) => r.UserId === 'svc_mem'))
  const refused = await ag1.request('PUT', '/api/v1/4d/players/credit', { body: { UserId: 'svc_mem', Credit: 1_000_000 } })
  t.equal(refused.status, 409)
  t.match(refused.json.message, /^Credit 1,000,000\.00 adds 999,950\.00, more than ag1's credit left, /)
  const paid = await ag1.request('POST', '/api/v1/4d/insertStatement2', { body: { UserId: 'mem1', Type: 'IN', Amount: 20.5 } })
  t.equal(paid.status, 200, paid.text)
  const history = await ag1.get('/api/v1/4d/statementByUserId?UserId=mem1')
  t.ok(history.json.data.Entries.some((e: { EntryId: number }) => e.EntryId === paid.json.data.EntryId), 'Payment History shows it')
})

t.test('a permission grant changes the menu and the gate on the user\'s next request', async (t) => {
  t.notOk((await menuPaths(clerk)).includes('/control/permission'), 'clerk has no Permission item')
  t.equal((await clerk.get('/api/v1/4d/permissions')).status, 403, 'and its call is gated')
  const grant = await admin.request('POST', '/api/v1/4d/permissions', { body: { UserId: 'clerk', Attribute: 'AdminEdit' } })
  t.equal(grant.status, 200, grant.text)
  t.ok((await menuPaths(clerk)).includes('/control/permission'), 'the next request\'s menu holds it')
  t.equal((await clerk.get('/api/v1/4d/permissions')).status, 200, 'and the gate follows')
  const revoke = await admin.request('POST', '/api/v1/4d/permissions', { body: { UserId: 'clerk', Granted: ['MemberEdit', 'SMSGateway'] } })
  t.equal(revoke.status, 200)
  t.equal((await clerk.get('/api/v1/4d/permissions')).status, 403, 'revoked at once too')
})

t.test('a player created with the create form\'s defaults may place bets: the box starts ticked, as the game API defaults it', async (t) => {
  interface Field { name: string, kind: string, default?: unknown }
  const form = ((await page(ag1, '/admin/players')).json.actions as Array<{ id: string, form: { fields: Field[], submit: { endpoint: string } } }>).find((a) => a.id === 'createPlayer')!.form
  t.equal(form.fields.find((f) => f.name === 'EnablePlaceBet')?.default, true, '"May place bets" starts ticked')
  // What the form sends untouched: each field's default, every checkbox as it is drawn.
  const body: Record<string, unknown> = { UserId: 'fresh1', Credit: 100 }
  for (const f of form.fields) if (f.default !== undefined || f.kind === 'checkbox') body[f.name] = f.default ?? false
  const created = await ag1.post(form.submit.endpoint, body)
  t.equal(created.status, 200, created.text)
  const profile = (await ag1.get('/api/v1/4d/players/profile?UserId=fresh1')).json.data
  t.match(profile, { EnablePlaceBet: 1, EnableUpload: 0 }, 'the player may place bets and may not upload')
  const agentForm = ((await page(ag1, '/admin/agents')).json.actions as Array<{ id: string, form: { fields: Field[] } }>).find((a) => a.id === 'createAgent')!.form
  t.equal(agentForm.fields.find((f) => f.name === 'EnablePlaceBet')?.default, true, 'and so does an agent\'s')
})
