import t from 'tap'
import { gameApi, gameApiToken, signInAt, startE2E } from '../support.ts'

// Group Report as an agent: a saved grouping picked in the filters joins its downlines into one row.
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

t.test('ag1: Group Report joins a saved grouping of its downlines into one row, the totals unchanged', async (t) => {
  const e2e = await startE2E(t)
  await gameApi(e2e, await gameApiToken(e2e, 'ag1'), 'POST', '4d/reportGroupSetting', { Name: 'Team view', Groups: [{ Name: 'Team A', UserIds: ['ag2', 'mem1'] }] })
  const { page, errors } = await e2e.newPage()
  await signInAt(e2e, page, 'ag1')
  await page.goto(new URL('/report/group', page.url()).toString())
  const table = page.locator('[data-widget-id=group]')
  await table.locator('tbody tr').first().waitFor()
  const totals = await table.locator('tfoot').innerText()
  const users = await table.locator('tbody tr td:first-child').allInnerTexts()
  t.ok(users.some((u) => u.includes('ag2')) && users.some((u) => u.includes('mem1')), `ag2 and mem1 have rows of their own: ${users.join(' ')}`)
  await page.getByLabel('Grouping', { exact: true }).selectOption({ label: 'Team view' })
  await page.locator('[data-widget-id=filters]').getByRole('button', { name: 'Show' }).click()
  await table.getByText('Team A').waitFor()
  const grouped = await table.locator('tbody tr td:first-child').allInnerTexts()
  t.notOk(grouped.some((u) => u.includes('ag2') || u.includes('mem1')), `ag2 and mem1 are inside the group row: ${grouped.join(' ')}`)
  t.equal(await table.locator('tfoot').innerText(), totals, 'the totals do not change')
  t.same(errors, [], 'no script errors')
})
