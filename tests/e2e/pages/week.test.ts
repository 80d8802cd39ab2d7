import t from 'tap'
import { clickRowAction, gameApi, gameApiToken, openFromMenu, signInAt, startE2E } from '../support.ts'
import { confirmOk } from '../../helpers/browser.ts'

// The operator's week at its checkpoints in the browser (tests/scenarios/week.test.ts runs the whole week through the service):
// where the week broke between features and roles, each step as its user meets it.

t.test('an operator\'s week at its checkpoints', async (t) => {
  const e2e = await startE2E(t)

  let drawId = 0
  let ticketNo = ''
  await t.test('admin closes a draw early with Close betting on Draw Setting', async (t) => {
    const admin = await gameApiToken(e2e, 'admin')
    const draw = (await gameApi(e2e, admin, 'GET', '4d/draw/activeLatest')).find((d: { Series: string }) => d.Series === 'SG4D')
    drawId = draw.DrawId
    ticketNo = (await gameApi(e2e, await gameApiToken(e2e, 'mem1'), 'POST', '4d/bet', { DrawIds: [drawId], Lines: [{ Number: '2580', Big: 1 }] })).TicketNo
    const { page, errors } = await e2e.newPage()
    await signInAt(e2e, page, 'admin')
    await openFromMenu(page, 'Control', 'Draw Setting', '/control/drawSetting')
    const row = page.locator('[data-widget-id=draws] tbody tr').filter({ has: page.getByRole('cell', { name: String(drawId), exact: true }) })
    await clickRowAction(row, 'Close betting')
    await confirmOk(page, 'Close betting on this draw now?')
    await row.filter({ hasText: 'Closed' }).waitFor()
    t.match(await row.innerText(), /Closed/, 'the draw reads Closed')
    t.equal((await gameApi(e2e, admin, 'GET', `4d/draw/byId/${drawId}`)).Status, 'closed', 'and the game API has it closed')
    t.same(errors, [])
  })

  await t.test('the member cannot void a ticket on the closed draw', async (t) => {
    const { page } = await e2e.newPage()
    await signInAt(e2e, page, 'mem1')
    await openFromMenu(page, 'Bet', 'View Tickets', '/tickets/page')
    const row = page.locator('[data-widget-id=tickets] tbody tr').filter({ hasText: ticketNo })
    await row.waitFor()
    const voidButton = row.getByRole('button', { name: 'Void' })
    if (await voidButton.count() > 0) {
      await voidButton.click()
      await confirmOk(page)
      await page.getByRole('alert').filter({ hasText: /clos/i }).first().waitFor()
      t.pass('Void is refused with the reason')
    } else {
      t.pass('no Void on a ticket whose draw stopped taking bets')
    }
    const view = await gameApi(e2e, await gameApiToken(e2e, 'mem1'), 'GET', `4d/bet/view?TicketNo=${encodeURIComponent(ticketNo)}`)
    t.notMatch(JSON.stringify(view.Ticket), /"Status":"void"/i, 'the ticket stands')
  })

  await t.test('the staff admin reads the company\'s Full Report', async (t) => {
    const { page, errors } = await e2e.newPage()
    await signInAt(e2e, page, 'ops')
    await openFromMenu(page, 'Report', 'Full Report', '/report/full')
    const rows = page.locator('[data-widget-id=full] tbody tr')
    await rows.first().waitFor()
    t.match(await page.locator('[data-widget-id=full] tbody').innerText(), /ag1/, 'the company\'s agents, not only ops\'s own row')
    t.same(errors, [])
  })

  await t.test('an agent\'s new player may place bets by default', async (t) => {
    const { page } = await e2e.newPage()
    await signInAt(e2e, page, 'ag1')
    await openFromMenu(page, 'Administration', 'Players', '/admin/players')
    await page.getByRole('button', { name: 'Create player' }).click()
    const dialog = page.locator('dialog[open]')
    t.ok(await dialog.getByLabel('May place bets').isChecked(), '"May place bets" starts ticked')
  })

  await t.test('in Chinese, Draw Result says whether a draw is finalised in words', async (t) => {
    const { page } = await e2e.newPage()
    await signInAt(e2e, page, 'mem1')
    await page.locator('.header').getByRole('radio', { name: '中文' }).click()
    await page.getByRole('button', { name: '登出' }).waitFor()
    await page.goto(`${e2e.url}/report/drawResult?VW=RPTRESULT&LocId=SG`)
    const cells = page.locator('[data-widget-id=drawResults] tbody tr td:nth-child(4)')
    await cells.first().waitFor()
    const texts = new Set((await cells.allInnerTexts()).map((s) => s.trim()))
    t.ok([...texts].every((s) => s === '是' || s === '否'), `Finalised reads 是 or 否: ${[...texts].join(', ')}`)
  })
})
