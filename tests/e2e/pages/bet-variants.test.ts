import t from 'tap'
import { axeViolations, gameApi, gameApiToken, signInAt, startE2E, openFromMenu } from '../support.ts'
import { confirmOk } from '../../helpers/browser.ts'
import { eventually } from '../../helpers/eventually.ts'

// Issue #31's bet pages: an agent voids every ticket of one upload from Bet Upload, and reads Bet Summary by type and as a report.
t.test('ag1 voids the tickets of an upload at once, then reads Bet Summary by type and as a report', async (t) => {
  const e2e = await startE2E(t)
  const { page, errors } = await e2e.newPage()
  await signInAt(e2e, page, 'ag1')
  const token = await gameApiToken(e2e, 'ag1')

  await t.test('Bet Upload: "Void its tickets" on a processed file voids all it placed, after the confirmation', async (t) => {
    await openFromMenu(page, 'Bet', 'Bet Upload', '/bet/bet-upload')
    const form = page.locator('[data-widget-id=upload]')
    await form.getByLabel(/^Bet file/).setInputFiles({ name: 'page.txt', mimeType: 'text/plain', buffer: Buffer.from('mem1 3 6101 1-\nmem1 3 6102 1-\nag2 3 6103 -1\n') })
    await form.getByRole('button', { name: 'Upload' }).click()
    const uploaded = form.getByRole('status').filter({ hasText: 'uploaded as file' })
    await uploaded.waitFor()
    const fileId = Number(/as file (\d+)/.exec(await uploaded.innerText())?.[1])
    await page.locator('[data-widget-id=process]').getByRole('button', { name: `Process file ${fileId}` }).click()
    await page.locator('[data-widget-id=process][data-phase=done]').waitFor()
    const row = page.locator('[data-page="/bet/bet-upload"] tbody tr').filter({ hasText: 'page.txt' })
    await row.filter({ hasText: 'Processed' }).waitFor()
    const tickets = async () => (await gameApi(e2e, token, 'GET', '4d/bet/page2?pageSize=200')).rows.filter((r: { Text: string | null, Status: string }) => /610[123]/.test(r.Text ?? '')) as Array<{ Status: string }>
    t.same((await tickets()).map((x) => x.Status), ['active', 'active', 'active'], 'the upload placed three tickets')

    await row.getByRole('button', { name: 'Actions' }).click()
    await page.getByRole('menuitem', { name: 'Void its tickets' }).click()
    await confirmOk(page, /Void every ticket this file placed\?/)
    await eventually(async () => (await tickets()).every((x) => x.Status === 'void'), { within: 10_000, what: 'the file\'s tickets turning void' })
    t.same((await tickets()).map((x) => x.Status), ['void', 'void', 'void'], 'every ticket of the file is void')
    t.same(await axeViolations(page), [], 'no serious or critical axe violation on Bet Upload')
  })

  await t.test('Bet Summary: the "By type" and "Report" tabs show the game API\'s figures for the draw', async (t) => {
    await openFromMenu(page, 'Bet', 'Bet Summary', '/bet/betSummary')
    const sum = await gameApi(e2e, token, 'GET', '4d/betSummaryByTypeSum')
    t.ok(sum.rows.length > 0, 'ag1\'s group has bets on the newest draw')
    const byType = page.locator('[data-widget-id=betSummaryByType]')
    await byType.locator('tbody tr').first().waitFor()
    t.equal(await byType.locator('tbody tr').count(), sum.rows.length, 'one row per bet type')
    const money = (v: number) => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v)
    t.match(await byType.locator('tbody tr').first().innerText(), money(sum.rows[0].Stake), 'the first type\'s stake')

    await page.getByRole('tab', { name: 'Report' }).click()
    const report = page.locator('[data-widget-id=betSummaryReport]')
    await report.locator('tbody tr').first().waitFor()
    const answer = await gameApi(e2e, token, 'GET', '4d/betSummaryReportFull')
    t.equal(await report.locator('tbody tr').count(), answer.rows.length, 'a row per direct downline (and ag1\'s own)')
    const first = answer.rows[0] as { UserId: string, Stake: number }
    t.match(await report.locator('tbody tr').filter({ hasText: first.UserId }).first().innerText(), money(first.Stake), `${first.UserId}'s group stake`)
    t.same(await axeViolations(page), [], 'no serious or critical axe violation on Bet Summary')
  })

  await t.test('View Tickets: with a draw chosen, the tally per bet type under the tickets', async (t) => {
    await openFromMenu(page, 'Bet', 'View Tickets', '/tickets/page')
    t.equal(await page.locator('[data-widget-id=ticketTally]').count(), 0, 'no tally before a draw is chosen')
    const [, draw] = await gameApi(e2e, token, 'GET', '4d/summary/drawDate') as Array<{ DrawId: number }>
    const filters = page.locator('[data-widget-id=ticketFilters]')
    await filters.getByLabel(/^Draw date/).selectOption(String(draw!.DrawId))
    await filters.getByRole('button', { name: 'Apply' }).click()
    const tally = page.locator('[data-widget-id=ticketTally]')
    await tally.locator('tbody tr').first().waitFor()
    const served = await gameApi(e2e, token, 'GET', `4d/bet/tally?DrawId=${draw!.DrawId}`)
    t.equal(await tally.locator('tbody tr').count(), served.rows.length, 'a row per bet type of the draw')
    const money = (v: number) => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v)
    t.equal(await tally.locator('[data-sum=Stake]').innerText(), money(served.totals.Stake), 'the footer: the draw\'s whole stake')
  })

  t.same(errors, [], 'no script errors')
})
