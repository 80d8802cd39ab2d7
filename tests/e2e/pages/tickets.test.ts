import t from 'tap'
import { axeViolations, gameApiToken, signInAt, startE2E, openFromMenu } from '../support.ts'
import { confirmOk } from '../../helpers/browser.ts'

// The Bet group's ticket pages in the browser, drawn from their descriptors with the seed's real tickets.

t.test('a member\'s tickets and the bet text check', async (t) => {
  const e2e = await startE2E(t)
  const { page, errors } = await e2e.newPage()
  await signInAt(e2e, page, 'mem1')
  // A number mem1 has bet on (read from a ticket's detail), for the search.
  let number = ''

  await t.test('View Tickets lists mem1\'s tickets; View opens one ticket\'s detail', async (t) => {
    await openFromMenu(page, 'Bet', 'View Tickets', '/tickets/page')
    const rows = page.locator('[data-widget-id=tickets] tbody tr')
    await rows.first().waitFor()
    const first = await rows.first().innerText()
    const ticketNo = /^\S+/.exec(first.trim())?.[0] ?? ''
    t.match(first, /mem1/, 'the member\'s own ticket')
    // What the game API holds for mem1: every ticket counted and summed, not only the first page.
    const served = await fetch(`${e2e.product.gameApiUrl}/api/v1/4d/bet/page2?pageSize=500`, { headers: { authorization: `Bearer ${await gameApiToken(e2e, 'mem1')}` } }).then((r) => r.json()) as { data: { total: number, totals: { Stake: number }, rows: unknown[] } }
    const count = page.locator('[data-widget-id=tickets] .rr-count')
    t.ok(served.data.total > 50, 'the seed\'s history tickets')
    t.equal(await count.innerText(), served.data.total > 500 ? `Showing 500 of ${served.data.total.toLocaleString('en-US')}` : String(served.data.total), 'the count says how many of all the tickets are shown')
    t.equal(await page.locator('[data-widget-id=tickets] [data-sum=Stake]').innerText(), served.data.totals.Stake.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }), 'the footer sums the stakes of every ticket, not only those shown')
    t.equal(await page.locator('[data-widget-id=ticketBets]').count(), 0, 'no detail before a ticket is chosen')

    await rows.first().getByRole('button', { name: 'View' }).click()
    await page.waitForURL((u) => u.searchParams.get('TicketNo') === ticketNo)
    const detail = page.locator('[data-widget-id=ticket]')
    await detail.waitFor()
    t.match(await detail.innerText(), `Ticket ${ticketNo}`)
    const bets = page.locator('[data-widget-id=ticketBets] tbody tr')
    await bets.first().waitFor()
    t.ok(await bets.count() > 0, 'its bets')
    await page.locator('.rr-table-title').nth(3).waitFor()
    t.same(await page.locator('.rr-table-title').allInnerTexts(), ['Bets', 'Levels: In, Intake and Out', 'Strikes', 'Tickets'], 'each table under its heading')
    const levels = page.locator('[data-widget-id=ticketLevels]')
    await levels.locator('tbody tr').first().waitFor()
    t.match(await levels.locator('thead').innerText(), /Amount In[\s\S]*Amount Intake[\s\S]*Amount Out[\s\S]*Max Payout/, 'In, Intake, Out and MaxPayout per level')
    t.match(await levels.locator('tbody tr').first().innerText(), /mem1/, 'the bettor\'s level first')
    // Columns: draw date, line, number, …
    number = (await bets.first().locator('td').nth(2).innerText()).trim()
    t.match(number, /^\d{4}$/)
    t.same(await axeViolations(page), [], 'no serious accessibility violations on the detail')
  })

  await t.test('Void shows on open tickets only; voiding (after the confirmation) turns the ticket void', async (t) => {
    const rows = page.locator('[data-widget-id=tickets] tbody tr')
    const open = rows.filter({ has: page.getByRole('button', { name: 'Void' }) }).first()
    await open.waitFor()
    const ticketNo = /^\S+/.exec((await open.innerText()).trim())?.[0] ?? ''
    t.ok(await rows.count() > await rows.filter({ has: page.getByRole('button', { name: 'Void' }) }).count(), 'settled tickets have no Void')
    const row = rows.filter({ hasText: ticketNo })
    t.match(await row.innerText(), /Active/)
    await open.getByRole('button', { name: 'Void' }).click()
    await confirmOk(page)
    await row.getByRole('button', { name: 'Void' }).waitFor({ state: 'detached' })
    t.pass('voided: the action is gone')
    const text = await row.innerText()
    t.match(text, /Void/, 'the status reads Void')
    t.notMatch(text, /Active/)
  })

  await t.test('Ticket Search finds the bets on a number; Fixed Bets adds a line from its line grid and deletes it', async (t) => {
    await openFromMenu(page, 'Bet', 'Ticket Search', '/tickets/search')
    await page.getByRole('button', { name: 'Search' }).click()
    t.match(await page.locator('[data-widget-id=searchFilters]').innerText(), /Please fill in this field/, 'the number is required')
    await page.getByLabel('Number').fill(number)
    await page.getByRole('button', { name: 'Search' }).click()
    const found = page.locator('[data-widget-id=searchResults] tbody tr')
    await found.first().waitFor()
    t.match(await found.first().innerText(), number, `bets on ${number}`)

    await openFromMenu(page, 'Bet', 'Fixed Bets', '/bet/fixedBets')
    const form = page.locator('[data-widget-id=createFixed]')
    await form.getByLabel('Number 1', { exact: true }).fill('4321')
    await form.getByLabel('Form 1', { exact: true }).selectOption('roll')
    await form.getByLabel('Big 1', { exact: true }).fill('1')
    await form.getByRole('button', { name: 'Add fixed bet' }).click()
    const row = page.locator('[data-widget-id=fixedBets] tbody tr').filter({ hasText: '4321r 1-' })
    await row.waitFor()
    t.match(await row.innerText(), /10\.00/, 'a roll costs ten times its amount per draw')
    await row.getByRole('button', { name: 'Delete' }).click()
    await confirmOk(page)
    await row.waitFor({ state: 'detached' })
    t.pass('deleted')
  })

  await t.test('Help On Bets: a bad text shows the positioned error, a good one the parsed ticket', async (t) => {
    await openFromMenu(page, 'Bet', 'Help On Bets', '/bet/betsInstruction')
    t.match(await page.locator('[data-widget-id=body4d]').innerText(), /Day codes/)
    t.equal(await page.getByRole('link', { name: 'Bet by SMS' }).getAttribute('href'), '/help/sms', 'the SMS instructions are a link away')
    const form = page.locator('[data-widget-id=check4d]')
    await form.getByLabel('Bet text').fill('mem1 0 1234 1x-')
    await form.getByRole('button', { name: 'Check' }).click()
    const error = form.locator('.rr-result-error')
    await error.waitFor()
    t.match(await error.innerText(), /At position 12 \(length \d+\): \S/, 'the error with its position')
    t.equal(await form.locator('.rr-result-info').count(), 0, 'no ticket for a bad text')

    await form.getByLabel('Bet text').fill('mem1 0 1234 5678 1-2')
    await form.getByRole('button', { name: 'Check' }).click()
    const ticket = form.locator('.rr-result-info').first()
    await ticket.waitFor()
    t.match(await ticket.innerText(), /For mem1, day code 0 \(SG4D\), draws \d\d\/\d\d\/\d{4}, \d\d\/\d\d\/\d{4}, \d\d\/\d\d\/\d{4}: 6 a draw, 18 in all\./)
    t.match(await form.locator('.rr-result-info').nth(1).innerText(), /1234 Straight: Big 1, Small 2[\s\S]*5678 Straight: Big 1, Small 2/)
    t.equal(await form.locator('.rr-result-error').count(), 0, 'no errors')
    t.same(await axeViolations(page), [], 'no serious accessibility violations with a result shown')
  })

  await t.test('a list longer than a page says so and reaches every row: the administrator\'s View Tickets', async (t) => {
    const { page } = await e2e.newPage()
    await signInAt(e2e, page, 'admin')
    await openFromMenu(page, 'Bet', 'View Tickets', '/tickets/page')
    const count = page.locator('[data-widget-id=tickets] .rr-count')
    await count.waitFor()
    const total = Number(await count.getAttribute('data-total'))
    t.ok(total > 500, `more tickets than a page holds (${total})`)
    t.equal(await count.innerText(), `Showing 500 of ${total.toLocaleString('en-US')}`)
    const firstRow = page.locator('[data-widget-id=tickets] tbody tr').first()
    const newest = await firstRow.locator('td').first().textContent()
    await page.getByRole('button', { name: 'Older' }).click()
    const firstTicket = () => document.querySelector('[data-widget-id=tickets] tbody tr td')?.textContent
    await page.waitForFunction(`(${firstTicket.toString()})() !== ${JSON.stringify(newest)}`)
    t.equal(Number(await count.getAttribute('data-row-count')), Math.min(500, total - 500), 'Older shows the next page of tickets')
    await page.getByRole('button', { name: 'Newest' }).click()
    await page.waitForFunction(`(${firstTicket.toString()})() === ${JSON.stringify(newest)}`)
    t.pass('and Newest goes back to the first')
  })

  t.same(errors, [], 'no script errors')
})
