import t from 'tap'
import { eachDatabase } from '../../../helpers/db.ts'
import { gameApiHarness } from '../../harness.ts'
import { api, money } from '../support.ts'

eachDatabase(t, async (t, kind) => {
  const h = await gameApiHarness(t, kind)
  const active = (await api(h, 'GET', '/api/v1/4d/draw/activeLatest', await h.signIn('mem2'))).body.data as Array<{ DrawId: number, Series: string }>
  const drawId = active.find((d) => d.Series === 'SG4D')?.DrawId
  // Either way the ticket is placed alone, its write one statement that refuses itself for credit (betting/store/place-write.ts).
  const cases = [
    { who: 'mem3', how: 'on a day code', draws: { DayCode: '3' } },
    { who: 'mem2', how: 'on DrawIds', draws: { DrawIds: [drawId] } }
  ]
  for (const { who, how, draws } of cases) {
    t.test(`20 concurrent bets ${how} worth more than CreditLeft: the accepted ones never overspend, the rest fail whole`, async (t) => {
      const token = await h.signIn(who)
      const before = await money(h, token)
      const { rows: [count] } = await h.db.query<{ n: string }>('SELECT count(*) AS n FROM bets WHERE user_id = $1', [who])
      const each = 100
      const attempts = Math.max(20, Math.ceil(before.CreditLeft / each) + 5)
      t.ok(each * attempts > before.CreditLeft, 'together they cost more than the credit')
      const answers = await Promise.all(Array.from({ length: attempts }, (_, i) =>
        api(h, 'POST', '/api/v1/4d/bet', token, { ...draws, Lines: [{ Number: String(1000 + i), Big: 50, Small: 50 }] })))
      const accepted = answers.filter((a) => a.status === 200)
      const refused = answers.filter((a) => a.status !== 200)
      t.equal(accepted.length, Math.floor(before.CreditLeft / each), 'as many as the credit covers')
      for (const r of refused) {
        t.equal(r.status, 409)
        t.match(r.body.message, new RegExp(`^Not enough credit: the bet costs 100\\.00 but ${who} has \\d+\\.\\d\\d credit left; bet less or ask your upline for more credit\\.$`))
      }
      const after = await money(h, token)
      t.equal(after.CreditLeft, before.CreditLeft - accepted.length * each)
      t.ok(after.CreditLeft >= 0, 'never below zero')
      const { rows: [now] } = await h.db.query<{ n: string }>('SELECT count(*) AS n FROM bets WHERE user_id = $1', [who])
      t.equal(Number(now?.n) - Number(count?.n), accepted.length, 'one bet row per accepted ticket, none from refused ones')
      const { rows: orphans } = await h.db.query('SELECT t.ticket_id FROM tickets t LEFT JOIN bets b ON b.ticket_id = t.ticket_id WHERE b.bet_id IS NULL')
      t.same(orphans, [], 'no ticket without bets')
    })
  }
})
