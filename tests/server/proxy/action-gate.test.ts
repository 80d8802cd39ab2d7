import t from 'tap'
import { buildProduct } from '../../helpers/build.ts'
import { Browser, signedIn } from '../../helpers/http-browser.ts'

// Hiding a button and forbidding its call are one thing: the tickets page's Void action carries a rule
// (members, agents, or admins granted BetEntry); clerk is an admin who sees the page without BetEntry.
const { service, serviceUrl } = await buildProduct(t)
const signIn = (userId: string) => signedIn(serviceUrl, userId)
const clerk = await signIn('clerk')
const admin = await signIn('admin')

/** The row actions of the tickets table as a user receives them. */
const rowActionsOf = async (browser: Browser) => {
  const answer = await browser.get('/ui/pages?path=/tickets/page')
  t.equal(answer.status, 200)
  const table = (answer.json as { widgets: Array<{ id: string, rowActions?: Array<{ id: string }> }> }).widgets.find((w) => w.id === 'tickets')
  return { ids: (table?.rowActions ?? []).map((a) => a.id), text: answer.text }
}

const openTicket = async () => {
  const list = await admin.get('/api/v1/4d/bet/page2?pageSize=500')
  t.equal(list.status, 200)
  const rows = (list.json as { data: { rows: Array<{ TicketNo: string, Open: boolean }> } }).data.rows
  const open = rows.find((r) => r.Open)
  if (!open) throw new Error('the seeded game API has no open ticket')
  return open.TicketNo
}

t.test('the descriptor a user gets lacks the action whose rule they fail, and no rule reaches the client', async (t) => {
  const forClerk = await rowActionsOf(clerk)
  t.same(forClerk.ids, ['view'], 'clerk sees the tickets but neither Void nor Transfer')
  const forAdmin = await rowActionsOf(admin)
  t.same(forAdmin.ids, ['view', 'void', 'transfer'], 'admin, who may place bets, also moves tickets')
  t.notMatch(forAdmin.text, /"rule"/, 'rules stay on the server')
})

t.test('the call behind the hidden action answers 403 and is audited; the page\'s own bindings still pass', async (t) => {
  t.equal((await clerk.get('/api/v1/4d/bet/page2?pageSize=5')).status, 200, 'clerk may read the tickets')
  const ticket = await openTicket()
  const denied = await clerk.request('DELETE', `/api/v1/4d/bet?TicketNo=${encodeURIComponent(ticket)}`)
  t.equal(denied.status, 403)
  t.equal((denied.json as { code: string }).code, 'UI_API_FORBIDDEN')
  const audit = await service.audit.query({ action: 'denied', user: 'clerk' })
  t.ok(audit.items.some((r) => JSON.stringify(r).includes('/api/v1/bet')), 'the denial is in the audit log')
  const still = await admin.get(`/api/v1/4d/bet/view?TicketNo=${encodeURIComponent(ticket)}`)
  t.equal((still.json as { data: { Ticket: { Open: boolean } } }).data.Ticket.Open, true, 'the ticket is still open')

  const voided = await admin.request('DELETE', `/api/v1/4d/bet?TicketNo=${encodeURIComponent(ticket)}`)
  t.equal(voided.status, 200, 'an admin granted BetEntry passes the same gate')
  const after = await admin.get(`/api/v1/4d/bet/view?TicketNo=${encodeURIComponent(ticket)}`, { 'x-no-cache': '1' })
  t.equal((after.json as { data: { Ticket: { Open: boolean } } }).data.Ticket.Open, false, 'the game API voided it')
})
