import t from 'tap'
import { seededRandom } from '../../../../server/shared/seeded-random.ts'
import { onTestDatabase } from '../../../helpers/db.ts'
import { gameApiHarness, type GameApiHarness } from '../../harness.ts'
import { api, moveTo, setSuperPassword, SUPER_PASSWORD, WEDNESDAY_CLOSE } from '../../betting/support.ts'

/** Users whose AccBal differs from the sum of their ledger entries (none, always). */
async function offLedger (h: GameApiHarness) {
  const { rows } = await h.db.query<{ user_id: string, acc_bal: string, sum: string }>(
    `SELECT u.user_id, u.acc_bal, coalesce((SELECT sum(amount) FROM ledger l WHERE l.user_id = u.user_id), 0) AS sum FROM users u
     WHERE u.acc_bal <> coalesce((SELECT sum(amount) FROM ledger l WHERE l.user_id = u.user_id), 0)`)
  return rows
}

// Payments in and out move AccBal through the append-only ledger; a deleted payment is reversed; AccBal is always the ledger's sum.
onTestDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  let tokens = { ag1: await h.signIn('ag1'), ag2: await h.signIn('ag2'), mem1: await h.signIn('mem1'), mem3: await h.signIn('mem3'), admin: await h.signIn('admin') }
  const pay = (as: keyof typeof tokens, payload: Record<string, unknown>) => api(h, 'POST', '/api/v1/4d/insertStatement2', tokens[as], payload)
  // Deleting a ledger entry is the company's, confirmed with its super password (payments/delete-needs-company.test.ts has the refusals).
  await setSuperPassword(h, tokens.admin)
  const remove = (id: unknown) => api(h, 'DELETE', `/api/v1/4d/deleteStatement2/${String(id)}`, tokens.admin, { SuperPassword: SUPER_PASSWORD })
  const accBal = async (id: string) => Number((await h.db.query<{ a: string }>('SELECT acc_bal AS a FROM users WHERE user_id = $1', [id])).rows[0]?.a)

  t.test('the seeded balances and settled draws are already in the ledger', async (t) => {
    t.same(await offLedger(h), [])
  })

  t.test('a payment in raises AccBal and CreditLeft by exactly its amount; out lowers them; delete reverses', async (t) => {
    const before = await accBal('mem1')
    const paid = await pay('ag1', { UserId: 'mem1', Type: 'IN', Amount: 120.5, Remarks: 'settles last week' })
    t.equal(paid.status, 200, JSON.stringify(paid.body))
    t.match(paid.body.data, { UserId: 'mem1', Kind: 'payment_in', Amount: 120.5, Remarks: 'settles last week', CreatedBy: 'ag1', ReversedBy: null })
    t.equal(await accBal('mem1'), before + 120.5)
    const out = await pay('ag1', { UserId: 'mem1', Type: 'OUT', Amount: 20 })
    t.equal(await accBal('mem1'), before + 100.5)
    const removed = await remove(out.body.data.EntryId)
    t.equal(removed.status, 200)
    t.match(removed.body.data, { Kind: 'reversal', Amount: 20, Reverses: out.body.data.EntryId })
    t.equal(await accBal('mem1'), before + 120.5, 'the reversal undid it')
    const again = await remove(out.body.data.EntryId)
    t.equal(again.status, 409)
    t.equal(again.body.message, `Ledger entry ${out.body.data.EntryId} cannot be deleted: it was deleted already (reversed by entry ${removed.body.data.EntryId}).`)
    const stored = await h.db.query('SELECT 1 FROM ledger WHERE entry_id = $1', [out.body.data.EntryId])
    t.equal(stored.rows.length, 1, 'the deleted payment is still in the ledger')
    await t.rejects(h.db.query('DELETE FROM ledger WHERE entry_id = $1', [out.body.data.EntryId]), /append-only/, 'the table itself refuses a delete')
    const statement = (await api(h, 'GET', '/api/v1/4d/statementByUserId?UserId=mem1', tokens.ag1)).body.data
    const entries = statement.Entries as Array<{ Kind: string, Amount: number }>
    t.same(entries.map((e) => e.Kind).filter((k) => k !== 'opening' && k !== 'settlement'), ['payment_in', 'payment_out', 'reversal'], 'this draw week\'s payments, in order')
    t.equal(statement.Closing, await accBal('mem1'), 'the statement closes on AccBal')
    t.equal(Math.round((statement.Closing - statement.Opening) * 100), entries.reduce((s, e) => s + Math.round(e.Amount * 100), 0), 'opening plus the entries is the closing')
    const sums = (await api(h, 'GET', '/api/v1/4d/selectStatementSum', tokens.ag1)).body.data as Array<{ UserId: string, PaidIn: number, PaidOut: number, Closing: number }>
    t.match(sums.find((s) => s.UserId === 'mem1'), { PaidIn: 120.5, PaidOut: 0, Closing: await accBal('mem1') })
  })

  t.test('refusals name the field', async (t) => {
    t.match((await pay('mem1', { UserId: 'mem1', Type: 'IN', Amount: 5 })).body, { code: 'GA_PAYMENT_OWN', message: 'Choose a user below you: your own payments are recorded by your upline.' })
    t.equal((await pay('ag2', { UserId: 'mem1', Type: 'IN', Amount: 5 })).status, 403)
    t.equal((await pay('ag1', { UserId: 'mem1', Type: 'IN', Amount: 0 })).body.message, 'body/Amount must be > 0')
    t.match((await pay('ag1', { UserId: 'mem1', Type: 'IN', Amount: 1.234 })).body, { code: 'GA_FIELD_NOT_CENTS', message: 'Amount must be in cents at most (e.g. 2000.50), not 1.234.', params: ['Amount', '1.234'] })
    t.equal((await pay('ag1', { UserId: 'mem1', Type: 'SIDEWAYS', Amount: 1 })).body.message, 'body/Type must be IN (the downline pays) or OUT (the downline is paid)')
    t.equal((await remove(999999)).status, 404)
    t.equal((await api(h, 'GET', '/api/v1/4d/statementByUserId?DrawFrom=2030-02-01&DrawTo=2030-01-01', tokens.ag1)).body.message, 'The first day of the period, 02/01/2030, must not be later than its last day, 01/01/2030.')
  })

  t.test('after a random mix of bets, payments, deletions and a settlement, AccBal is the ledger\'s sum for everyone', async (t) => {
    const random = seededRandom(1414)
    const users = ['mem1', 'mem3', 'ag2'] as const
    const entries: number[] = []
    for (let i = 0; i < 30; i++) {
      const user = users[Math.floor(random() * users.length)] ?? 'mem1'
      const roll = random()
      if (roll < 0.3 && user !== 'ag2') {
        const placed = await api(h, 'POST', '/api/v1/4d/bet', tokens[user], { DayCode: '3', Lines: [{ Number: String(1000 + Math.floor(random() * 9000)), Form: 'straight', Big: 1, Small: 1 }] })
        t.equal(placed.status, 200, `bet ${i}`)
      } else if (roll < 0.85) {
        const res = await pay('ag1', { UserId: user, Type: random() < 0.5 ? 'IN' : 'OUT', Amount: Math.round(random() * 50000) / 100 + 0.01 })
        t.equal(res.status, 200, `payment ${i}`)
        entries.push(res.body.data.EntryId)
      } else if (entries.length > 0) {
        const id = entries.splice(Math.floor(random() * entries.length), 1)[0]
        t.equal((await remove(id)).status, 200, `delete ${i}`)
      }
    }
    t.same(await offLedger(h), [], 'before the settlement')
    tokens = { ...tokens, ...await moveTo(h, WEDNESDAY_CLOSE, ['admin', 'ag1']) }
    const draws = (await h.db.query<{ draw_id: number }>('SELECT DISTINCT b.draw_id FROM bets b JOIN draws d ON d.draw_id = b.draw_id WHERE NOT d.is_finalised AND d.close_at <= $1', [new Date(WEDNESDAY_CLOSE)])).rows
    t.ok(draws.length > 0, 'the bets wait for a draw')
    for (const { draw_id: drawId } of draws) {
      const result = { first: '1111', second: '2222', third: '3333', starters: Array.from({ length: 10 }, (_, i) => String(4000 + i)), consolations: Array.from({ length: 10 }, (_, i) => String(5000 + i)) }
      t.equal((await api(h, 'POST', '/api/v1/4d/draw/result', tokens.admin, { DrawId: drawId, Result: result })).status, 200)
      t.equal((await api(h, 'PUT', '/api/v1/4d/draw', tokens.admin, { DrawId: drawId, IsFinalised: true })).status, 200)
    }
    t.ok((await h.db.query("SELECT 1 FROM ledger WHERE kind = 'settlement' AND created_at >= $1", [new Date(WEDNESDAY_CLOSE)])).rows.length > 0, 'the settlement wrote entries')
    t.same(await offLedger(h), [], 'after the settlement')
    const settlement = await h.db.query<{ entry_id: string }>("SELECT entry_id FROM ledger WHERE kind = 'settlement' AND user_id IN ('mem1', 'mem3') LIMIT 1")
    const id = settlement.rows[0]?.entry_id
    t.match((await remove(id)).body.message, /it is a settlement entry; only payments can be deleted/)
  })
})
