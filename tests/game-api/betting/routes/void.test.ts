import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { api, moveTo } from '../support.ts'

const result = { first: '1111', second: '2222', third: '3333', starters: Array.from({ length: 10 }, (_, i) => String(4000 + i)), consolations: Array.from({ length: 10 }, (_, i) => String(5000 + i)) }

// A void is allowed only while the ticket's draw takes bets: a member who sees a result must not void a losing ticket.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const tokens = await moveTo(h, '2030-01-02T02:00:00Z', ['mem1', 'admin', 'ag1'])
  const created = await api(h, 'POST', '/api/v1/4d/draw', tokens.admin, { DrawDate: '2030-01-15', Series: 'MG4D', CloseTime: '18:15' })
  const drawId: number = created.body.data.DrawId
  const place = async (number: string) => {
    const placed = await api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DrawIds: [drawId], Lines: [{ Number: number, Form: 'straight', Big: 1 }] })
    t.equal(placed.status, 200, JSON.stringify(placed.body))
    return placed.body.data.TicketNo as string
  }
  const voiding = (ticketNo: string, token: string) => api(h, 'DELETE', `/api/v1/4d/bet?TicketNo=${ticketNo}`, token)
  const ticketOf = async (ticketNo: string) => (await api(h, 'GET', `/api/v1/4d/bet/view?TicketNo=${ticketNo}`, tokens.admin)).body.data.Ticket
  const status = async (ticketNo: string) => (await ticketOf(ticketNo)).Status

  const ticket = await place('1111')
  const spare = await place('9876')
  t.equal((await voiding(spare, tokens.mem1)).status, 200, 'an open draw: the member voids its ticket')

  t.equal((await ticketOf(ticket)).Open, true, 'an open draw: the ticket offers Void')
  await api(h, 'PUT', `/api/v1/4d/draw/${drawId}/close`, tokens.admin, {})
  t.equal((await ticketOf(ticket)).Open, false, 'closed by hand: the ticket no longer offers Void')
  for (const who of ['mem1', 'ag1', 'admin'] as const) {
    const refused = await voiding(ticket, tokens[who])
    t.match(refused, { status: 409, body: { code: 'GA_VOID_CLOSED_BY_HAND', message: `Ticket ${ticket} cannot be voided: betting on draw ${drawId} was closed by hand; a ticket is voided only while its draw takes bets.` } }, `closed by hand: refused for ${who}`)
  }

  t.equal((await api(h, 'POST', '/api/v1/4d/draw/result', tokens.admin, { DrawId: drawId, Result: result })).status, 200)
  t.match(await voiding(ticket, tokens.mem1), { status: 409, body: { code: 'GA_VOID_AFTER_RESULT', params: [ticket, String(drawId)] } }, 'with its result entered: refused, saying why')
  t.equal(await status(ticket), 'active', 'the ticket stands, nothing refunded')

  await h.db.query('UPDATE draws SET is_finalised = true WHERE draw_id = $1', [drawId])
  t.match(await voiding(ticket, tokens.admin), { status: 409, body: { code: 'GA_VOID_FINALISED' } }, 'finalised: refused')

  // Another draw past its close time by the clock.
  const later = await api(h, 'POST', '/api/v1/4d/draw', tokens.admin, { DrawDate: '2030-01-19', Series: 'SG4D', CloseTime: '18:00' })
  const late = await api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DrawIds: [later.body.data.DrawId], Lines: [{ Number: '4444', Form: 'straight', Big: 1 }] })
  const after = await moveTo(h, '2030-01-19T10:30:00Z', ['mem1'])
  t.match(await voiding(late.body.data.TicketNo, after.mem1), { status: 409, body: { code: 'GA_VOID_CLOSED', params: [late.body.data.TicketNo, String(later.body.data.DrawId), '01/19/2030 18:00'] } }, 'closed by time: refused')
})
