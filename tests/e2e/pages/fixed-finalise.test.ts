import t from 'tap'
import { clickRowAction, gameApi, gameApiToken, openFromMenu, signInAt, startE2E } from '../support.ts'
import { confirmOk } from '../../helpers/browser.ts'
import { amount } from './result-file.ts'

// Issue #31: ag1 on Fixed Bets picks one user's row and reads that user's own fixed bets and fixed setting (fixed/view,
// fixed/settings); admin on Draw Setting finalises a draw and opens its Report from the finalise list (result/r5,
// result/r5/report), the figures the game API reports; a draw not finalised offers no Report.

const RESULT = {
  first: '1234',
  second: '2222',
  third: '3333',
  starters: ['4444', '1213', '0001', '0002', '0003', '0004', '0005', '0006', '0007', '0008'],
  consolations: ['5555', '5671', '2211', '0010', '0011', '0012', '0013', '0014', '0015', '0016']
}

t.test('Fixed Bets: one user\'s own fixed bets; Draw Setting: a finalised draw\'s report', async (t) => {
  let offsetMs = 0
  const e2e = await startE2E(t, { now: () => new Date(Date.now() + offsetMs) })

  await t.test('ag1 chooses mem1\'s row and reads mem1\'s own fixed bets and setting', async (t) => {
    const ag1 = await gameApiToken(e2e, 'ag1')
    await gameApi(e2e, ag1, 'POST', '4d/bet/fixed', { UserId: 'mem1', DayCode: '0', Lines: [{ Number: '4321', Big: 2 }] })
    await gameApi(e2e, ag1, 'POST', '4d/bet/fixed', { UserId: 'mem3', DayCode: '0', Lines: [{ Number: '8765', Small: 1 }] })
    const setting = await gameApi(e2e, ag1, 'GET', '4d/fixed/settings?UserId=mem1')
    const own = await gameApi(e2e, ag1, 'GET', '4d/fixed/view?UserId=mem1') as Array<{ FixedId: number, UserId: string }>
    t.ok(own.length > 0 && own.every((f) => f.UserId === 'mem1'), 'fixed/view: mem1\'s alone')

    const { page, errors } = await e2e.newPage()
    await signInAt(e2e, page, 'ag1')
    await openFromMenu(page, 'Bet', 'Fixed Bets', '/bet/fixedBets')
    const group = page.locator('[data-widget-id=fixedBets] tbody tr')
    await group.filter({ hasText: '8765' }).waitFor()
    await clickRowAction(group.filter({ hasText: '4321' }).first(), 'Fixed bets of this user')
    const summary = page.locator('[data-widget-id=userFixedSetting]')
    await summary.getByText(`mem1: ${setting.FixedBets} standing fixed bets`).waitFor()
    t.match(await summary.innerText(), setting.StakePerDraw.toFixed(2), 'the stake per draw fixed/settings answers')
    const rows = page.locator('[data-widget-id=userFixedBets] tbody tr')
    await rows.filter({ hasText: '4321' }).first().waitFor()
    t.equal(await rows.count(), own.length, 'one row per fixed bet of mem1')
    t.equal(await rows.filter({ hasText: '8765' }).count(), 0, 'mem3\'s fixed bet is not among them')
    t.same(errors, [], 'no script errors')
    await page.close()
  })

  await t.test('admin finalises a draw; its Report in the finalise list shows result/r5/report', async (t) => {
    const draw = (await gameApi(e2e, await gameApiToken(e2e, 'admin'), 'GET', '4d/draw/activeLatest') as Array<{ DrawId: number, Series: string, CloseDate: string }>)
      .find((d) => d.Series === 'SG4D')
    if (!draw) throw new Error('no open Singapore 4D draw in the seed')
    await gameApi(e2e, await gameApiToken(e2e, 'mem1'), 'POST', '4d/bet', { DrawIds: [draw.DrawId], Lines: [{ Number: '1234', Big: 1 }] })
    // The game API's clock a minute past the draw's close, its result entered.
    offsetMs = Date.parse(draw.CloseDate) + 60_000 - Date.now()
    const token = await gameApiToken(e2e, 'admin')
    await gameApi(e2e, token, 'POST', '4d/draw/result', { DrawId: draw.DrawId, Result: RESULT })

    const { page, errors } = await e2e.newPage()
    await signInAt(e2e, page, 'admin')
    await openFromMenu(page, 'Control', 'Draw Setting', '/control/drawSetting')
    const listRow = page.locator('[data-widget-id=finaliseDraws] tbody tr').filter({ has: page.getByRole('cell', { name: String(draw.DrawId), exact: true }) })
    await listRow.filter({ hasText: 'Not started' }).waitFor()
    t.equal(await listRow.getByRole('button', { name: 'Report' }).count(), 0, 'no Report before the draw is finalised')
    await t.rejects(gameApi(e2e, token, 'POST', '4d/result/r5/report', { DrawId: draw.DrawId }), 'the game API refuses it too')

    const drawRow = page.locator('[data-widget-id=draws] tbody tr').filter({ has: page.getByRole('cell', { name: String(draw.DrawId), exact: true }) })
    await clickRowAction(drawRow, 'Preview / finalise')
    const job = page.locator('[data-widget-id=finalise]')
    await job.getByRole('button').first().click()
    await confirmOk(page, /^Finalise the chosen draw\?/)
    await job.getByRole('status').filter({ hasText: /^Finalised: / }).waitFor({ timeout: 90_000 })
    await listRow.filter({ hasText: 'Finalised' }).waitFor()

    await clickRowAction(listRow, 'Report')
    const report = await gameApi(e2e, token, 'POST', '4d/result/r5/report', { DrawId: draw.DrawId })
    const totals = page.locator('[data-widget-id=finaliseReportTotals]')
    await totals.getByText(`Draw ${draw.DrawId} finalised: ${report.Bets} bets settled, ${report.Winners} of them won (${report.Strikes} prize hits)`).waitFor()
    t.equal(amount(await totals.innerText()), report.Payout, 'the payout finalising booked')
    t.ok(report.Payout >= 2000, 'mem1\'s 1st prize among it')
    const tiers = page.locator('[data-widget-id=finaliseReport] tbody tr')
    await tiers.filter({ hasText: '1st' }).waitFor()
    t.equal(await tiers.count(), report.Tiers.length, 'one row per prize tier of the report')
    t.same(errors, [], 'no script errors')
  })
})
