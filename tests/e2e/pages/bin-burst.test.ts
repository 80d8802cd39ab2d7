import t from 'tap'
import { clickRowAction, gameApi, gameApiToken, openFromMenu, signInAt, startE2E } from '../support.ts'
import { confirmOk } from '../../helpers/browser.ts'
import { amount, importFile } from './result-file.ts'

// Issue #31 as admin on Draw Setting: a result file for a closed draw staged, previewed, applied and confirmed as durable jobs
// (progress to the job's own message), the import's status following, the report of what finalising paid; Confirm before Apply refused.

t.test('Draw Setting: a result file applied and confirmed as jobs, then its report', async (t) => {
  let offsetMs = 0
  const e2e = await startE2E(t, { now: () => new Date(Date.now() + offsetMs) })
  const draw = (await gameApi(e2e, await gameApiToken(e2e, 'admin'), 'GET', '4d/draw/activeLatest') as Array<{ DrawId: number, Series: string, CloseDate: string }>)
    .find((d) => d.Series === 'SG4D')
  if (!draw) throw new Error('no open Singapore 4D draw in the seed')
  // mem1's 1234 Big $1, which the file's 1st prize pays 2000.
  await gameApi(e2e, await gameApiToken(e2e, 'mem1'), 'POST', '4d/bet', { DrawIds: [draw.DrawId], Lines: [{ Number: '1234', Big: 1 }] })
  // The game API's clock a minute past the draw's close: closed, its result not in, not finalised.
  offsetMs = Date.parse(draw.CloseDate) + 60_000 - Date.now()
  const token = await gameApiToken(e2e, 'admin')
  t.equal((await gameApi(e2e, token, 'GET', `4d/draw/byId/${draw.DrawId}`)).Status, 'closed', 'the draw is closed')

  const { page, errors } = await e2e.newPage()
  await signInAt(e2e, page, 'admin')
  await openFromMenu(page, 'Control', 'Draw Setting', '/control/drawSetting')
  await importFile(page, draw.DrawId)
  const imports = await gameApi(e2e, token, 'GET', '4d/binBurstImportAdmin') as Array<{ ImportId: number, DrawId: number }>
  const importId = imports.find((i) => i.DrawId === draw.DrawId)!.ImportId
  const row = page.locator('[data-widget-id=imports] tbody tr').filter({ has: page.getByRole('cell', { name: String(importId), exact: true }) })
  await clickRowAction(row, 'Preview payout')
  await row.filter({ hasText: 'Previewed' }).waitFor()
  await clickRowAction(row, 'Choose')
  const apply = page.locator('[data-widget-id=applyImport]')
  const confirm = page.locator('[data-widget-id=confirmImport]')

  await t.test('Confirm before Apply is refused with the catalogue\'s reason', async (t) => {
    await confirm.getByRole('button', { name: `Confirm result import ${importId} and finalise` }).click()
    await confirmOk(page, /^Finalise the chosen draw\?/)
    await confirm.getByRole('alert').filter({ hasText: `Result import ${importId} is not applied yet; apply it and wait for it to end.` }).waitFor()
    t.equal((await gameApi(e2e, token, 'GET', `4d/draw/byId/${draw.DrawId}`)).Status, 'closed', 'nothing finalised')
  })

  await t.test('Apply runs as a job to its message; the import reads Result applied', async (t) => {
    await apply.getByRole('button', { name: `Apply result import ${importId}` }).click()
    await confirmOk(page, 'Write this file\'s result to its draw?')
    const done = apply.getByRole('status').filter({ hasText: new RegExp(`^Result import ${importId} applied: payout [\\d.]+ once confirmed\\.$`) })
    await done.waitFor({ timeout: 60_000 })
    t.equal(await apply.getAttribute('data-phase'), 'done', 'the job widget reached done')
    const status = await gameApi(e2e, token, 'GET', `4d/result/binBurst/${importId}/status`)
    t.match(status, { Status: 'done', Progress: 100, ImportStatus: 'applied' }, 'the job the page polled')
    t.equal(await done.innerText(), status.Message, 'the page shows the job\'s own message')
    await row.filter({ hasText: 'Result applied' }).waitFor()
    t.match((await gameApi(e2e, token, 'GET', `4d/draw/result?DrawId=${draw.DrawId}`)).Result, { first: '1234' }, 'the file\'s result is on the draw')
  })

  await t.test('Confirm finalises as a job; the import reads Confirmed and its report shows what was paid', async (t) => {
    await confirm.getByRole('button', { name: `Confirm result import ${importId} and finalise` }).click()
    await confirmOk(page, /^Finalise the chosen draw\?/)
    const done = confirm.getByRole('status').filter({ hasText: /^Finalised: .* settled, \d+ winning, payout \$[\d,]+\.\d\d\.$/ })
    await done.waitFor({ timeout: 120_000 })
    t.equal(await confirm.getByRole('alert').count(), 0, 'the earlier refusal is gone')
    const status = await gameApi(e2e, token, 'GET', `4d/result/binConfirm/${importId}/status`)
    t.match(status, { Status: 'done', IsFinalised: true, DrawId: draw.DrawId, ImportId: importId })
    // A finalised draw's message is the page's own, in the user's language, from the figures the status answers.
    t.equal(await done.innerText(), `Finalised: ${status.Bets} bets settled, ${status.Winners} winning, payout $${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(status.Payout)}.`, 'the finalise job\'s figures')
    await row.filter({ hasText: 'Confirmed' }).waitFor()

    await clickRowAction(row, 'Show report')
    const report = await gameApi(e2e, token, 'POST', '4d/result/binConfirm/report', { ImportId: importId })
    const totals = page.locator('[data-widget-id=importReportTotals]')
    await totals.getByText(`Draw ${draw.DrawId} finalised from the result file: ${report.Bets} bets settled, ${report.Winners} of them won (${report.Strikes} prize hits)`).waitFor()
    t.equal(amount(await totals.innerText()), report.Payout, 'the payout finalising booked')
    t.ok(report.Payout >= 2000, 'mem1\'s 1st prize among it')
    const tiers = page.locator('[data-widget-id=importReport] tbody tr')
    await tiers.filter({ hasText: '1st' }).waitFor()
    t.equal(await tiers.count(), report.Tiers.length, 'one row per prize tier of the report')
  })
  t.same(errors, [], 'no script errors')
})
