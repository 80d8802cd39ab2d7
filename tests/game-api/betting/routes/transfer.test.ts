import t from 'tap'
import { gameApiHarness } from '../../harness.ts'
import { api, money, moveTo } from '../support.ts'

// Moving tickets voids each one and places it again for the new owner: credit, draws and the void rules all hold, all or nothing.
const h = await gameApiHarness(t, 'pglite')
const tokens = await moveTo(h, '2030-01-02T02:00:00Z', ['mem1', 'mem3', 'admin', 'ag1', 'ag2'])
const created = await api(h, 'POST', '/api/v1/4d/draw', tokens.admin, { DrawDate: '2030-01-15', Series: 'MG4D', CloseTime: '18:15' })
const drawId: number = created.body.data.DrawId
const place = async (number: string, big = 1) => {
  const placed = await api(h, 'POST', '/api/v1/4d/bet', tokens.mem1, { DrawIds: [drawId], Lines: [{ Number: number, Form: 'roll', Big: big, Small: 2 }] })
  t.equal(placed.status, 200, JSON.stringify(placed.body))
  return placed.body.data as { TicketId: number, TicketNo: string, Stake: number }
}
const view = async (ticketNo: string) => (await api(h, 'GET', `/api/v1/4d/bet/view?TicketNo=${ticketNo}`, tokens.admin)).body.data
const transfer = (token: string, payload: object, path = '/api/v1/4d/bet/transfer') => api(h, 'POST', path, token, payload)

t.test('ag1 moves a member\'s ticket to another member: the old one is void, the new one is the same bet, credit follows', async (t) => {
  const ticket = await place('1234')
  const before = { mem1: await money(h, tokens.mem1), mem3: await money(h, tokens.mem3) }
  const moved = await transfer(tokens.ag1, { FromUserId: 'mem1', ToUserId: 'mem3', TicketIds: [ticket.TicketId] })
  t.equal(moved.status, 200, JSON.stringify(moved.body))
  const [entry] = moved.body.data.Tickets
  t.match(entry, { FromTicketNo: ticket.TicketNo, Stake: ticket.Stake })
  t.not(entry.TicketNo, ticket.TicketNo, 'a new ticket')
  t.equal((await view(ticket.TicketNo)).Ticket.Status, 'void', 'the old ticket is void')
  const now = await view(entry.TicketNo)
  t.match(now.Ticket, { UserId: 'mem3', PlacedBy: 'ag1', Status: 'active', DrawIds: [drawId], Stake: ticket.Stake })
  t.match(now.Bets[0], { Number: '1234', Form: 'roll', Big: 1, Small: 2 }, 'the same line')
  t.equal((await money(h, tokens.mem1)).CreditLeft, before.mem1.CreditLeft + ticket.Stake, 'mem1 gets its stake back')
  t.equal((await money(h, tokens.mem3)).CreditLeft, before.mem3.CreditLeft - ticket.Stake, 'mem3 is charged')
  const audit = await h.db.query<{ n: number }>("SELECT count(*)::int AS n FROM audits WHERE action = 'ticket.transfer'")
  t.equal(audit.rows[0]?.n, 1, 'audited')
})

t.test('by DrawId: every live ticket of the account on the draw moves; bet/transfer4 under the TOTO prefix moves 4D tickets', async (t) => {
  const a = await place('2222')
  const b = await place('3333')
  const moved = await transfer(tokens.ag1, { FromUserId: 'mem1', ToUserId: 'mem3', DrawId: drawId }, '/api/v1/tt/bet/transfer4')
  t.equal(moved.status, 200, JSON.stringify(moved.body))
  t.same(moved.body.data.Tickets.map((x: { FromTicketNo: string }) => x.FromTicketNo), [a.TicketNo, b.TicketNo])
  t.match(await transfer(tokens.ag1, { FromUserId: 'mem1', ToUserId: 'mem3', DrawId: drawId }), { status: 409, body: { code: 'GA_TRANSFER_NOTHING' } }, 'nothing live left to move')
  t.match(await transfer(tokens.ag1, { FromUserId: 'mem1', ToUserId: 'mem3', TicketIds: [a.TicketId] }, '/api/v1/tt/bet/transfer'), { status: 404, body: { code: 'GA_TICKET_NOT_FOUND' } }, 'bet/transfer under /tt moves TOTO tickets only')
})

t.test('by TicketNo (what a ticket list row holds): the one ticket moves, under either prefix for its game', async (t) => {
  const ticket = await place('7777')
  const moved = await transfer(tokens.ag1, { FromUserId: 'mem1', ToUserId: 'mem3', TicketNo: ticket.TicketNo.toLowerCase() })
  t.equal(moved.status, 200, JSON.stringify(moved.body))
  t.match(moved.body.data, { FromUserId: 'mem1', ToUserId: 'mem3', Tickets: [{ FromTicketNo: ticket.TicketNo, Stake: ticket.Stake }] })
  t.equal(moved.body.data.Tickets.length, 1)
  const again = moved.body.data.Tickets[0].TicketNo as string
  t.match((await view(again)).Ticket, { UserId: 'mem3', Status: 'active' })
  t.match(await transfer(tokens.ag1, { FromUserId: 'mem3', ToUserId: 'mem1', TicketNo: again }, '/api/v1/tt/bet/transfer'), { status: 404, body: { code: 'GA_TICKET_NOT_FOUND' } }, 'bet/transfer under /tt finds no 4D ticket by number')
  const back = await transfer(tokens.ag1, { FromUserId: 'mem3', ToUserId: 'mem1', TicketNo: again }, '/api/v1/tt/bet/transfer4')
  t.equal(back.status, 200, 'bet/transfer4 under /tt moves it back')
  t.match(await transfer(tokens.ag1, { FromUserId: 'mem3', ToUserId: 'mem1', TicketNo: again }), { status: 409, body: { code: 'GA_TICKET_VOID' } }, 'a moved ticket is void: it moves no more')
  t.match(await transfer(tokens.ag1, { FromUserId: 'mem3', ToUserId: 'mem1', TicketNo: back.body.data.Tickets[0].TicketNo }), { status: 409, body: { code: 'GA_TRANSFER_NOT_OWNER' } }, 'the ticket is mem1\'s again')
})

t.test('bad input is refused with the field named', async (t) => {
  const ticket = await place('4444')
  t.match(await transfer(tokens.ag1, { FromUserId: 'mem1', ToUserId: 'mem1', TicketIds: [ticket.TicketId] }), { status: 400, body: { code: 'GA_TRANSFER_SAME_USER' } })
  t.match(await transfer(tokens.ag1, { FromUserId: 'mem1', ToUserId: 'mem3' }), { status: 400, body: { code: 'GA_TRANSFER_WHICH' } })
  t.match(await transfer(tokens.ag1, { FromUserId: 'mem1', ToUserId: 'mem3', TicketIds: [ticket.TicketId], DrawId: drawId }), { status: 400, body: { code: 'GA_TRANSFER_WHICH' } })
  t.match(await transfer(tokens.ag1, { FromUserId: 'mem1', ToUserId: 'mem3', TicketIds: [ticket.TicketId], TicketNo: ticket.TicketNo }), { status: 400, body: { code: 'GA_TRANSFER_WHICH' } }, 'TicketIds and TicketNo')
  t.match(await transfer(tokens.ag1, { FromUserId: 'mem1', ToUserId: 'mem3', TicketNo: ticket.TicketNo, DrawId: drawId }), { status: 400, body: { code: 'GA_TRANSFER_WHICH' } }, 'TicketNo and DrawId')
  t.match(await transfer(tokens.ag1, { FromUserId: 'mem1', ToUserId: 'mem3', TicketNo: '' }), { status: 400, body: { message: /TicketNo/ } })
  t.match(await transfer(tokens.ag1, { FromUserId: 'mem1', ToUserId: 'mem3', TicketNo: 'X'.repeat(21) }), { status: 400, body: { message: /TicketNo/ } })
  t.match(await transfer(tokens.ag1, { FromUserId: 'mem1', ToUserId: 'mem3', TicketNo: 'NO-SUCH-TICKET' }), { status: 404, body: { code: 'GA_TICKET_NOT_FOUND', params: ['NO-SUCH-TICKET'] } })
  t.match(await transfer(tokens.ag1, { FromUserId: 'mem1', ToUserId: 'mem3', TicketIds: ['x'] }), { status: 400, body: { message: /TicketIds/ } })
  t.match(await transfer(tokens.ag1, { ToUserId: 'mem3', DrawId: drawId }), { status: 400, body: { message: 'body/FromUserId is required' } })
})

t.test('the gate: only within the caller\'s downline, and all or nothing', async (t) => {
  const ticket = await place('5555')
  t.match(await transfer(tokens.mem1, { FromUserId: 'mem1', ToUserId: 'mem3', TicketIds: [ticket.TicketId] }), { status: 403, body: { code: 'GA_NOT_YOUR_DOWNLINE' } }, 'a member cannot give its tickets to another member')
  t.match(await transfer(tokens.mem1, { FromUserId: 'mem1', ToUserId: 'mem3', TicketNo: ticket.TicketNo }), { status: 403, body: { code: 'GA_NOT_YOUR_DOWNLINE' } }, 'nor by its number')
  const other = await place('8888')
  const toAgent = await transfer(tokens.ag1, { FromUserId: 'mem1', ToUserId: 'ag2', TicketNo: other.TicketNo })
  t.equal(toAgent.status, 200, 'ag1 may move a ticket to ag2, of its downline')
  const moved: string = toAgent.body.data.Tickets[0].TicketNo
  t.match(await transfer(tokens.ag1, { FromUserId: 'ag2', ToUserId: 'admin', TicketNo: moved }), { status: 403, body: { code: 'GA_NOT_YOUR_DOWNLINE', params: ['admin'] } }, 'not to an account above it')
  t.match(await transfer(tokens.ag2, { FromUserId: 'ag2', ToUserId: 'mem1', TicketNo: moved }), { status: 403, body: { code: 'GA_NOT_YOUR_DOWNLINE', params: ['mem1'] } }, 'ag2 cannot give it to ag1\'s member')
  t.match(await transfer(tokens.ag2, { FromUserId: 'mem1', ToUserId: 'mem2', TicketIds: [ticket.TicketId] }), { status: 403, body: { code: 'GA_NOT_YOUR_DOWNLINE' } }, 'ag2 cannot take ag1\'s member\'s ticket')
  const mine = await api(h, 'POST', '/api/v1/4d/bet', tokens.mem3, { DrawIds: [drawId], Lines: [{ Number: '6666', Big: 1 }] })
  const refused = await transfer(tokens.ag1, { FromUserId: 'mem1', ToUserId: 'mem3', TicketIds: [ticket.TicketId, mine.body.data.TicketId] })
  t.match(refused, { status: 409, body: { code: 'GA_TRANSFER_NOT_OWNER', params: [mine.body.data.TicketNo, 'mem3', 'mem1'] } })
  t.equal((await view(ticket.TicketNo)).Ticket.Status, 'active', 'nothing moved')
  await h.db.query('UPDATE users SET credit_left = 0 WHERE user_id = $1', ['mem3'])
  t.match(await transfer(tokens.ag1, { FromUserId: 'mem1', ToUserId: 'mem3', TicketIds: [ticket.TicketId] }), { status: 409, body: { code: 'GA_NOT_ENOUGH_CREDIT' } }, 'the new owner\'s credit is checked')
  t.equal((await view(ticket.TicketNo)).Ticket.Status, 'active', 'and the void is rolled back')
  await h.db.query('UPDATE users SET credit_left = 500 WHERE user_id = $1', ['mem3'])
  await api(h, 'PUT', `/api/v1/4d/draw/${drawId}/close`, tokens.admin, {})
  t.match(await transfer(tokens.ag1, { FromUserId: 'mem1', ToUserId: 'mem3', TicketIds: [ticket.TicketId] }), { status: 409, body: { code: 'GA_VOID_CLOSED_BY_HAND' } }, 'a closed draw\'s tickets stay where they are')
})
