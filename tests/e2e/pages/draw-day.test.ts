import t from 'tap'
import type { Locator, Page } from 'playwright-core'
import { clickRowAction, closeHomePopup, gameApi, gameApiToken, openFromMenu, signInAt, startE2E, type E2E } from '../support.ts'

// Issue "Draw operations and odds", done when: admin creates a draw; mem1 bets on it (4D ordinary, iBet, kBet and roll) and on
// TOTO (a System 7); the draw closes at its series' close time; admin enters the result, checks the preview and finalises; mem1's
// tickets show the wins, the statement and the Full Report move, AccBal and CreditLeft are right to the cent; a reset and a second
// finalise give identical figures. The game API's clock is moved from day to day; each user signs in again after a move.

const HOUR = 3_600_000
/** The GMT+8 day of an instant, and the instant of a GMT+8 wall time. */
const sgDay = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 10)
const at = (day: string, time: string) => Date.parse(`${day}T${time}:00+08:00`)
const addDays = (day: string, n: number) => sgDay(at(day, '12:00') + n * 24 * HOUR)
const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay()
const cents = (n: number) => Math.round(n * 100)

const RESULT = { First: '1234', Second: '5678', Third: '9012', Starters: '0101 0202 0303 0404 0505 0606 0707 0808 0909 1010', Consolations: '2020 3030 4040 6060 7070 8080 9090 1919 2929 3939' }
// mem1's 4D lines, each with what it wins by hand (Singapore Pools' tables, per $1): 1234 is 1st, 5678 is 2nd.
const LINES = [
  { number: '1234', form: 'straight', big: '1', small: '1', stake: 2, payout: 2000 + 3000 },
  { number: '4321', form: 'ibet', big: '1', small: '', stake: 1, payout: 83 }, // an iBet of 24 orderings: the 24-class 1st prize
  { number: '4312', form: 'kbet', big: '1', small: '', stake: 24, payout: 2000 }, // a kBet plays each ordering at the full amount
  { number: '5670', form: 'roll', big: '1', small: '', stake: 10, payout: 1000 } // a roll plays 5670 to 5679: 5678 is 2nd
]
const STAKE_4D = LINES.reduce((s, l) => s + l.stake, 0)
const PAYOUT_4D = LINES.reduce((s, l) => s + l.payout, 0)

/** Submits a Place Bets form and reads the ticket number and stake from its success message. */
async function placeBet (form: Locator): Promise<{ ticket: string, stake: number }> {
  await form.getByRole('button', { name: 'Place bet' }).click()
  const status = form.getByRole('status').filter({ hasText: 'placed' })
  await status.waitFor()
  const match = /Ticket (\S+) placed: stake ([\d,.]+)/.exec(await status.innerText())
  if (!match) throw new Error(`unexpected success text: ${await status.innerText()}`)
  return { ticket: match[1] as string, stake: Number((match[2] as string).replace(/,/g, '')) }
}

/** A fresh page signed in as the user at the game API's current time. */
async function signedIn (e2e: E2E, userId: string): Promise<Page> {
  const { page } = await e2e.newPage()
  await signInAt(e2e, page, userId)
  return page
}

t.test('a draw day: create, bet, close, result, preview, finalise, reset and finalise again', async (t) => {
  let offsetMs = 0
  const e2e = await startE2E(t, { now: () => new Date(Date.now() + offsetMs) })
  const moveTo = (instant: number) => { offsetMs = instant - Date.now() }
  // The draw: a Wednesday three weeks on, which the calendar has not made yet.
  let drawDay = addDays(sgDay(Date.now()), 21)
  while (weekday(drawDay) !== 3) drawDay = addDays(drawDay, 1)
  const [mm, dd, yyyy] = [drawDay.slice(5, 7), drawDay.slice(8, 10), drawDay.slice(0, 4)]

  let drawId = 0
  await t.test('admin creates the draw on Draw Setting; it closes at the series\' close time, 18:00', async (t) => {
    const page = await signedIn(e2e, 'admin')
    await openFromMenu(page, 'Control', 'Draw Setting', '/control/drawSetting')
    await page.getByRole('button', { name: 'New draw' }).click()
    const dialog = page.locator('dialog[open]')
    await dialog.getByLabel('Series').selectOption({ label: 'Singapore 4D' })
    await dialog.getByLabel('Draw date').fill(`${mm}/${dd}/${yyyy}`)
    await dialog.getByLabel('Draw date').press('Tab')
    await dialog.getByRole('button', { name: 'Create', exact: true }).click()
    await dialog.getByRole('status').filter({ hasText: `Draw of ${mm}/${dd}/${yyyy} created` }).waitFor()
    await dialog.getByRole('button', { name: 'Close' }).click()
    const admin = await gameApiToken(e2e, 'admin')
    const draw = (await gameApi(e2e, admin, 'GET', '4d/draw2?Series=SG4D&limit=50')).find((d: { DrawDate: string }) => d.DrawDate === drawDay)
    t.match(draw, { Series: 'SG4D', CloseDate: `${drawDay}T18:00:00+08:00`, Status: 'open' }, 'open now, closing at 18:00 GMT+8 on the day')
    drawId = draw.DrawId
    // The super password a reset asks for.
    await gameApi(e2e, admin, 'PUT', '4d/super-password', { Password: 'Demo#1234', SuperPassword1: 'Super#2030', SuperPassword2: 'Super#2030' })
    await page.context().close()
  })

  moveTo(at(addDays(drawDay, -1), '12:00'))
  // ag1 reads mem1's figures, signed in afresh each time (a token idle across a move of the clock has expired).
  const asAg1 = async (path: string) => gameApi(e2e, await gameApiToken(e2e, 'ag1'), 'GET', path)
  const profile = async () => {
    const p = await asAg1('4d/players/profile?UserId=mem1')
    return { accBal: cents(p.AccBal), creditLeft: cents(p.CreditLeft) }
  }
  const before = await profile()
  let fourD = { ticket: '', stake: 0 }
  let toto = { ticket: '', stake: 0 }
  await t.test('the day before, mem1 bets 4D (ordinary, iBet, kBet, roll) on the draw and a TOTO System 7', async (t) => {
    const page = await signedIn(e2e, 'mem1')
    await openFromMenu(page, 'Bet', 'Place Bets', '/bet/placeBets/add')
    const form = page.locator('[data-widget-id=placeBet]')
    await form.getByLabel(/^Draw days/).selectOption({ label: '3 – Wed' })
    for (const [i, line] of LINES.entries()) {
      await form.getByLabel(`Number ${i + 1}`, { exact: true }).fill(line.number)
      await form.getByLabel(`Form ${i + 1}`, { exact: true }).selectOption(line.form)
      await form.getByLabel(`Big ${i + 1}`, { exact: true }).fill(line.big)
      if (line.small !== '') await form.getByLabel(`Small ${i + 1}`, { exact: true }).fill(line.small)
    }
    fourD = await placeBet(form)
    t.equal(fourD.stake, STAKE_4D, 'stake: 2 + 1 + 24 + 10')
    const view = await asAg1(`4d/bet/view?TicketNo=${encodeURIComponent(fourD.ticket)}`)
    t.same([...new Set(view.Bets.map((b: { DrawId: number }) => b.DrawId))], [drawId], 'every line on the new draw')

    await page.locator('.header').getByRole('radio', { name: 'TOTO' }).click()
    await page.waitForURL((u) => u.pathname === '/admin/home' && u.searchParams.get('LocId') === 'TT')
    await closeHomePopup(page)
    await openFromMenu(page, 'Bet', 'Place Bets', '/bet/placeBets/add-simple')
    const totoForm = page.locator('[data-widget-id=placeBet]')
    await totoForm.getByLabel(/^Draw days/).selectOption({ label: '4 – Thursday' })
    await totoForm.getByLabel('Type 1', { exact: true }).selectOption('SYSTEM')
    await totoForm.getByLabel('Numbers 1', { exact: true }).fill('01 02 03 04 05 06 07')
    await totoForm.getByLabel('Units 1', { exact: true }).fill('1')
    toto = await placeBet(totoForm)
    t.equal(toto.stake, 7, 'System 7: seven combinations at 1 unit')
    t.equal((await profile()).creditLeft, before.creditLeft - cents(STAKE_4D + 7), 'CreditLeft paid both stakes at placement')
    await page.context().close()
  })

  await t.test('the draw closes at 18:00 on its day, not at the draw time', async (t) => {
    moveTo(at(drawDay, '17:59'))
    const admin = await gameApiToken(e2e, 'admin')
    t.equal((await gameApi(e2e, admin, 'GET', `4d/draw/byId/${drawId}`)).Status, 'open', 'open at 17:59')
    moveTo(at(drawDay, '18:00') + 1000)
    t.equal((await gameApi(e2e, admin, 'GET', `4d/draw/byId/${drawId}`)).Status, 'closed', 'closed at 18:00:01')
  })

  // The next evening: both draws are closed (TOTO closes on the Thursday).
  moveTo(at(addDays(drawDay, 1), '22:30'))
  const statementOf = async () => {
    const rows = await asAg1('4d/selectStatementSum') as Array<{ UserId: string, WinLoss: number, Commission: number, Closing: number }>
    const row = rows.find((r) => r.UserId === 'mem1')
    return { winLoss: cents(row?.WinLoss ?? NaN), commission: cents(row?.Commission ?? NaN), closing: cents(row?.Closing ?? NaN) }
  }
  const fullReportOf = async () => {
    const { rows } = await asAg1(`4d/reportFull?DrawId=${drawId}`) as { rows: Array<{ UserId: string, Stake: number, Strike: number }> }
    const row = rows.find((r) => r.UserId === 'mem1')
    return { stake: cents(row?.Stake ?? 0), strike: cents(row?.Strike ?? 0) }
  }
  const statementBefore = await statementOf()
  const totoDrawId = (await asAg1(`tt/bet/view?TicketNo=${encodeURIComponent(toto.ticket)}`)).Bets[0].DrawId as number

  let admin: Page
  const drawRow = () => admin.locator('[data-widget-id=draws] tbody tr').filter({ has: admin.getByRole('cell', { name: String(drawId), exact: true }) })
  const finalise = async () => {
    await clickRowAction(drawRow(), 'Preview / finalise')
    const summary = admin.locator('[data-widget-id=operatorResult] tbody tr').first()
    await summary.filter({ hasText: '8,083.00' }).waitFor()
    await admin.locator('[data-widget-id=finalise]').getByRole('button').first().click()
    // Finalising books every payment: it asks first.
    const confirm = admin.locator('dialog[open]')
    await confirm.getByText('Finalise the chosen draw? Every bet on it is settled and every payment booked; undoing it needs Reset.').waitFor()
    await confirm.getByRole('button', { name: 'OK' }).click()
    await admin.locator('[data-widget-id=finalise]').getByText('Finalised: 4 bets settled, 4 winning, payout $8,083.00.').waitFor({ timeout: 60_000 })
  }
  let finalised: { profile: Awaited<ReturnType<typeof profile>>, statement: Awaited<ReturnType<typeof statementOf>>, report: Awaited<ReturnType<typeof fullReportOf>>, preview: unknown }
  await t.test('admin enters the result, reads the preview, finalises; mem1\'s figures move by the wins to the cent', async (t) => {
    admin = await signedIn(e2e, 'admin')
    await openFromMenu(admin, 'Control', 'Draw Setting', '/control/drawSetting')
    await drawRow().filter({ hasText: 'Closed' }).waitFor()
    await clickRowAction(drawRow(), 'Enter result')
    const dialog = admin.locator('dialog[open]')
    await dialog.getByLabel('1st prize').fill(RESULT.First)
    await dialog.getByLabel('2nd prize').fill(RESULT.Second)
    await dialog.getByLabel('3rd prize').fill(RESULT.Third)
    await dialog.getByLabel('10 Starter numbers').fill(RESULT.Starters)
    await dialog.getByLabel('10 Consolation numbers').fill(RESULT.Consolations)
    await dialog.getByRole('button', { name: 'Save result' }).click()
    // The dialog stays to say which draw's result it saved.
    await dialog.getByText(new RegExp(`Result of draw ${drawId} \\(\\d{2}/\\d{2}/\\d{4}\\) saved\\.`)).waitFor()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'detached' })
    await drawRow().filter({ hasText: 'Result entered' }).waitFor()
    t.equal(await fullReportOf().then((r) => r.strike), 0, 'nothing paid before finalising')

    // The preview before finalising: the prizes mem1's lines took and the total paid.
    await clickRowAction(drawRow(), 'Preview / finalise')
    await admin.locator('[data-widget-id=previewDraw]').getByText(`Preview of draw ${drawId}:`).waitFor()
    const preview = admin.locator('[data-widget-id=preview] tbody tr')
    const prizeRow = async (prize: string) => (await preview.filter({ has: admin.getByRole('cell', { name: prize, exact: true }) }).innerText()).replace(/\s+/g, ' ')
    await preview.filter({ hasText: '7,083.00' }).waitFor()
    t.match(await prizeRow('1st'), /1st 3 3 1 7,083\.00/, '1st prize: three bets of one ticket, straight 5,000 + iBet 83 + kBet 2,000')
    t.match(await prizeRow('2nd'), /2nd 1 1 1 1,000\.00/, '2nd prize: the roll')
    await finalise()
    await drawRow().filter({ hasText: 'Finalised' }).waitFor()

    const view = await asAg1(`4d/bet/view?TicketNo=${encodeURIComponent(fourD.ticket)}`)
    t.same(view.Bets.map((b: { Number: string, Status: string, Payout: number }) => [b.Number, b.Status, cents(b.Payout)]), LINES.map((l) => [l.number, 'won', cents(l.payout)]), 'each line paid what the tables say')
    const ownCommission = (v: { Levels: Array<{ UserId: string, Commission: number }> }) => v.Levels.filter((l) => l.UserId === 'mem1').reduce((s, l) => s + cents(l.Commission), 0)
    // TOTO is settled through the API (its draw is at the TOTO location); its figures come from its own finalising.
    const later = await gameApiToken(e2e, 'admin')
    await gameApi(e2e, later, 'POST', 'tt/draw/result', { DrawId: totoDrawId, Result: { winning: [1, 2, 3, 4, 40, 41], additional: 5 } })
    await gameApi(e2e, later, 'PUT', 'tt/draw', { DrawId: totoDrawId, IsFinalised: true })
    const totoView = await asAg1(`tt/bet/view?TicketNo=${encodeURIComponent(toto.ticket)}`)
    const totoPayout = totoView.Bets.reduce((s: number, b: { Payout: number }) => s + cents(b.Payout), 0)
    t.ok(totoPayout > 0, `the System 7 won (${totoPayout / 100})`)
    const commission = ownCommission(view) + ownCommission(totoView)
    const now = await profile()
    t.equal(now.accBal, before.accBal - cents(STAKE_4D + 7) + cents(PAYOUT_4D) + totoPayout + commission, 'AccBal: − stakes + wins + own commission, to the cent')
    t.equal(now.creditLeft, before.creditLeft - cents(STAKE_4D + 7) + cents(PAYOUT_4D) + totoPayout + commission, 'CreditLeft likewise (the stakes left it at placement)')
    const statement = await statementOf()
    t.equal(statement.closing - statementBefore.closing, now.accBal - before.accBal, 'the statement\'s closing moved by the same amount')
    const report = await fullReportOf()
    t.same(report, { stake: cents(STAKE_4D), strike: cents(PAYOUT_4D) }, 'ag1\'s Full Report for the draw: mem1\'s stake and strike')
    finalised = { profile: now, statement, report, preview: await gameApi(e2e, later, 'GET', `4d/result/report?DrawId=${drawId}`) }
  })

  await t.test('mem1\'s View Tickets shows the wins', async (t) => {
    const page = await signedIn(e2e, 'mem1')
    await openFromMenu(page, 'Bet', 'View Tickets', '/tickets/page')
    const row = page.locator('[data-widget-id=tickets] tbody tr').filter({ hasText: fourD.ticket })
    await row.getByRole('button', { name: 'View' }).click()
    const detail = page.locator('p').filter({ hasText: `Ticket ${fourD.ticket}` })
    await detail.waitFor()
    t.match(await detail.innerText(), /stake 37, payout 8083;/, 'the ticket\'s stake and payout')
    const strikes = page.locator('[data-widget-id=ticketStrikes] tbody tr')
    await strikes.filter({ hasText: '5678' }).waitFor()
    t.same((await strikes.allInnerTexts()).map((r) => r.split(/\s+/).filter((c) => /^\d{4}$/.test(c))[0]).sort(), ['1234', '1234', '1234', '5678'], 'its strikes: 1234 three times (straight, iBet, kBet), 5678 by the roll')
    await page.context().close()
  })

  await t.test('a reset undoes exactly what finalising booked; finalising again gives identical figures', async (t) => {
    await clickRowAction(drawRow(), 'Reset (keep result)')
    const dialog = admin.locator('dialog[open]')
    await dialog.getByLabel('Super password').fill('Super#2030')
    await dialog.getByRole('button', { name: 'Reset (keep result)' }).click()
    await dialog.waitFor({ state: 'detached' })
    const totoOnly = await profile()
    const view = await asAg1(`4d/bet/view?TicketNo=${encodeURIComponent(fourD.ticket)}`)
    t.same(view.Bets.map((b: { Status: string }) => b.Status), ['open', 'open', 'open', 'open'], 'the bets are open again')
    t.equal(finalised.profile.accBal - totoOnly.accBal, cents(PAYOUT_4D) + view.Levels.filter((l: { UserId: string }) => l.UserId === 'mem1').reduce((s: number, l: { Commission: number }) => s + cents(l.Commission), 0) - cents(STAKE_4D),
      'AccBal lost exactly the 4D draw\'s booking')
    await drawRow().filter({ hasText: 'Result entered' }).waitFor()
    await finalise()
    t.same(await profile(), finalised.profile, 'AccBal and CreditLeft as after the first finalising')
    t.same(await statementOf(), finalised.statement, 'the statement likewise')
    t.same(await fullReportOf(), finalised.report, 'the Full Report likewise')
    t.same(await gameApi(e2e, await gameApiToken(e2e, 'admin'), 'GET', `4d/result/report?DrawId=${drawId}`), finalised.preview, 'the draw\'s figures likewise')
  })
})
