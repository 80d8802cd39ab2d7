import t from 'tap'
import { gameApi, gameApiToken, openFromMenu, signInAt, startE2E } from '../support.ts'
import { confirmOk } from '../../helpers/browser.ts'

// Share Claim (Company) in the browser: after a draw with mem3's bets is finalised, ag1 opens the page from its Report menu
// for that draw, and the holders of its group's win/loss add up to 100 % of it, as the game API's Full Report counts it.

const money = (text: string) => Number(text.replace(/,/g, ''))
const result = {
  first: '1234',
  second: '2222',
  third: '3333',
  starters: ['4444', '1213', '0001', '0002', '0003', '0004', '0005', '0006', '0007', '0008'],
  consolations: ['5555', '5671', '2211', '0010', '0011', '0012', '0013', '0014', '0015', '0016']
}

t.test('ag1\'s Share Claim (Company) for a finalised draw: the holders add up to 100 % of its group\'s win/loss', async (t) => {
  let offsetMs = 0
  const e2e = await startE2E(t, { now: () => new Date(Date.now() + offsetMs) })
  const mem3 = await gameApiToken(e2e, 'mem3')
  const draws = await gameApi(e2e, mem3, 'GET', '4d/draw/activeLatest') as Array<{ DrawId: number, Series: string, CloseDate: string }>
  const draw = draws.find((d) => d.Series === 'SG4D')!
  // 1234 takes 1st prize, 2211 a consolation, 9876 nothing: the group both wins and loses on this draw.
  await gameApi(e2e, mem3, 'POST', '4d/bet', { DrawIds: [draw.DrawId], Lines: [{ Number: '1234', Big: 1 }, { Number: '2211', Small: 3 }, { Number: '9876', Big: 5, Small: 5 }] })

  offsetMs = Date.parse(draw.CloseDate) - Date.now() + 60_000
  const admin = await gameApiToken(e2e, 'admin')
  await gameApi(e2e, admin, 'POST', '4d/draw/result', { DrawId: draw.DrawId, Result: result })
  t.equal((await gameApi(e2e, admin, 'PUT', '4d/draw', { DrawId: draw.DrawId, IsFinalised: true })).IsFinalised, true, 'the draw is finalised')
  const full = await gameApi(e2e, await gameApiToken(e2e, 'ag1'), 'GET', `4d/reportFull?DrawId=${draw.DrawId}`) as { totals: { Stake: number, Strike: number } }
  const winLoss = Math.round((full.totals.Stake - full.totals.Strike) * 100) / 100
  t.ok(full.totals.Strike > 0, 'the group won prizes in this draw')

  const { page, errors } = await e2e.newPage()
  await signInAt(e2e, page, 'ag1')
  await openFromMenu(page, 'Report', 'Share Claim (Company)', '/control/shareClaimCompany')
  await page.goto(`${e2e.url}/control/shareClaimCompany?DrawId=${draw.DrawId}`)
  const table = page.locator('[data-widget-id=holders]')
  await table.locator('tbody tr').filter({ hasText: 'admin' }).waitFor({ timeout: 15_000 })
  const headers = (await table.locator('thead th').allInnerTexts()).map((h) => h.replace(/[▲▼]/g, '').trim())
  const column = (name: string) => headers.indexOf(name) + 1
  const holders = await table.locator(`tbody tr td:nth-child(${column('Holder')})`).allInnerTexts()
  t.ok(holders.includes('ag1') && holders.includes('admin'), `ag1 (half of what reaches it, up to its limit) and the company hold parts: ${holders.join(', ')}`)
  const cells = (await table.locator(`tbody tr td:nth-child(${column('Win/loss held')})`).allInnerTexts()).map(money)
  const footer = money(await table.locator('tfoot td[data-sum=WinLoss]').innerText())
  t.equal(footer, winLoss, `the page's win/loss is the group's stake less its payout (${winLoss})`)
  t.equal(Math.round(cells.reduce((s, c) => s + c, 0) * 100), Math.round(winLoss * 100), 'the holders\' parts add up to it, to the cent')
  t.equal((await table.locator('tfoot td[data-sum=Part]').innerText()).trim(), '100.00%', 'and to 100 %')
  t.same(errors, [], 'no script errors')

  await t.test('admin imports its claim on ag1 for the draw into a claim-back and settles it on Control › Share Claim', async (t) => {
    const claim = (await gameApi(e2e, await gameApiToken(e2e, 'admin'), 'POST', '4d/shareClaim', { DownlineId: 'ag1', DrawId: draw.DrawId }))[0] as { ClaimId: number, Claim: number }
    const { page: adminPage, errors: adminErrors } = await e2e.newPage()
    await signInAt(e2e, adminPage, 'admin')
    // Two menu links start with /control/shareClaim and read Share Claim…: the Control group's is the one named exactly so.
    const control = adminPage.locator('#sidebar').getByRole('button', { name: 'Control', exact: true })
    if (await control.getAttribute('aria-expanded') !== 'true') await control.click()
    await adminPage.locator('#sidebar').getByRole('link', { name: 'Share Claim', exact: true }).click()
    await adminPage.waitForURL((u) => u.pathname === '/control/shareClaim')
    const claims = adminPage.locator('[data-widget-id=claims]')
    const row = claims.locator('tbody tr').filter({ hasText: 'ag1' }).filter({ hasText: 'Open' }).first()
    await row.getByRole('button', { name: 'Claim back' }).click()
    const dialog = adminPage.getByRole('dialog')
    const choice = dialog.getByLabel('Claims to settle together')
    await choice.locator(`option[value="${claim.ClaimId}"]`).waitFor({ state: 'attached' })
    await choice.selectOption(String(claim.ClaimId))
    await dialog.getByRole('button', { name: 'Import' }).click()
    await dialog.waitFor({ state: 'detached' })
    const back = adminPage.locator('[data-widget-id=claimBacks] tbody tr').filter({ hasText: 'ag1' }).filter({ hasText: 'In a claim-back' }).first()
    await back.waitFor()
    await back.getByRole('button', { name: 'Settle' }).click()
    await confirmOk(adminPage)
    // The status cell itself, exactly: a substring of the row's text (any case) says less than the state waited for.
    await adminPage.locator('[data-widget-id=claimBacks] tbody tr').filter({ hasText: 'ag1' }).filter({ has: adminPage.locator('td', { hasText: /^Settled$/ }) }).first().waitFor()
    const settled = await gameApi(e2e, await gameApiToken(e2e, 'admin'), 'GET', '4d/selectReportShareClaimBack') as Array<{ Status: string, Amount: number, UserId: string }>
    t.match(settled, [{ UserId: 'ag1', Status: 'settled', Amount: claim.Claim }], 'the claim-back holds the claim and is settled')
    t.same(adminErrors, [], 'no script errors')
  })
})
