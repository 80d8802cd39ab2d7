import t from 'tap'
import { signInAt, startE2E } from '../support.ts'

// Strike Report as an agent reads it: its winning lines and tickets pay what the winning bets pay, and the strikes on its own intake sum to its share of them.

const money = (text: string) => Math.round(Number(text.replace(/,/g, '')) * 100)

t.test('ag1: Strike Report lists the winning lines, the winning tickets and the strikes on its intake', async (t) => {
  const e2e = await startE2E(t)
  const { page, errors } = await e2e.newPage()
  await signInAt(e2e, page, 'ag1')
  await page.goto(new URL('/report/strike', page.url()).toString())
  const footer = async (id: string, field: string) => {
    const table = page.locator(`[data-widget-id=${id}]`)
    await table.locator('tbody tr').first().waitFor()
    return money(await table.locator(`tfoot td[data-sum=${field}]`).innerText())
  }
  const paid = await footer('strike', 'Payout')
  t.ok(paid > 0, 'the winning bets pay')
  t.equal(await footer('detailLines', 'Payout'), paid, 'the winning lines pay the same')
  t.equal(await footer('detailTickets', 'Payout'), paid, 'the winning tickets pay the same')
  const mine = await footer('detailLines', 'MyIntakeStrike')
  t.ok(mine !== 0, 'ag1 kept some winning bets')
  t.equal(await footer('intakeStrikes', 'IntakeStrike'), mine, 'the strikes on its intake sum to its share of the winning lines')
  t.equal(await footer('detailTickets', 'MyIntakeStrike'), mine, 'and to its share of the winning tickets')
  t.same(errors, [], 'no script errors')
})
