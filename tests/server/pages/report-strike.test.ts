import t from 'tap'
import { signedIn } from '../../helpers/http-browser.ts'
import { buildProduct } from '../../helpers/build.ts'
import { cents, pageOf, read, tableOf } from './report-tables.ts'

// Strike Report (/report/strike) as ag1 reads it, through the service: the winning bets and, below, their strike totals by
// prize tier, by downline and by number, each footer the same payout; the winning lines and tickets pay the same, and the
// strikes on ag1's own intake sum to its share of them. Each table is read as the client reads it when the page
// opens (no filter chosen): the binding's call with ag1's session, its rows at the descriptor's dataPath and its footer as the
// client sums it (the answer's totals at the descriptor's sumsPath for the columns marked sum).

t.test('ag1: Strike Report shows the strike summaries, each paying what the winning bets pay', async (t) => {
  const { serviceUrl } = await buildProduct(t)
  const ag1 = await signedIn(serviceUrl, 'ag1')
  const page = await pageOf(ag1, '/report/strike')
  const footer = async (id: string, field: string) => cents((await read(ag1, tableOf(page, id))).footer[field])

  const paid = await footer('strike', 'Payout')
  t.ok(paid > 0, 'the winning bets pay')
  for (const id of ['summary1', 'summary2', 'summary3']) t.equal(await footer(id, 'Payout'), paid, `${id}: the same payout in its footer`)
  const summary2 = tableOf(page, 'summary2')
  const byDownline = (await read(ag1, summary2)).rows.map((r) => String(r[summary2.columns[0]!.field]))
  t.ok(byDownline.includes('ag1'), `one row for ag1's own bets: ${byDownline.join(' ')}`)
  t.ok(byDownline.every((u) => ['ag1', 'ag2', 'mem1', 'mem3'].includes(u)), 'rows are ag1 and its direct downlines')

  await t.test('the winning lines, the winning tickets and the strikes on ag1\'s intake', async (t) => {
    t.equal(await footer('detailLines', 'Payout'), paid, 'the winning lines pay the same')
    t.equal(await footer('detailTickets', 'Payout'), paid, 'the winning tickets pay the same')
    const mine = await footer('detailLines', 'MyIntakeStrike')
    t.ok(mine !== 0, 'ag1 kept some winning bets')
    t.equal(await footer('intakeStrikes', 'IntakeStrike'), mine, 'the strikes on its intake sum to its share of the winning lines')
    t.equal(await footer('detailTickets', 'MyIntakeStrike'), mine, 'and to its share of the winning tickets')
  })
})
