import t from 'tap'
import { signedIn } from '../../helpers/http-browser.ts'
import { buildProduct } from '../../helpers/build.ts'
import { catalogueOf, cents, fieldHeaded, gameApiAs, pageOf, read, tableOf, type Row } from './report-tables.ts'

// A member's Report (/report/member-summary) through the service: mem1's own tickets, newest first, their stake the
// report's, each table read with mem1's session as the page reads it on opening and held against the game API's answer.

t.test('mem1: Report lists its own tickets, their stake the report\'s', async (t) => {
  const { serviceUrl, gameApiUrl } = await buildProduct(t)
  const mem1 = await signedIn(serviceUrl, 'mem1')
  const say = await catalogueOf(mem1)
  const page = await pageOf(mem1, '/report/member-summary')
  const [mine, summary] = [tableOf(page, 'myTickets'), tableOf(page, 'memberSummary')]
  const tickets = await read(mem1, mine)
  t.ok(tickets.rows.length > 0, 'mem1 has tickets')
  t.ok(tickets.rows.every((r) => r[fieldHeaded(mine, 'User ID', say)] === 'mem1'), 'every ticket is mem1\'s own')
  const served = await (await gameApiAs(gameApiUrl, 'mem1'))('4d/reportPersonalBetPage') as { rows: Row[], totals: Record<string, number> }
  t.equal(tickets.rows[0]?.[fieldHeaded(mine, 'Ticket No', say)], served.rows[0]?.TicketNo, 'newest ticket first, as the game API answers')
  const stake = cents(tickets.footer[fieldHeaded(mine, 'Stake', say)])
  t.equal(stake, cents((await read(mem1, summary)).footer[fieldHeaded(summary, 'Stake', say)]), 'the tickets\' stake is the report\'s stake')
  t.equal(stake, cents(served.totals.Stake), 'as the game API sums it')
})
