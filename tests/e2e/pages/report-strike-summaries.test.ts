import t from 'tap'
import { signInAt, startE2E } from '../support.ts'

// Strike Report as an agent reads it: the winning bets and, below, their strike totals by prize tier, by downline and by number, each footer the same payout.

const money = (text: string) => Math.round(Number(text.replace(/,/g, '')) * 100)

t.test('ag1: Strike Report shows the strike summaries, each paying what the winning bets pay', async (t) => {
  const e2e = await startE2E(t)
  const { page, errors } = await e2e.newPage()
  await signInAt(e2e, page, 'ag1')
  await page.goto(new URL('/report/strike', page.url()).toString())
  const footer = async (id: string) => {
    const table = page.locator(`[data-widget-id=${id}]`)
    await table.locator('tbody tr').first().waitFor()
    return money(await table.locator('tfoot td[data-sum=Payout]').innerText())
  }
  const paid = await footer('strike')
  t.ok(paid > 0, 'the winning bets pay')
  for (const id of ['summary1', 'summary2', 'summary3']) t.equal(await footer(id), paid, `${id}: the same payout in its footer`)
  const byDownline = await page.locator('[data-widget-id=summary2] tbody tr td:first-child').allInnerTexts()
  t.ok(byDownline.includes('ag1'), `one row for ag1's own bets: ${byDownline.join(' ')}`)
  t.ok(byDownline.every((u) => ['ag1', 'ag2', 'mem1', 'mem3'].includes(u)), 'rows are ag1 and its direct downlines')
  t.same(errors, [], 'no script errors')
})
