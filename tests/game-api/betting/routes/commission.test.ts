import t from 'tap'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { api } from '../support.ts'

// Seeded 4D commission rates: mem1 5 %, ag1 10 %, admin (the top) 12 %.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const mem1 = await h.signIn('mem1')

  /** Each level's commission on a ticket, summed over its lines, by user. */
  async function commissions (ticketNo: string): Promise<Record<string, number>> {
    const { rows } = await h.db.query<{ user_id: string, c: number }>(
      `SELECT l.user_id, sum(l.commission)::float8 AS c FROM bet_levels l JOIN bets b ON b.bet_id = l.bet_id JOIN tickets t ON t.ticket_id = b.ticket_id
       WHERE t.ticket_no = $1 GROUP BY l.user_id`, [ticketNo])
    return Object.fromEntries(rows.map((r) => [r.user_id, Math.round(r.c * 100) / 100]))
  }

  t.test('ten $0.30 lines at 5 %: the ticket earns 0.15, not ten rounded 0.02', async (t) => {
    const numbers = Array.from({ length: 10 }, (_, i) => String(1000 + i)).join(' ')
    const placed = await api(h, 'POST', '/api/v1/4d/bet/text', mem1, { Text: `mem1 3 ${numbers} 0.3-`, AcceptDecimals: true })
    t.equal(placed.status, 200, JSON.stringify(placed.body))
    t.equal(placed.body.data.StakePerDraw, 3)
    // mem1: 3.00 × 5 % = 0.15; ag1: 3.00 × (10 % − 5 %) = 0.15; admin, the top, is paid by nobody: 0.
    t.same(await commissions(placed.body.data.TicketNo), { mem1: 0.15, ag1: 0.15, admin: 0 })
  })

  t.test('lines of different stakes: 1.25 + 2 + 0.25 = 3.50 at 5 % = 0.175 → 0.18 over the ticket', async (t) => {
    const placed = await api(h, 'POST', '/api/v1/4d/bet', mem1, { DayCode: '3', Lines: [{ Number: '2001', Big: 1.25 }, { Number: '2002', Small: 2 }, { Number: '2003', Big: 0.25 }] })
    t.equal(placed.status, 200, JSON.stringify(placed.body))
    // mem1: 0.175 → 0.18 (per line it was 0.06 + 0.10 + 0.01 = 0.17); ag1: 3.50 × 10 % = 0.35 less mem1's 0.18 = 0.17; admin: 0.
    t.same(await commissions(placed.body.data.TicketNo), { mem1: 0.18, ag1: 0.17, admin: 0 })
  })
})
